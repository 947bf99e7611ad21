package online.durak.leaderboard.chips;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import online.durak.engine.Event;
import online.durak.leaderboard.score.FinishedMatch;
import online.durak.leaderboard.score.MatchResults;
import online.durak.messages.EventMessage;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The table events that move chips (docs/chips.md "Holds"): {@code SeatTaken} confirms a hold, {@code SeatLeft} and
 * {@code TableClosed} before the start release holds, {@code MatchStarted} turns the seated holds into the pot (and
 * releases those no seat confirmed), {@code MatchEnded} pays the pot. Only tables with a pot (a stake) are looked
 * at. Each event is applied once: its {@code (table_id, seq)} is written to {@code ch_applied} in the same
 * transaction as the change, so a redelivery (a restart, a {@code kill -9} before the offset's commit) changes
 * nothing. Blocking: called on the consumer's thread.
 */
@ApplicationScoped
public class ChipsEvents {
    private static final Logger LOG = Logger.getLogger(ChipsEvents.class);

    /** The event types this class reads (the consumer passes over the others without parsing them). */
    public static final Set<String> TYPES = Set.of("SeatTaken", "SeatLeft", "TableClosed", "MatchStarted",
            "MatchEnded");

    private static final String[] ACTIVE = {"HELD", "SEATED"};

    private final Wallet wallet;
    private final Duration timeout;
    private final Counter applied;
    private final Counter duplicates;

    public ChipsEvents(Wallet wallet, MeterRegistry registry,
                       @ConfigProperty(name = "durak.store.timeout", defaultValue = "10s") Duration timeout) {
        this.wallet = wallet;
        this.timeout = timeout;
        this.applied = Counter.builder("durak.chips.events").tag("outcome", "applied")
                .description("Events of staked tables handed to the chips, by outcome").register(registry);
        this.duplicates = Counter.builder("durak.chips.events").tag("outcome", "duplicate").register(registry);
    }

    /**
     * Applies one event of a table; {@code log} reads the table's log up to a {@code MatchEnded} (for its places).
     *
     * @return whether chips moved or holds changed (false: no stake at that table, or applied already)
     */
    public boolean apply(EventMessage m, Supplier<List<EventMessage>> log) {
        if (!TYPES.contains(m.type())) {
            return false;
        }
        var pot = wallet.pool().preparedQuery("select state from ch_pots where table_id = $1")
                .execute(Tuple.of(m.tableId())).await().atMost(timeout);
        if (!pot.iterator().hasNext()) {
            return false; // no stake at this table: nothing to do, nothing to remember
        }
        FinishedMatch finished = null;
        if (m.event() instanceof Event.MatchEnded && "HELD".equals(pot.iterator().next().getString(0))) {
            Optional<FinishedMatch> f = MatchResults.of(log.get());
            if (f.isEmpty()) {
                throw new IllegalStateException("the log of " + m.tableId() + " does not end with its MatchEnded yet");
            }
            finished = f.get();
        }
        FinishedMatch match = finished;
        boolean fresh = wallet.pool().withTransaction(c -> c.preparedQuery(
                        "insert into ch_applied (table_id, seq) values ($1, $2) on conflict do nothing")
                .execute(Tuple.of(m.tableId(), m.seq()))
                .chain(marked -> marked.rowCount() == 0 ? Uni.createFrom().item(false)
                        : change(c, m, match).replaceWith(true)))
                .await().atMost(timeout);
        (fresh ? applied : duplicates).increment();
        return fresh;
    }

    private Uni<Void> change(SqlConnection c, EventMessage m, FinishedMatch match) {
        String t = m.tableId();
        Event e = m.event();
        if (e instanceof Event.SeatTaken s && s.bot() == null) {
            return c.preparedQuery("update ch_holds set state = 'SEATED', expires_at = null"
                    + " where table_id = $1 and player_id = $2 and state = 'HELD'").execute(Tuple.of(t, s.playerId()))
                    .replaceWithVoid();
        }
        if (e instanceof Event.SeatLeft s) {
            return Wallet.release(c, t, s.playerId(), ACTIVE).replaceWithVoid();
        }
        if (e instanceof Event.TableClosed) {
            return releaseAll(c, t).chain(() -> c.preparedQuery(
                    "update ch_pots set state = 'REFUNDED', settled_at = now() where table_id = $1 and state = 'HELD'"
                            + " and not started").execute(Tuple.of(t))).replaceWithVoid();
        }
        if (e instanceof Event.MatchStarted) {
            return stake(c, t);
        }
        if (e instanceof Event.MatchEnded && match != null) {
            return pay(c, t, match);
        }
        return Uni.createFrom().voidItem();
    }

    private static Uni<Void> releaseAll(SqlConnection c, String t) {
        return c.preparedQuery("select player_id from ch_holds where table_id = $1 and state = any($2)"
                        + " order by player_id").execute(Tuple.of(t, ACTIVE))
                .chain(rows -> {
                    Uni<Void> chain = Uni.createFrom().voidItem();
                    for (Row r : rows) {
                        String p = r.getString(0);
                        chain = chain.chain(() -> Wallet.release(c, t, p, ACTIVE)).replaceWithVoid();
                    }
                    return chain;
                });
    }

    /**
     * The match starts: every seated hold becomes the player's stake in the pot (held → pot, a {@code STAKE} entry);
     * a hold no seat confirmed is released (its join came too late or never). Accounts in player-id order, so two
     * tables starting at once lock their common players' rows in the same order.
     */
    private static Uni<Void> stake(SqlConnection c, String t) {
        return c.preparedQuery("update ch_pots set started = true where table_id = $1").execute(Tuple.of(t))
                .chain(() -> c.preparedQuery("update ch_holds set state = 'STAKED', expires_at = null"
                        + " where table_id = $1 and state = 'SEATED' returning player_id, amount").execute(Tuple.of(t)))
                .chain(rows -> {
                    Map<String, Long> stakes = new TreeMap<>();
                    rows.forEach(r -> stakes.put(r.getString(0), r.getLong(1)));
                    Uni<Void> chain = Uni.createFrom().voidItem();
                    long sum = 0;
                    for (var s : stakes.entrySet()) {
                        sum += s.getValue();
                        chain = chain.chain(() -> c.preparedQuery("""
                                with u as (update ch_accounts set held = held - $2 where player_id = $1
                                           returning balance)
                                insert into ch_ledger (player_id, kind, amount, table_id, balance_after)
                                select $1, 'STAKE', -$2, $3, balance from u""")
                                .execute(Tuple.of(s.getKey(), s.getValue(), t))).replaceWithVoid();
                    }
                    long pot = sum;
                    return chain.chain(() -> c.preparedQuery("update ch_pots set amount = amount + $2 where table_id = $1")
                            .execute(Tuple.of(t, pot))).replaceWithVoid();
                })
                .chain(() -> c.preparedQuery("select player_id from ch_holds where table_id = $1 and state = 'HELD'"
                        + " order by player_id").execute(Tuple.of(t)))
                .chain(rows -> {
                    Uni<Void> chain = Uni.createFrom().voidItem();
                    for (Row r : rows) {
                        String p = r.getString(0);
                        chain = chain.chain(() -> Wallet.release(c, t, p, new String[] {"HELD"})).replaceWithVoid();
                    }
                    return chain;
                });
    }

    /**
     * The match is over: the pot goes to the best-placed of those who staked and played to the end (place ≥ 1, as
     * the leaderboard places them), split evenly on a tie; the indivisible remainder, and a whole pot nobody of them
     * is left to win (every staker left the match), go to the house's account. Guests and bots never staked, so
     * they never win.
     */
    private static Uni<Void> pay(SqlConnection c, String t, FinishedMatch match) {
        return c.preparedQuery("update ch_pots set state = 'PAID', settled_at = now() where table_id = $1"
                        + " and state = 'HELD' returning amount").execute(Tuple.of(t))
                .chain(pot -> {
                    if (!pot.iterator().hasNext()) {
                        return Uni.createFrom().voidItem();
                    }
                    long amount = pot.iterator().next().getLong(0);
                    return c.preparedQuery("select player_id from ch_holds where table_id = $1 and state = 'STAKED'")
                            .execute(Tuple.of(t)).chain(rows -> {
                                Set<String> stakers = new java.util.HashSet<>();
                                rows.forEach(r -> stakers.add(r.getString(0)));
                                return payOut(c, t, amount, winners(match, stakers));
                            });
                });
    }

    /** The best-placed stakers who played to the end, in seat order. */
    static List<FinishedMatch.Entry> winners(FinishedMatch match, Set<String> stakers) {
        int best = Integer.MAX_VALUE;
        for (FinishedMatch.Entry e : match.entries()) {
            if (stakers.contains(e.playerId()) && !e.left() && e.place() >= 1) {
                best = Math.min(best, e.place());
            }
        }
        List<FinishedMatch.Entry> out = new ArrayList<>();
        for (FinishedMatch.Entry e : match.entries()) {
            if (stakers.contains(e.playerId()) && !e.left() && e.place() == best) {
                out.add(e);
            }
        }
        out.sort(java.util.Comparator.comparingInt(FinishedMatch.Entry::seat));
        return out;
    }

    private static Uni<Void> payOut(SqlConnection c, String t, long amount, List<FinishedMatch.Entry> winners) {
        long share = winners.isEmpty() ? 0 : amount / winners.size();
        long remainder = amount - share * winners.size();
        Uni<Void> chain = Uni.createFrom().voidItem();
        // accounts in player-id order (as stake does)
        List<FinishedMatch.Entry> byId = new ArrayList<>(winners);
        byId.sort(java.util.Comparator.comparing(FinishedMatch.Entry::playerId));
        for (FinishedMatch.Entry w : byId) {
            if (share == 0) {
                break;
            }
            chain = chain.chain(() -> c.preparedQuery(Wallet.CREDIT).execute(Tuple.of(w.playerId(), share,
                            Wallet.POT_WIN, t)))
                    .chain(() -> c.preparedQuery("insert into ch_payouts (table_id, player_id, name, amount)"
                            + " values ($1, $2, $3, $4)").execute(Tuple.of(t, w.playerId(), w.name(), share)))
                    .replaceWithVoid();
        }
        if (remainder > 0) {
            LOG.debugf("%s: %d chip(s) of the pot to the house", t, remainder);
            chain = chain.chain(() -> c.query(Wallet.OPEN_HOUSE).execute())
                    .chain(() -> c.preparedQuery(Wallet.CREDIT).execute(Tuple.of(Wallet.HOUSE, remainder,
                            Wallet.POT_WIN, t)))
                    .chain(() -> c.preparedQuery("insert into ch_payouts (table_id, player_id, name, amount)"
                            + " values ($1, $2, 'house', $3)").execute(Tuple.of(t, Wallet.HOUSE, remainder)))
                    .replaceWithVoid();
        }
        return chain;
    }
}
