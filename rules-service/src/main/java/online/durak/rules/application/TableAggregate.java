package online.durak.rules.application;

import io.micrometer.core.instrument.Timer;
import java.time.Instant;
import java.time.InstantSource;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import online.durak.engine.table.LoggedTable;
import online.durak.engine.table.TableStatus;
import online.durak.messages.CommandMessage;
import online.durak.messages.EventMessage;
import online.durak.messages.ReplyMessage;
import online.durak.rules.domain.Outcome;
import online.durak.rules.messaging.Publisher;
import online.durak.rules.store.EventStore;
import online.durak.rules.store.EventStore.StoredEvent;
import online.durak.rules.store.StoreConflict;
import online.durak.service.projection.Projection;
import org.jboss.logging.Logger;

/**
 * A table as an event-sourced aggregate, the loop of fmodel-java's {@code EventSourcedAggregate}: {@link #handle} loads
 * the table (held in memory, else its log read from the store and folded into a {@link LoggedTable}), decides the
 * command against it, appends the outcome to the store in one transaction, and publishes it. The store, the decider
 * and the publisher are given to it; retrying a lost race and answering a repeated command are the caller's.
 *
 * <p>The tables are held in durak-service's {@link Projection}, each with the partition of {@code durak.commands} its
 * commands arrive on (so a revoked partition drops exactly its tables), at most {@code maxTables} of them: past that
 * about a tenth is dropped, finished tables first.
 */
public final class TableAggregate {

    /** The decider step: a command against the table as its log has made it, decided at {@code at}. */
    @FunctionalInterface
    public interface Decider {
        Outcome decide(LoggedTable table, CommandMessage command, Instant at);
    }

    private static final Logger LOG = Logger.getLogger(TableAggregate.class);

    private final EventStore store;
    private final Decider decider;
    private final Publisher publisher;
    private final InstantSource clock;
    private final Timer decideAndCommit;
    private final int maxTables;
    private final Projection<LoggedTable> tables;

    /**
     * @param clock           the time commands are decided at
     * @param decideAndCommit times deciding a command and committing its outcome
     */
    public TableAggregate(EventStore store, Decider decider, Publisher publisher, InstantSource clock,
                          Timer decideAndCommit, int maxTables) {
        if (maxTables < 1) {
            throw new IllegalArgumentException("maxTables must be at least 1");
        }
        this.store = store;
        this.decider = decider;
        this.publisher = publisher;
        this.clock = clock;
        this.decideAndCommit = decideAndCommit;
        this.maxTables = maxTables;
        this.tables = new Projection<>(this::readLog, LoggedTable::empty, LoggedTable::seq,
            (t, m) -> t.next(m.event(), m.at()));
    }

    /**
     * One command: load → fold → decide → append → publish. Returns the outcome, stored and published.
     *
     * @throws StoreConflict when the command was stored before, or another writer appended to the table first (then
     *                       nothing was published)
     */
    public Outcome handle(CommandMessage command, int partition) {
        return handleAll(List.of(new Submitted(command, partition))).get(0);
    }

    /** A command with the partition of {@code durak.commands} it arrived on. */
    public record Submitted(CommandMessage command, int partition) {
    }

    /**
     * Several commands (one consumer's poll) at once, a group commit: each is decided in order against the table as
     * the ones before it left it, all outcomes are appended in one transaction, then all are published with one
     * wait for the broker. Returns the outcomes, stored and published, in order.
     *
     * @throws StoreConflict when any of them was stored before, or another writer appended to one of the tables
     *                       first: then nothing was stored or published, and the tables decided on are dropped from
     *                       memory (the caller decides the commands again one at a time)
     */
    public List<Outcome> handleAll(List<Submitted> batch) {
        List<Outcome> outcomes = new ArrayList<>(batch.size());
        Set<String> decided = new HashSet<>();
        long t0 = System.nanoTime();
        try {
            List<EventStore.Entry> entries = new ArrayList<>(batch.size());
            for (Submitted c : batch) {
                CommandMessage command = c.command();
                LoggedTable table = load(command.tableId(), c.partition());
                Outcome outcome = decider.decide(table, command, clock.instant().truncatedTo(ChronoUnit.MICROS));
                decided.add(command.tableId());
                if (outcome instanceof Outcome.Accepted a) {
                    tables.put(a.tableId(), a.after(), c.partition()); // the next command of the table sees it
                }
                outcomes.add(outcome);
                entries.add(new EventStore.Entry(outcome, command.playerId(), command.payload().type()));
            }
            store.appendAll(entries);
        } catch (RuntimeException e) {
            decided.forEach(tables::remove); // held states the store does not have
            throw e;
        }
        long each = (System.nanoTime() - t0) / batch.size();
        List<ReplyMessage> replies = new ArrayList<>(outcomes.size());
        for (Outcome o : outcomes) {
            decideAndCommit.record(each, TimeUnit.NANOSECONDS);
            replies.add(o.reply());
        }
        for (String tableId : decided) {
            tables.bound(maxTables, tableId, TableAggregate::finished);
        }
        publisher.publishAll(replies);
        for (Outcome o : outcomes) {
            if (o instanceof Outcome.Accepted a) {
                // off the path of the next command: a mark lost in a crash only makes the relay send again
                store.markPublishedLater(a.tableId(), a.firstSeq(), a.lastSeq());
            }
        }
        return outcomes;
    }

    /**
     * The table held in memory, else its log read from the store and folded (its events left unpublished are
     * published on the way), then held. The log must be whole: a gap, or an event the engine cannot apply, means a
     * broken store, and fails rather than guessing.
     */
    public LoggedTable load(String tableId, int partition) {
        LoggedTable held = tables.use(tableId);
        if (held != null) {
            return held;
        }
        Projection.Outcome<LoggedTable> o = tables.catchUp(tableId, partition);
        if (o.kind() == Projection.Kind.FAILED || o.kind() == Projection.Kind.LEFT_OUT) {
            tables.remove(tableId);
            throw new IllegalStateException("table " + tableId + ": its log cannot be folded past event "
                + o.state().seq(), o.failure());
        }
        tables.bound(maxTables, tableId, TableAggregate::finished);
        return o.state();
    }

    /** The tables held, each with its partition. */
    public Projection<LoggedTable> tables() {
        return tables;
    }

    /** Publishes stored events of one table in order and marks them published. */
    public void publishPending(List<EventMessage> events) {
        if (events.isEmpty()) {
            return;
        }
        publisher.publishEvents(events);
        EventMessage first = events.get(0);
        store.markPublished(first.tableId(), first.seq(), events.get(events.size() - 1).seq());
        LOG.infof("table %s: published %d event(s) left unpublished (seq %d..%d)", first.tableId(), events.size(),
            first.seq(), events.get(events.size() - 1).seq());
    }

    /** The table's events after {@code after} (the store reads the whole log); those left unpublished go out first. */
    private List<EventMessage> readLog(String tableId, long after, long before) {
        List<StoredEvent> log = store.loadTable(tableId);
        List<EventMessage> events = new ArrayList<>(log.size());
        List<EventMessage> unpublished = new ArrayList<>();
        for (StoredEvent e : log) {
            long seq = e.message().seq();
            if (seq > after && (before == 0 || seq < before)) {
                events.add(e.message());
            }
            if (!e.published()) {
                unpublished.add(e.message());
            }
        }
        publishPending(unpublished);
        LOG.debugf("table %s rebuilt from %d events", tableId, log.size());
        return events;
    }

    private static boolean finished(LoggedTable t) {
        return t.state().status() == TableStatus.FINISHED || t.state().status() == TableStatus.CLOSED;
    }
}
