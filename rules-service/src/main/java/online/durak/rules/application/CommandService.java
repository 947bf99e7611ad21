package online.durak.rules.application;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.InstantSource;
import java.util.List;
import online.durak.engine.Rejection;
import online.durak.engine.table.LoggedTable;
import online.durak.messages.CommandMessage;
import online.durak.messages.EventMessage;
import online.durak.messages.ReplyMessage;
import online.durak.rules.RulesConfig;
import online.durak.rules.domain.ClockSettings;
import online.durak.rules.domain.CommandDecider;
import online.durak.rules.domain.Notable;
import online.durak.rules.domain.Outcome;
import online.durak.rules.store.EventStore;
import online.durak.rules.store.EventStore.StoredEvent;
import online.durak.rules.store.StoreConflict;
import online.durak.rules.store.StoredCommand;
import online.durak.rules.messaging.Publisher;
import online.durak.service.projection.Projection;
import org.jboss.logging.Logger;

/**
 * The rules service's application service (docs/spine.md): one command from its table to its reply, through the
 * aggregate loop of {@link TableAggregate} (load, fold, decide, append, publish) with the engine's rules
 * ({@link CommandDecider}), shuffles drawn by {@link Shuffles} and the service's clock settings. Around the loop: an append that lost a
 * race for the table's next seq reloads the table and decides again; a repeated {@code commandId} is found by the
 * store's key when its outcome is stored, and answered with the stored outcome; and the metrics and log lines.
 *
 * <p>Called by the consumer of the command's partition, one command at a time (messaging.CommandRecords). A store
 * or broker failure propagates: the consumer tries the record again (it then meets its own stored outcome and
 * publishes whatever the first try left unpublished).
 */
@ApplicationScoped
public class CommandService {

    /**
     * A commandId that another player or table, or another kind of command, used already (commandIds are global keys
     * of the store).
     */
    public static final String COMMAND_ID_IN_USE = "COMMAND_ID_IN_USE";
    static final int MAX_ATTEMPTS = 5;

    private static final Logger LOG = Logger.getLogger(CommandService.class);

    private final EventStore store;
    private final Publisher publisher;
    private final ClockSettings clock;
    private final TableAggregate aggregate;
    private final Counter accepted;
    private final Counter rejected;
    private final Counter repeated;
    private final Counter conflicts;
    private final DistributionSummary batches;

    public CommandService(EventStore store, Publisher publisher, RulesConfig config, RulesConfig.Clock clockConfig,
                          InstantSource now, Shuffles shuffles, MeterRegistry registry) {
        this.store = store;
        this.publisher = publisher;
        this.clock = new ClockSettings(clockConfig.grace(), clockConfig.lobbyExpiry());
        Timer decideAndCommit = Timer.builder("durak.rules.decide.commit")
            .description("Deciding a command and committing its outcome to the store")
            .publishPercentiles(0.5, 0.99).register(registry);
        this.aggregate = new TableAggregate(store,
            (table, command, at) -> CommandDecider.decide(table, command,
                command.mayDeal() ? shuffles.next() : null, at, clock), publisher, now,
            decideAndCommit, config.cacheMaxTables());
        this.accepted = commands(registry, "accepted");
        this.rejected = commands(registry, "rejected");
        this.repeated = commands(registry, "repeated");
        this.conflicts = Counter.builder("durak.rules.store.conflicts")
            .description("Appends that lost a race for a table's next sequence number").register(registry);
        this.batches = DistributionSummary.builder("durak.rules.batch.commands")
            .description("Commands stored in one transaction (group commit), for batches of more than one")
            .publishPercentiles(0.5, 0.99).register(registry);
        Gauge.builder("durak.rules.cache.tables", aggregate.tables(), Projection::size)
            .description("Tables held in memory").register(registry);
    }

    /** {@code durak.rules.commands{outcome}}: commands handled, by outcome. */
    public static Counter commands(MeterRegistry registry, String outcome) {
        return Counter.builder("durak.rules.commands").tag("outcome", outcome)
            .description("Commands handled, by outcome").register(registry);
    }

    /** The tables held in memory, each with the partition its commands arrive on. */
    public Projection<LoggedTable> tables() {
        return aggregate.tables();
    }

    /** The grace and lobby expiry the clock commands are decided with. */
    public ClockSettings clock() {
        return clock;
    }

    /**
     * Decides one command at the table's single writer (the consumer of {@code partition}): the aggregate loop. A
     * repeated commandId is met by the store's key and answered with the stored outcome; an append that lost a race
     * for the table's next seq reloads the table and decides again.
     */
    public void handle(CommandMessage command, int partition) {
        // no lookup first: a repeated commandId is decided again, and its append fails on the commands key
        for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
            Outcome outcome;
            try {
                outcome = aggregate.handle(command, partition);
            } catch (StoreConflict c) {
                if (c.kind() == StoreConflict.Kind.COMMAND) {
                    answerAgain(command, store.findCommand(command.commandId()));
                    return;
                }
                conflicts.increment();
                LOG.infof("table %s: another writer appended first (%s); reloading (attempt %d)",
                    command.tableId(), c.getMessage(), attempt);
                aggregate.tables().remove(command.tableId());
                continue;
            }
            counted(command, outcome);
            return;
        }
        throw new IllegalStateException("table " + command.tableId() + ": gave up on command "
            + command.commandId() + " after " + MAX_ATTEMPTS + " conflicting appends");
    }

    /**
     * The commands of one poll of a consumer, in order, with one commit to the store and one wait for the broker
     * ({@link TableAggregate#handleAll}). When any of them meets a conflict (a repeated commandId, another writer),
     * nothing of the batch was stored, and each is handled on its own as {@link #handle} does.
     */
    public void handleAll(List<TableAggregate.Submitted> batch) {
        if (batch.size() == 1) {
            handle(batch.get(0).command(), batch.get(0).partition());
            return;
        }
        List<Outcome> outcomes;
        try {
            outcomes = aggregate.handleAll(batch);
        } catch (StoreConflict c) {
            LOG.debugf("a batch of %d commands met a conflict (%s); handling them one at a time", batch.size(),
                c.getMessage());
            batch.forEach(s -> handle(s.command(), s.partition()));
            return;
        }
        batches.record(batch.size());
        for (int i = 0; i < outcomes.size(); i++) {
            counted(batch.get(i).command(), outcomes.get(i));
        }
    }

    private void counted(CommandMessage command, Outcome outcome) {
        if (outcome instanceof Outcome.Accepted a) {
            accepted.increment();
            log(command, a);
        } else {
            Outcome.Rejected r = (Outcome.Rejected) outcome;
            if (CommandDecider.RULES_ERROR.equals(r.rejection().code())) {
                LOG.errorf("table %s: command %s (%s) broke the engine: %s", r.tableId(), command.commandId(),
                    command.payload().type(), r.rejection().message());
            }
            rejected.increment();
            LOG.debugf("table %s: %s %s by %s rejected: %s %s", r.tableId(), command.payload().type(),
                command.commandId(), command.playerId(), r.rejection().code(), r.rejection().message());
        }
    }

    /** The table held in memory, else folded from the store (publishing whatever is left unpublished first). */
    public LoggedTable table(String tableId, int partition) {
        return aggregate.load(tableId, partition);
    }

    /** A repeated commandId: the stored answer again, after any event of the table left unpublished. */
    private void answerAgain(CommandMessage command, StoredCommand prior) {
        repeated.increment();
        if (!prior.sameAs(command.tableId(), command.playerId(), command.payload().type())) {
            LOG.warnf("command %s (%s) of %s at table %s reuses the commandId of another command (%s at table %s); "
                + "refused", command.commandId(), command.payload().type(), command.playerId(), command.tableId(),
                prior.kind(), prior.tableId());
            publisher.publishReply(ReplyMessage.rejected(command.commandId(), command.tableId(),
                new Rejection(COMMAND_ID_IN_USE, "this commandId belongs to another command"), 0));
            return;
        }
        if (prior.accepted()) {
            publishPending(store.unpublishedOf(prior.tableId()).stream().map(StoredEvent::message).toList());
        }
        LOG.debugf("table %s: command %s repeated; answered as before", prior.tableId(), prior.commandId());
        publisher.publishReply(prior.reply());
    }

    /** Publishes stored events in order and marks them published. */
    public void publishPending(List<EventMessage> events) {
        aggregate.publishPending(events);
    }

    private static void log(CommandMessage command, Outcome.Accepted a) {
        for (EventMessage e : a.events()) {
            String line = Notable.describe(a.tableId(), e.event());
            if (line != null) {
                LOG.info(line);
            }
        }
        if (LOG.isDebugEnabled()) {
            LOG.debugf("table %s: %s %s by %s accepted: seq %d..%d", a.tableId(), command.payload().type(),
                command.commandId(), command.playerId(), a.firstSeq(), a.lastSeq());
        }
    }
}
