package online.durak.table.it;

import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import online.durak.engine.Decision;
import online.durak.engine.Event;
import online.durak.engine.Move;
import online.durak.engine.Rejection;
import online.durak.engine.Shuffle;
import online.durak.engine.Views;
import online.durak.engine.table.SeatHolder;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableState;
import online.durak.messages.Codec;
import online.durak.messages.CommandMessage;
import online.durak.messages.EventMessage;
import online.durak.messages.RecordHeaders;
import online.durak.messages.ReplyMessage;
import online.durak.table.Script;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * A stand-in for the rules service in these tests, built on the engine as docs/spine.md describes it: reads
 * the (test) commands topic, decides with {@link TableDecider} (each deal sealed with a salt of its own, as
 * docs/fairness.md says), writes accepted events to {@code table_events},
 * publishes them to {@code durak.table-events} (with their seq header), then the reply carrying them; a repeated
 * commandId gets its first reply, and one used by another player or at another table {@code COMMAND_ID_IN_USE}.
 * While {@link #silent} it answers nothing (a rules service that is down).
 * It stands in for the bot service's moves too: after each command, every bot whose turn it is plays its first
 * legal move at once (unless {@link #botsPaused}).
 */
public final class FakeRules implements AutoCloseable {
    private final TestStore store;
    private final KafkaProducer<String, byte[]> producer = Kafka.producer();
    private final Map<String, TableState> tables = new ConcurrentHashMap<>();
    private final Map<String, Long> lastSeq = new ConcurrentHashMap<>();
    private final Map<String, ReplyMessage> answered = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();
    private final Kafka.Reader reader;
    /** Events of the next this many accepted commands are stored but not published (to test catching up from the store). */
    public final java.util.concurrent.atomic.AtomicInteger holdBackEvents = new java.util.concurrent.atomic.AtomicInteger();
    /** Accepted events are published in replies only, not on the events topic (to test that replies suffice). */
    public volatile boolean eventsInRepliesOnly;
    /** Bots do not move (so that a bot's turn can be watched). */
    public volatile boolean botsPaused;
    /** Commands are dropped unanswered, as if the rules service were down. */
    public volatile boolean silent;
    /** The commandIds dropped while silent. */
    public final List<String> dropped = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final Map<String, CommandMessage> firstOf = new ConcurrentHashMap<>();

    public FakeRules(TestStore store) {
        this.store = store;
        store.ensureSchema();
        this.reader = new Kafka.Reader(TestTopics.COMMANDS, this::handle);
    }

    /** Every command read from the topic, in order. */
    public final List<CommandMessage> received = new java.util.concurrent.CopyOnWriteArrayList<>();

    private void handle(ConsumerRecord<String, byte[]> record) {
        CommandMessage c = Codec.readCommandMessage(record.value());
        received.add(c);
        if (silent) {
            dropped.add(c.commandId());
            return;
        }
        ReplyMessage reply = answered.get(c.commandId());
        CommandMessage first = firstOf.get(c.commandId());
        if (first != null && (!first.tableId().equals(c.tableId()) || !first.playerId().equals(c.playerId()))) {
            // like the rules service: a commandId is a global key of the store
            reply = ReplyMessage.rejected(c.commandId(), c.tableId(),
                    new Rejection("COMMAND_ID_IN_USE", "this commandId belongs to another command"), 0);
        } else if (reply == null) {
            reply = decide(c);
            answered.put(c.commandId(), reply);
            firstOf.put(c.commandId(), c);
        }
        send(TestTopics.REPLIES, c.tableId(), Codec.toBytes(reply));
        if (!botsPaused) {
            playBots(c.tableId());
        }
    }

    /** Bots play their first legal move while it is their turn (as the bot service would, without thinking). */
    public synchronized void playBots(String tableId) {
        for (int i = 0; i < 2000; i++) {
            TableState t = tables.get(tableId);
            int seat = t == null ? -1 : t.toAct();
            SeatHolder h = t == null ? null : t.holder(seat);
            if (h == null || h.isHuman()) {
                return;
            }
            Move m = Views.seatView(t.match().deal(), seat).legalMoves().get(0);
            CommandMessage c = new CommandMessage("bot:" + UUID.randomUUID(), tableId, h.playerId(), h.name(),
                    new CommandMessage.Play(m));
            ReplyMessage r = decide(c);
            if (!r.accepted()) {
                throw new IllegalStateException("a bot's legal move was refused: " + r.code());
            }
            send(TestTopics.REPLIES, tableId, Codec.toBytes(r)); // every edge reads every reply, as from the rules service
        }
    }

    private synchronized ReplyMessage decide(CommandMessage c) {
        TableState state = tables.getOrDefault(c.tableId(), TableState.NONE);
        long seq = lastSeq.getOrDefault(c.tableId(), 0L);
        byte[] salt = new byte[32];
        random.nextBytes(salt);
        Shuffle shuffle = new Shuffle(random.nextLong(), java.util.HexFormat.of().formatHex(salt), Script.DAILY_SECRET);
        Decision<TableState> d = TableDecider.TABLE.decide(c.toTableCommand(shuffle), state);
        if (d instanceof Decision.Rejected<TableState> r) {
            return ReplyMessage.rejected(c.commandId(), c.tableId(), r.rejection(), seq);
        }
        Decision.Accepted<TableState> a = (Decision.Accepted<TableState>) d;
        List<EventMessage> events = new ArrayList<>();
        for (Event e : a.events()) {
            events.add(new EventMessage(c.tableId(), ++seq, e, c.commandId(), Instant.now()));
        }
        store.insert(events);
        tables.put(c.tableId(), a.state());
        lastSeq.put(c.tableId(), seq);
        if (holdBackEvents.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            // neither on the topic nor in the reply: the table service must read the store
            return ReplyMessage.accepted(c.commandId(), c.tableId(), seq);
        }
        for (EventMessage m : eventsInRepliesOnly ? List.<EventMessage>of() : events) {
            ProducerRecord<String, byte[]> r = new ProducerRecord<>("durak.table-events", c.tableId(), Codec.toBytes(m));
            r.headers().add(RecordHeaders.SEQ, RecordHeaders.seq(m.seq()));
            send(r);
        }
        return ReplyMessage.accepted(c.commandId(), events); // like the rules service: the events ride along
    }

    private void send(String topic, String key, byte[] value) {
        send(new ProducerRecord<>(topic, key, value));
    }

    private void send(ProducerRecord<String, byte[]> record) {
        try {
            producer.send(record).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The last seq of the table's log (0 before its first event). */
    public long lastSeq(String tableId) {
        return lastSeq.getOrDefault(tableId, 0L);
    }

    public TableState table(String tableId) {
        return tables.get(tableId);
    }

    @Override
    public void close() {
        reader.close();
        producer.close();
    }
}
