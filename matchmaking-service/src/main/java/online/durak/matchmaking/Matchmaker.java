package online.durak.matchmaking;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import online.durak.engine.BotLevel;
import online.durak.matchmaking.chips.Holds;
import online.durak.matchmaking.messaging.CommandSender;
import online.durak.matchmaking.messaging.TableStart;
import online.durak.matchmaking.pool.PoolFormer;
import online.durak.matchmaking.pool.Waiting;
import online.durak.matchmaking.store.FormedTable;
import online.durak.matchmaking.store.Ticket;
import online.durak.matchmaking.store.TicketStore;
import online.durak.messages.ReplyMessage;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Forms the pools (docs/matchmaking.md): every {@code durak.matchmaking.tick} each pool with waiting tickets, and a
 * pool at once when a ticket joins it; each under the pool's advisory lock ({@link TicketStore#form}), so any number
 * of instances may run. A formed table is started through the commands topic ({@link TableStart}); one whose start
 * was not confirmed is sent again after {@code durak.matchmaking.resend-after} by whichever instance claims it.
 */
@ApplicationScoped
public class Matchmaker {
    private static final Logger LOG = Logger.getLogger(Matchmaker.class);

    private final TicketStore store;
    private final CommandSender sender;
    private final SeatedNotices notices;
    private final Holds holds;
    private final PoolFormer former;
    private final Duration heartbeatTimeout;
    private final Duration keepFormed;
    private final Duration resendAfter;
    private final double easyBelow;
    private final double strongFrom;
    private final Set<String> queued = ConcurrentHashMap.newKeySet();
    private final ExecutorService work = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "matchmaking-work");
        t.setDaemon(true);
        return t;
    });
    private final Counter formedWithBots;
    private final Counter formedWithPeople;
    private final Counter dropped;
    private final Counter startsFailed;
    private final Timer waited;
    private volatile boolean running;

    public Matchmaker(TicketStore store, CommandSender sender, SeatedNotices notices, Holds holds,
                      MeterRegistry registry,
                      @ConfigProperty(name = "durak.matchmaking.fill-after") Duration fillAfter,
                      @ConfigProperty(name = "durak.matchmaking.gap.initial") double gapInitial,
                      @ConfigProperty(name = "durak.matchmaking.gap.per-second") double gapPerSecond,
                      @ConfigProperty(name = "durak.matchmaking.heartbeat-timeout") Duration heartbeatTimeout,
                      @ConfigProperty(name = "durak.matchmaking.keep-formed") Duration keepFormed,
                      @ConfigProperty(name = "durak.matchmaking.resend-after") Duration resendAfter,
                      @ConfigProperty(name = "durak.matchmaking.rating.easy-below") double easyBelow,
                      @ConfigProperty(name = "durak.matchmaking.rating.strong-from") double strongFrom) {
        this.store = store;
        this.sender = sender;
        this.notices = notices;
        this.holds = holds;
        this.former = new PoolFormer(fillAfter, gapInitial, gapPerSecond);
        this.heartbeatTimeout = heartbeatTimeout;
        this.keepFormed = keepFormed;
        this.resendAfter = resendAfter;
        this.easyBelow = easyBelow;
        this.strongFrom = strongFrom;
        this.formedWithBots = registry.counter("durak.matchmaking.tables.formed", "bots", "true");
        this.formedWithPeople = registry.counter("durak.matchmaking.tables.formed", "bots", "false");
        this.dropped = registry.counter("durak.matchmaking.tickets.dropped");
        this.startsFailed = registry.counter("durak.matchmaking.tables.refused");
        this.waited = Timer.builder("durak.matchmaking.wait").description("From a ticket to its seat")
                .publishPercentiles(0.5, 0.99).register(registry);
    }

    public PoolFormer former() {
        return former;
    }

    void start() {
        running = true;
    }

    void stop() {
        running = false;
        work.shutdown();
        try {
            work.awaitTermination(3, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Scheduled(every = "${durak.matchmaking.tick}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void tick() {
        if (!running) {
            return;
        }
        try {
            for (String pool : store.waitingPools()) {
                formPool(pool);
            }
            Instant now = Instant.now();
            for (FormedTable t : store.claimUnstarted(now.minus(resendAfter), now, 50)) {
                LOG.infof("table %s: its start was not confirmed; sending its commands again", t.tableId());
                start(t);
            }
            store.forgetFormed(now.minus(keepFormed));
        } catch (RuntimeException e) {
            LOG.warnf("matchmaking tick failed (the next one tries again): %s", e.toString());
        }
    }

    /** Forms {@code pool} soon on a thread of this instance (once, however many tickets asked meanwhile). */
    public void formSoon(String pool) {
        if (running && queued.add(pool)) {
            try {
                work.execute(() -> {
                    queued.remove(pool);
                    try {
                        formPool(pool);
                    } catch (RuntimeException e) {
                        LOG.warnf("pool %s could not be formed now (the next tick tries again): %s", pool, e);
                    }
                });
            } catch (java.util.concurrent.RejectedExecutionException e) {
                queued.remove(pool); // stopping
            }
        }
    }

    private void formPool(String pool) {
        Instant now = Instant.now();
        List<Moved> moved = new ArrayList<>();
        TicketStore.Formation f;
        try {
            f = store.form(pool, now.minus(heartbeatTimeout), waiting -> decide(pool, waiting, now, moved));
        } catch (RuntimeException e) {
            // rolled back: the holds moved for tables that were never stored go back to their tickets
            synchronized (moved) {
                for (Moved m : moved) {
                    try {
                        holds.move(m.tableId(), Holds.ticketKey(m.ticket().ticketId()), m.ticket().playerId());
                    } catch (RuntimeException x) { // that ticket is dropped at its next forming, the sweep frees it
                        LOG.warnf("the hold of %s could not go back to its ticket: %s", m.ticket().playerId(), x);
                    }
                }
            }
            throw e;
        }
        if (f == null) {
            return; // another instance forms it right now
        }
        if (!f.dropped().isEmpty()) {
            dropped.increment(f.dropped().size());
            LOG.infof("pool %s: %d ticket(s) dropped, no heartbeat for %s", pool, f.dropped().size(), heartbeatTimeout);
            f.dropped().stream().filter(t -> t.wish().rules().stake() > 0)
                    .forEach(t -> holds.release(Holds.ticketKey(t.ticketId()), t.playerId()));
        }
        if (!f.holdsGone().isEmpty()) {
            dropped.increment(f.holdsGone().size());
        }
        for (FormedTable t : f.tables()) {
            // committed: the people's event streams may look now
            t.people().forEach(s -> notices.seated(s.playerId()));
            start(t);
        }
    }

    /** A hold moved from a ticket to a table while its pool is formed. */
    private record Moved(Ticket ticket, String tableId) {
    }

    /**
     * Forms tables of the waiting tickets. At a staked pool each person's hold is moved from their ticket to the new
     * table before the table is kept; a ticket whose hold cannot be moved (swept, released) is dropped, the holds
     * moved for that table go back, and the others are formed again without it.
     */
    private TicketStore.Decision decide(String pool, List<Ticket> waiting, Instant now, List<Moved> moved) {
        Map<String, Ticket> byId = new HashMap<>();
        for (Ticket t : waiting) {
            byId.put(t.ticketId(), t);
        }
        Set<String> out = new java.util.HashSet<>(); // seated or dropped in this formation
        List<FormedTable> tables = new ArrayList<>();
        List<Ticket> gone = new ArrayList<>();
        boolean again = true;
        while (again) {
            again = false;
            List<Waiting> w = waiting.stream().filter(t -> !out.contains(t.ticketId())).map(Ticket::asWaiting)
                    .toList();
            for (PoolFormer.Formed f : former.form(w, now)) {
                Ticket host = byId.get(f.people().get(0).ticketId());
                BotLevel level = PoolFormer.botLevel(f.meanRating(), easyBelow, strongFrom);
                List<FormedTable.Seat> seats = new ArrayList<>();
                for (int i = 0; i < f.players(); i++) {
                    seats.add(i < f.people().size()
                            ? new FormedTable.Seat(i, f.people().get(i).playerId(), f.people().get(i).name(), null)
                            : new FormedTable.Seat(i, null, null, level));
                }
                String tableId = UUID.randomUUID().toString(); // kept with the table: a resend uses the same one
                Ticket lost = host.wish().rules().stake() > 0 ? moveHolds(f, byId, tableId, moved) : null;
                if (lost != null) {
                    LOG.infof("pool %s: ticket %s of %s dropped: its stake's hold is gone (released or expired)",
                            pool, lost.ticketId(), lost.playerId());
                    gone.add(lost);
                    out.add(lost.ticketId());
                    again = true;
                    break; // the tables kept so far stay; the rest of the pool is formed again without it
                }
                f.people().forEach(p -> out.add(p.ticketId()));
                tables.add(new FormedTable(tableId, pool, host.wish().rulesFor(f.players()), seats, now));
                (f.bots() > 0 ? formedWithBots : formedWithPeople).increment();
                // a ticket made on another instance after this formation's clock was read has waited 0
                f.people().forEach(p -> waited.record(Duration.ofMillis((long) (p.waitedSeconds(now) * 1000))));
                LOG.infof("pool %s: table %s formed for %d people (rating spread %.1f) and %d %s bot(s)", pool,
                        tableId, f.people().size(), f.spread(), f.bots(), level);
            }
        }
        return new TicketStore.Decision(tables, gone);
    }

    /** Moves every person's hold to {@code tableId}; the ticket whose hold was gone (the others moved back), or null. */
    private Ticket moveHolds(PoolFormer.Formed f, Map<String, Ticket> byId, String tableId, List<Moved> moved) {
        List<Ticket> done = new ArrayList<>();
        for (Waiting p : f.people()) {
            Ticket t = byId.get(p.ticketId());
            if (!holds.move(Holds.ticketKey(t.ticketId()), tableId, t.playerId())) {
                done.forEach(d -> holds.move(tableId, Holds.ticketKey(d.ticketId()), d.playerId()));
                synchronized (moved) {
                    moved.removeIf(m -> m.tableId().equals(tableId));
                }
                return t;
            }
            done.add(t);
            synchronized (moved) {
                moved.add(new Moved(t, tableId));
            }
        }
        return null;
    }

    private void start(FormedTable t) {
        sender.send(TableStart.commands(t)).whenCompleteAsync((replies, e) -> {
            if (e != null) {
                LOG.warnf("table %s: no answer to its start yet (%s); it is sent again after %s", t.tableId(),
                        e.toString(), resendAfter);
                return;
            }
            ReplyMessage refused = replies.stream().filter(r -> !r.accepted()).findFirst().orElse(null);
            try {
                if (refused == null) {
                    store.started(t.tableId(), Instant.now());
                } else {
                    startsFailed.increment();
                    LOG.warnf("table %s: the rules service refused %s (%s: %s); its people wait again", t.tableId(),
                            refused.commandId(), refused.code(), refused.message());
                    if (t.rules().stake() > 0) { // the people wait again: their holds go back to their tickets
                        for (FormedTable.Seat p : t.people()) {
                            store.find(p.playerId()).filter(k -> t.tableId().equals(k.tableId()))
                                    .ifPresent(k -> holds.move(t.tableId(), Holds.ticketKey(k.ticketId()),
                                            p.playerId()));
                        }
                    }
                    store.failed(t.tableId(), refused.code());
                }
            } catch (RuntimeException x) {
                LOG.warnf("table %s: its start could not be recorded (%s); it is sent again after %s", t.tableId(),
                        x.toString(), resendAfter);
            }
        }, work);
    }
}
