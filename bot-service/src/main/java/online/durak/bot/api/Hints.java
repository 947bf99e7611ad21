package online.durak.bot.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import online.durak.bot.BotConfig;
import online.durak.bot.policy.Analysis;
import online.durak.bot.play.LiveWork;
import online.durak.bot.policy.HintText;
import online.durak.bot.policy.StrongPolicy;
import online.durak.engine.Rejection;
import online.durak.engine.Rules;
import online.durak.engine.table.HintRules;
import online.durak.engine.SeatView;
import online.durak.messages.Codec;
import online.durak.messages.MessageException;
import org.jboss.logging.Logger;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;

/**
 * A hint (rules.md §8): the STRONG policy's analysis of one seat's view with the budget of a hint
 * ({@link StrongPolicy.Budget#HINT}: it samples on until the best move is separated from the others beyond the
 * sampling error, or the others are known to be about equal to it, or its time is spent), {@code {"move", "reason",
 * "reasons": {"en", "de"}, "kind", "clear", "samples", "candidates"}}. The request carries everything ({@code {"rules",
 * "view", "names"}}, as {@link Codec} writes them; {@code names} by seat, optional), so this service keeps nothing
 * per table for hints. At most {@code durak.bot.hint-concurrency} searches run at once; a request that cannot get a
 * turn within {@code durak.bot.hint-wait} is answered 503 BUSY.
 */
@ApplicationScoped
public class Hints {
    private static final Logger LOG = Logger.getLogger(Hints.class);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final Semaphore running;
    private final long waitMillis;
    private final MeterRegistry registry;
    private final LiveWork live;

    public Hints(BotConfig config, MeterRegistry registry, LiveWork live) {
        this.live = live;
        this.running = new Semaphore(Math.max(1, config.hintConcurrency()), true);
        this.waitMillis = config.hintWait().toMillis();
        this.registry = registry;
    }

    /** The request as read and checked. */
    record Request(Rules rules, SeatView view, HintText.Names names) {
    }

    /** Reads and checks a request body; failures are 400 (or 409 for a view without a move). */
    static Request read(String body) {
        JsonNode node = Codec.parse(body);
        if (!node.isObject()) {
            throw new ApiException(400, ErrorCodes.INVALID_REQUEST,
                    "the body must be a JSON object {\"rules\": ..., \"view\": ...}");
        }
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!name.equals("rules") && !name.equals("view") && !name.equals("names")) {
                throw new ApiException(400, ErrorCodes.INVALID_REQUEST, name + ": unknown field (rules, view, names)");
            }
        }
        for (String name : new String[] {"rules", "view"}) {
            if (node.get(name) == null || node.get(name).isNull()) {
                throw new ApiException(400, ErrorCodes.INVALID_REQUEST, name + ": is required");
            }
        }
        Rules rules;
        try {
            rules = Codec.readFullRules(node.get("rules")); // a table's own, from a service: a daily game's too
        } catch (MessageException e) {
            throw new MessageException(e.code(), "rules" + (e.field() == null ? "" : "." + e.field()), e.reason());
        }
        Rejection daily = HintRules.refusal(rules); // refused here too, whoever asks: not only at the edge
        if (daily != null) {
            throw new ApiException(409, daily.code(), daily.message());
        }
        SeatView view;
        try {
            view = Codec.readSeatView(node.get("view"));
        } catch (MessageException e) {
            throw new MessageException(MessageException.INVALID_VIEW,
                    "view" + (e.field() == null ? "" : "." + e.field()), e.reason());
        }
        try {
            ViewCheck.check(rules, view);
        } catch (MessageException e) {
            throw new MessageException(e.code(), "view" + (e.field() == null ? "" : "." + e.field()), e.reason());
        }
        return new Request(rules, view, names(node.get("names"), rules.players()));
    }

    /** The seats' names: absent or null, or an array of one name (or null) per seat. */
    static HintText.Names names(JsonNode node, int players) {
        if (node == null || node.isNull()) {
            return HintText.Names.NONE;
        }
        if (!node.isArray() || node.size() != players) {
            throw new ApiException(400, ErrorCodes.INVALID_REQUEST,
                    "names: must be an array of one name (or null) per seat, " + players + " in all");
        }
        List<String> names = new ArrayList<>();
        for (JsonNode n : node) {
            if (!n.isNull() && !n.isTextual()) {
                throw new ApiException(400, ErrorCodes.INVALID_REQUEST, "names: each is a text or null");
            }
            names.add(n.isNull() ? null : n.textValue());
        }
        return new HintText.Names(names);
    }

    /** The hint for a request body, as JSON text. */
    public String hint(String body) {
        Request r = read(body);
        boolean admitted;
        try {
            admitted = running.tryAcquire(waitMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            admitted = false;
        }
        if (!admitted) {
            throw new ApiException(503, ErrorCodes.BUSY, "too many hints are being worked out; try again shortly");
        }
        long t0 = System.nanoTime();
        Analysis a;
        live.begin();
        try {
            a = new StrongPolicy(r.rules()).analyse(r.view(), new SplittableRandom(), StrongPolicy.Budget.HINT, null,
                    r.names());
        } catch (RuntimeException e) {
            LOG.warnf(e, "a view that passed the checks could not be analysed: %s", Codec.toJson(r.view()));
            throw new MessageException(MessageException.INVALID_VIEW, "view",
                    "this view cannot be analysed: " + e.getMessage());
        } finally {
            live.end();
            running.release();
        }
        Timer.builder("durak.bot.hints").description("Time to work out a hint").publishPercentiles(0.5, 0.95)
                .register(registry).record(System.nanoTime() - t0, TimeUnit.NANOSECONDS);
        return Codec.write(toNode(a));
    }

    static ObjectNode toNode(Analysis a) {
        ObjectNode o = NODES.objectNode();
        o.set("move", Codec.toNode(a.best()));
        o.put("reason", a.reason().en());
        o.putObject("reasons").put("en", a.reason().en()).put("de", a.reason().de());
        o.put("kind", a.kind().name());
        o.put("clear", a.clear());
        o.put("samples", a.candidates().get(0).samples());
        ArrayNode list = o.putArray("candidates");
        for (Analysis.Candidate c : a.candidates()) {
            ObjectNode n = list.addObject();
            n.set("move", Codec.toNode(c.move()));
            n.put("notDurakRate", round(c.notDurakRate()));
            n.put("meanCardsLeftWhenDurak", round(c.meanCardsLeftWhenDurak()));
            n.put("samples", c.samples());
            n.put("exact", c.exact());
            n.put("expected", round(c.expected()));
            n.put("behind", round(c.behind()));
            n.put("margin", round(c.margin()));
            n.put("equalToBest", c.equalToBest());
        }
        return o;
    }

    private static double round(double x) {
        return Double.isFinite(x) ? Math.round(x * 10_000) / 10_000.0 : 0;
    }
}
