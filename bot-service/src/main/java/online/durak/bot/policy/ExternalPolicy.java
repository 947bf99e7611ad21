package online.durak.bot.policy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;
import online.durak.engine.Card;
import online.durak.engine.Move;
import online.durak.engine.SeatView;
import online.durak.messages.Codec;

/**
 * Another program's bot as a policy: one long-lived process per thread, asked over JSON lines with what the seat
 * knows (its view, with its legal moves) and answering with a move in our words (tools/foreign-mcts/bridge.py
 * documents the lines). An answer that is no legal move is counted and stops the run, never replaced. A seat with
 * one legal move is not asked. Needs a visible discard: the other engine counts every played card as known.
 */
public final class ExternalPolicy implements Policy, AutoCloseable {

    /** The other engine's moves in a position mapped to ours: those our rules allow and those they refuse. */
    public record Mapping(List<Move> moves, List<Move> dropped) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<String> command;
    private final List<Channel> channels = new CopyOnWriteArrayList<>();
    private final ThreadLocal<Channel> channel = ThreadLocal.withInitial(this::start);
    private final AtomicLong asked = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong illegal = new AtomicLong();
    private final AtomicLong askedNanos = new AtomicLong();

    public ExternalPolicy(List<String> command) {
        this.command = List.copyOf(command);
    }

    @Override
    public Move choose(SeatView view, RandomGenerator rng) {
        List<Move> legal = view.legalMoves();
        if (legal.size() == 1) {
            return legal.get(0);
        }
        long t = System.nanoTime();
        JsonNode reply = channel.get().ask(request("choose", view, rng.nextLong()));
        askedNanos.addAndGet(System.nanoTime() - t);
        asked.incrementAndGet();
        dropped.addAndGet(reply.path("dropped").size());
        Move m = reply.has("move") ? Codec.readMove(reply.get("move")) : null;
        if (m == null || !legal.contains(m)) {
            illegal.incrementAndGet();
            throw new IllegalStateException("the external policy's answer " + reply + " is no legal move of seat "
                    + view.seat() + " (legal: " + legal + ")");
        }
        return m;
    }

    /** Every move the other engine considers in {@code view}, in our words. */
    public Mapping moves(SeatView view) {
        JsonNode reply = channel.get().ask(request("moves", view, 0));
        if (reply.has("error")) {
            throw new IllegalStateException("the external policy failed: " + reply.get("error").asText());
        }
        List<Move> moves = new ArrayList<>();
        reply.get("moves").forEach(m -> moves.add(Codec.readMove(m)));
        List<Move> refused = new ArrayList<>();
        reply.get("dropped").forEach(m -> refused.add(Codec.readMove(m)));
        return new Mapping(moves, refused);
    }

    /** What was asked and how it went, for the harness's report. */
    public String summary() {
        return String.format(Locale.ROOT, "external policy: %d decisions asked, %d illegal answers, %d foreign root "
                        + "moves refused by our rules, %.0f ms per decision asked (wall clock)", asked.get(),
                illegal.get(), dropped.get(), asked.get() == 0 ? 0 : askedNanos.get() / 1e6 / asked.get());
    }

    @Override
    public void close() {
        channels.forEach(Channel::close);
    }

    private ObjectNode request(String op, SeatView v, long seed) {
        if (v.discard() == null) {
            throw new IllegalArgumentException("the external policy needs a visible discard");
        }
        ObjectNode q = JSON.createObjectNode();
        q.put("op", op).put("seat", v.seat()).put("phase", v.phase().name()).put("attacker", v.attacker())
                .put("defender", v.defender()).put("trump", v.trump().name())
                .put("trumpCard", v.trumpCard().text()).put("stock", v.stockCount()).put("seed", seed);
        q.set("hand", cards(v.hands().get(v.seat())));
        ArrayNode sizes = q.putArray("handSizes");
        v.handSizes().forEach(sizes::add);
        ObjectNode known = q.putObject("known");
        for (Map.Entry<Integer, List<Card>> e : v.known().entrySet()) {
            known.set(String.valueOf(e.getKey()), cards(e.getValue()));
        }
        ArrayNode table = q.putArray("table");
        for (Card[] pair : v.table()) {
            table.addArray().add(pair[0].text()).add(pair[1] == null ? null : pair[1].text());
        }
        q.set("discard", cards(v.discard()));
        ArrayNode legal = q.putArray("legal");
        v.legalMoves().forEach(m -> legal.add(Codec.toNode(m)));
        return q;
    }

    private static ArrayNode cards(List<Card> cards) {
        ArrayNode a = JSON.createArrayNode();
        cards.forEach(c -> a.add(c.text()));
        return a;
    }

    private Channel start() {
        try {
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            Channel c = new Channel(p, new BufferedWriter(new OutputStreamWriter(p.getOutputStream(),
                    StandardCharsets.UTF_8)), new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8)));
            channels.add(c);
            return c;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
    }

    /** One process and its two pipes. */
    private record Channel(Process process, BufferedWriter in, BufferedReader out) {
        JsonNode ask(ObjectNode request) {
            try {
                in.write(JSON.writeValueAsString(request));
                in.newLine();
                in.flush();
                String line = out.readLine();
                if (line == null) {
                    throw new IllegalStateException("the external policy's process ended (exit "
                            + process.waitFor() + ")");
                }
                return JSON.readTree(line);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }

        void close() {
            process.destroy();
        }
    }
}
