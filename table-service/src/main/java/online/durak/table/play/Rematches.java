package online.durak.table.play;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import online.durak.engine.BotLevel;
import online.durak.engine.table.SeatHolder;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableState;
import online.durak.engine.table.TableStatus;
import online.durak.messages.CommandMessage;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import online.durak.table.auth.Player;
import online.durak.table.chips.ChipsClient;
import online.durak.table.messaging.CommandRejected;
import online.durak.table.projection.Projections;
import online.durak.table.projection.TableSnapshot;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * "Again" on a finished match's board (rules.md §6), in the table service's lobby flow beside solo (DESIGN.md puts
 * rematches in matchmaking-service, which does not exist yet). The new table's id is derived from the finished one's,
 * so everyone who presses reaches the same table: the first press creates it with the same settings, the presser in
 * their own seat and the bots in theirs ({@code TableCommand.Again}); each later press takes that person's seat. It
 * starts when every person has pressed, or {@code durak.again.wait} after the first press with bots of the table's
 * level ({@link TableDecider#tableLevel}) in the seats of those who did not. A solo "Again" starts at once, with the
 * finished table's tempo.
 *
 * <p>At a table with a stake every account that presses pays it again: its stake is held before it is seated
 * ({@link ChipsClient}); one whose balance does not cover it gets 409 {@code INSUFFICIENT_CHIPS}, is not seated, and
 * its seat goes to a bot when the wait is over, like the seat of one who did not press.
 *
 * <p>The wait is a timer of the instance that took the first press; if that instance stops meanwhile, the next press
 * (on any instance) after the wait fills the seats instead, and a table nobody presses again for is closed by the
 * rules service's lobby expiry.
 */
@ApplicationScoped
public class Rematches {
    private static final Logger LOG = Logger.getLogger(Rematches.class);

    private final Projections projections;
    private final Tables tables;
    private final TableCommands commands;
    private final Duration wait;
    private final ChipsClient chips;
    /** Again tables waiting for people: new table id → when the first press came (epoch ms). */
    private final Map<String, Long> waiting = new ConcurrentHashMap<>();
    /** Again tables being created here: reserved before their first event, so the lobby never lists them. */
    private final Set<String> creating = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "again-wait");
        t.setDaemon(true);
        return t;
    });

    public Rematches(Projections projections, Tables tables, TableCommands commands, ChipsClient chips,
                     @ConfigProperty(name = "durak.again.wait", defaultValue = "30s") Duration wait) {
        this.chips = chips;
        this.projections = projections;
        this.tables = tables;
        this.commands = commands;
        this.wait = wait;
    }

    @PreDestroy
    void stop() {
        timer.shutdownNow();
    }

    /** The id of the table that "Again" at {@code finishedTableId} opens: the same for everyone who presses. */
    public static String againTableId(String finishedTableId) {
        return UUID.nameUUIDFromBytes(("durak.again\n" + finishedTableId).getBytes(StandardCharsets.UTF_8)).toString();
    }

    /** The again table of a finished table, when someone has pressed (a store read when it is not in memory). */
    public TableSnapshot againOf(TableSnapshot finished) {
        if (finished.state().status() != TableStatus.FINISHED) {
            return null;
        }
        return projections.find(againTableId(finished.tableId())).orElse(null);
    }

    /** Whether a table of the lobby is an again table still waiting for its people (not for strangers). */
    public boolean reserved(String tableId) {
        return waiting.containsKey(tableId) || creating.contains(tableId);
    }

    /**
     * {@code me} presses "Again" at the finished table {@code tableId}: completes with the again table once the caller
     * sits there (and it has started, if the caller was the last person it waited for). 403 {@code NOT_SEATED} for
     * one without a seat at the finished table (or who left its match: a bot finished it).
     */
    public CompletableFuture<TableSnapshot> press(Player me, String tableId) {
        Tables.Seated at = tables.seated(me, tableId);
        TableSnapshot finished = at.table();
        int seat = at.seat();
        TableState t = finished.state();
        if (t.status() != TableStatus.FINISHED) {
            throw new ApiException(409, ErrorCodes.MATCH_NOT_OVER, "tableId: \"Again\" is pressed once the match is over");
        }
        String id = againTableId(finished.tableId());
        TableSnapshot again = projections.find(id).orElse(null);
        CompletableFuture<TableSnapshot> seated;
        if (again == null) {
            List<BotLevel> seats = new ArrayList<>();
            for (SeatHolder h : t.seats()) {
                seats.add(h == null || h.isHuman() ? null : h.bot());
            }
            creating.add(id);
            // a staked rematch holds the stake again, before the presser is seated (docs/chips.md)
            seated = chips.staked(me, id, t.rules(), () -> commands.send(me, id, "again." + id,
                            new CommandMessage.Again(t.rules().asPractice(), seat, seats, t.tempo()))
                    .thenApply(TableCommands.Accepted::snapshot)
                    .handle((s, x) -> s != null ? CompletableFuture.completedFuture(s)
                            : rejected(x, TableDecider.TABLE_EXISTS) // another instance or person was first
                                    ? join(me, id, seat) : CompletableFuture.<TableSnapshot>failedFuture(x))
                    .thenCompose(f -> f));
        } else if (again.seatOf(me.playerId()) >= 0) {
            seated = CompletableFuture.completedFuture(again);
        } else {
            seated = chips.staked(me, id, t.rules(), () -> join(me, id, seat));
        }
        CompletableFuture<TableSnapshot> done = seated.thenCompose(s -> {
            if (s.state().status() != TableStatus.OPEN) {
                return CompletableFuture.completedFuture(s);
            }
            if (s.state().freeSeats() == 0) {
                return start(me, s);
            }
            long first = waiting.computeIfAbsent(id, k -> {
                timer.schedule(() -> fill(me, id), wait.toMillis(), TimeUnit.MILLISECONDS);
                return System.currentTimeMillis();
            });
            if (System.currentTimeMillis() - first >= wait.toMillis()) {
                return fillNow(me, s);
            }
            return CompletableFuture.completedFuture(s);
        });
        return done.whenComplete((s, x) -> creating.remove(id));
    }

    private CompletableFuture<TableSnapshot> join(Player me, String id, int seat) {
        return commands.send(me, id, "again-join." + id, new CommandMessage.Join(seat))
                .thenApply(TableCommands.Accepted::snapshot)
                .exceptionallyCompose(x -> rejected(x, TableDecider.ALREADY_SEATED)
                        ? CompletableFuture.completedFuture(projections.current(id)) : CompletableFuture.failedFuture(x));
    }

    private CompletableFuture<TableSnapshot> start(Player me, TableSnapshot s) {
        waiting.remove(s.tableId());
        return commands.send(me, s.tableId(), "again-start." + s.tableId(), new CommandMessage.Start())
                .thenApply(TableCommands.Accepted::snapshot)
                .exceptionallyCompose(x -> rejected(x, TableDecider.MATCH_STARTED)
                        ? CompletableFuture.completedFuture(projections.current(s.tableId()))
                        : CompletableFuture.failedFuture(x));
    }

    /** The wait is over: bots of the table's level in the seats nobody pressed for, then the start. */
    private void fill(Player me, String id) {
        TableSnapshot s = projections.find(id).orElse(null);
        if (s == null || s.state().status() != TableStatus.OPEN) {
            waiting.remove(id);
            return;
        }
        fillNow(me, s).whenComplete((done, x) -> {
            if (x != null) {
                LOG.warnf("again table %s: the seats of those who did not press could not be given to bots: %s", id,
                        x.getMessage());
            }
        });
    }

    private CompletableFuture<TableSnapshot> fillNow(Player me, TableSnapshot s) {
        BotLevel level = TableDecider.tableLevel(s.state());
        CompletableFuture<TableSnapshot> chain = CompletableFuture.completedFuture(s);
        for (int i = 0; i < s.state().seats().size(); i++) {
            if (s.state().seats().get(i) != null) {
                continue;
            }
            int seat = i;
            chain = chain.thenCompose(x -> commands.send(me, s.tableId(), "again-bot-" + seat + "." + s.tableId(),
                            new CommandMessage.AddBot(seat, level)).thenApply(TableCommands.Accepted::snapshot)
                    .exceptionallyCompose(e -> rejected(e, TableDecider.SEAT_TAKEN)
                            ? CompletableFuture.completedFuture(projections.current(s.tableId()))
                            : CompletableFuture.failedFuture(e)));
        }
        return chain.thenCompose(x -> x.state().freeSeats() == 0 && x.state().status() == TableStatus.OPEN
                ? start(me, x) : CompletableFuture.completedFuture(x));
    }

    private static boolean rejected(Throwable x, String code) {
        Throwable c = x instanceof CompletionException && x.getCause() != null ? x.getCause() : x;
        return c instanceof CommandRejected r && code.equals(r.code());
    }
}
