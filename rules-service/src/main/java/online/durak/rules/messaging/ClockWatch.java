package online.durak.rules.messaging;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import online.durak.engine.table.LoggedTable;
import online.durak.engine.table.TableStatus;
import online.durak.engine.table.TurnClock;
import online.durak.messages.CommandMessage;
import online.durak.rules.RulesConfig;
import online.durak.rules.application.CommandService;
import online.durak.rules.domain.ClockSettings;
import online.durak.rules.domain.CommandDecider;
import online.durak.rules.store.EventStore;
import online.durak.service.projection.Projection;
import org.jboss.logging.Logger;

/**
 * The clocks of docs/spine.md "The clocks". Every {@code durak.clock.tick} it looks at each cached table of the partitions
 * this instance owns and, when a deadline has passed ({@link TurnClock.Due#TIME_OUT}, {@link TurnClock.Due#GRACE_OVER},
 * {@link TurnClock.Due#DEAL_NEXT}), sends the table a clock command ({@code {"type":"clock"}}) on
 * {@code durak.commands}, keyed by the table: it goes through the same single-writer consumer as every move, so
 * it never races one, and is decided there against the table as it is then ({@link CommandDecider}). The
 * computer's move itself ({@link TurnClock.Due#COMPUTER_MOVE}) is bot-service's, which watches the events.
 *
 * <p>The command id is {@code clock-<table>-<lastSeq>-<due>}, so a repeat is answered from the store; at most one
 * command per table and due kind is pending at a time, sent again (with {@code -2}, {@code -3} … appended) only
 * when the same deadline is still due {@code durak.clock.resend-after} later.
 *
 * <p>Deadlines derive from stored events and their times, so they survive a restart: when partitions are
 * assigned to this instance, the next tick loads into the cache every table of those partitions whose match runs
 * with a clock.
 */
@ApplicationScoped
public class ClockWatch {

    private static final Logger LOG = Logger.getLogger(ClockWatch.class);
    private static final Set<TurnClock.Due> SENT = Set.of(TurnClock.Due.TIME_OUT, TurnClock.Due.GRACE_OVER,
        TurnClock.Due.DEAL_NEXT, TurnClock.Due.CLOSE_UNSTARTED);

    /** A clock command sent and not yet overtaken by the table's log. */
    record Pending(long lastSeq, TurnClock.Due due, int attempt, Instant sentAt) {
    }

    private final CommandService commands;
    private final Publisher publisher;
    private final Assignment assignment;
    private final EventStore store;
    private final InstantSource clock;
    private final Duration resendAfter;
    private final Map<String, Pending> pending = new ConcurrentHashMap<>();
    private final Set<Integer> toScan = ConcurrentHashMap.newKeySet();
    private final Map<TurnClock.Due, Counter> sent = new EnumMap<>(TurnClock.Due.class);

    public ClockWatch(CommandService commands, Publisher publisher, Assignment assignment, EventStore store,
                      RulesConfig.Clock config, InstantSource clock, MeterRegistry registry) {
        this.commands = commands;
        this.publisher = publisher;
        this.assignment = assignment;
        this.store = store;
        this.clock = clock;
        this.resendAfter = config.resendAfter();
        for (TurnClock.Due due : SENT) {
            sent.put(due, Counter.builder("durak.rules.clock.commands").tag("due", due.name())
                .description("Clock commands sent, by what was due").register(registry));
        }
        ClockSettings c = commands.clock();
        LOG.infof("clocks: grace %s, tick %s, open tables close after %s", c.grace(), config.tick(), c.lobbyExpiry());
    }

    /** Partitions newly assigned: their clocked tables are loaded at the next tick. */
    void assigned(Collection<Integer> partitions) {
        toScan.addAll(partitions);
    }

    /** Partitions revoked or lost: nothing more to load or watch there. */
    void revoked(Collection<Integer> partitions) {
        toScan.removeAll(partitions);
    }

    @Scheduled(every = "${durak.clock.tick:1s}", delayed = "1s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void tick() {
        if (assignment.isEmpty()) {
            return;
        }
        if (!toScan.isEmpty()) {
            Set<Integer> partitions = new TreeSet<>(toScan);
            try {
                load(partitions);
                toScan.removeAll(partitions);
            } catch (RuntimeException e) {
                LOG.warnf("clock: could not load the clocked tables of partitions %s (%s); trying again at the next"
                    + " tick", partitions, e.toString());
            }
        }
        try {
            watch(clock.instant());
        } catch (RuntimeException e) {
            LOG.warnf("clock: %s; going on at the next tick", e.toString());
        }
    }

    /**
     * Loads into the cache every table of {@code partitions} (those this instance owns) with a deadline: its match
     * runs with a clock, or it waits in the lobby. Returns how many were loaded.
     */
    public int load(Collection<Integer> partitions) {
        List<String> running = store.tablesWithDeadlines();
        int loaded = 0;
        int watched = 0;
        for (String tableId : running) {
            int partition = publisher.commandPartition(tableId);
            if (!partitions.contains(partition) || !assignment.owns(partition)) {
                continue;
            }
            if (commands.tables().peek(tableId) != null) {
                watched++;
                continue;
            }
            // folded under the table's lock, after what the consumer holds: never an older table in its place
            LoggedTable table = commands.table(tableId, partition);
            TableStatus status = table.state().status();
            if (status == TableStatus.OPEN || status == TableStatus.PLAYING && TurnClock.runs(table.state())) {
                loaded++;
            }
        }
        LOG.infof("clock: loaded %d table(s) with deadlines of partitions %s (%d cached already)", loaded, partitions,
            watched);
        return loaded;
    }

    /** One look at every cached table of the owned partitions; returns how many clock commands it sent. */
    public int watch(Instant now) {
        ClockSettings settings = commands.clock();
        int count = 0;
        for (Projection.Held<LoggedTable> held : commands.tables().held()) {
            if (!assignment.owns(held.partition())) {
                continue;
            }
            LoggedTable table = held.state();
            TurnClock.Due due = settings.due(table, now);
            if (!SENT.contains(due)) {
                pending.remove(table.tableId());
                continue;
            }
            Pending before = pending.get(table.tableId());
            int attempt = 1;
            if (before != null && before.lastSeq() == table.seq() && before.due() == due) {
                if (now.isBefore(before.sentAt().plus(resendAfter))) {
                    continue; // sent; not yet decided
                }
                attempt = before.attempt() + 1;
            }
            String commandId = "clock-" + table.tableId() + "-" + table.seq() + "-" + due
                + (attempt > 1 ? "-" + attempt : "");
            try {
                publisher.publishCommand(new CommandMessage(commandId, table.tableId(), CommandDecider.CLOCK, null,
                    new CommandMessage.Clock()));
            } catch (RuntimeException e) {
                LOG.warnf("clock: could not send %s (%s); trying again at the next tick", commandId, e.toString());
                continue;
            }
            pending.put(table.tableId(), new Pending(table.seq(), due, attempt, now));
            sent.get(due).increment();
            count++;
            LOG.debugf("clock: sent %s", commandId);
        }
        pending.keySet().removeIf(id -> commands.tables().peek(id) == null);
        return count;
    }
}
