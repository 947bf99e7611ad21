package online.durak.leaderboard.chips;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The wallets (docs/chips.md). Every change of a balance is one statement that changes the account's row in SQL
 * ({@code balance = balance + $n}, a debit only {@code where balance >= $n}) and writes its ledger entry from the
 * row it returns, so the entry exists exactly when the change does, and nothing is read into Java and written back.
 * The table-event side (stakes, payouts, releases) is {@link ChipsEvents}; both go through the statements here.
 */
@ApplicationScoped
public class Wallet {
    /** The house's own account: the indivisible remainders of split pots, and pots nobody could win. */
    public static final String HOUSE = "~house";

    public static final String GRANT = "GRANT", BONUS = "BONUS", HOLD = "HOLD", RELEASE = "RELEASE", STAKE = "STAKE",
            POT_WIN = "POT_WIN", REFUND = "REFUND";

    /** Opens a wallet with its grant, once; the grant's entry only when the row is new. */
    static final String OPEN = """
            with a as (insert into ch_accounts (player_id, balance, held) values ($1, $2, 0)
                       on conflict do nothing returning balance)
            insert into ch_ledger (player_id, kind, amount, balance_after) select $1, 'GRANT', $2, balance from a""";
    /** Adds {@code $2} to the balance (a credit) with its entry; {@code $3} the kind, {@code $4} the table. */
    static final String CREDIT = """
            with u as (update ch_accounts set balance = balance + $2 where player_id = $1 returning balance)
            insert into ch_ledger (player_id, kind, amount, table_id, balance_after)
            select $1, $3, $2, $4, balance from u returning balance_after""";
    /** The house's row, created empty when missing (it receives, it is never granted). */
    static final String OPEN_HOUSE = "insert into ch_accounts (player_id, balance, held) values ('" + HOUSE
            + "', 0, 0) on conflict do nothing";
    /** The daily bonus: once per UTC day ({@code $3}), decided by the row's {@code bonus_day}. */
    static final String BONUS_SQL = """
            with u as (update ch_accounts set balance = balance + $2, bonus_day = $3
                       where player_id = $1 and (bonus_day is null or bonus_day < $3) returning balance)
            insert into ch_ledger (player_id, kind, amount, balance_after) select $1, 'BONUS', $2, balance from u
            returning balance_after""";
    /** The table's pot, opened by its first hold with the table's stake. */
    static final String OPEN_POT = "insert into ch_pots (table_id, stake, amount, state) values ($1, $2, 0, 'HELD') "
            + "on conflict do nothing";
    static final String POT_FOR_HOLD = "select stake, started, state from ch_pots where table_id = $1 for share";
    /** A hold, new or again after a release; no row back when the player holds already at this table. */
    static final String UPSERT_HOLD = """
            insert into ch_holds (table_id, player_id, amount, state, expires_at) values ($1, $2, $3, 'HELD', $4)
            on conflict (table_id, player_id) do update set amount = excluded.amount, state = 'HELD',
                expires_at = excluded.expires_at
            where ch_holds.state = 'RELEASED' returning amount""";
    /** balance → held, only when the balance covers it. */
    static final String DEBIT_HOLD = """
            with u as (update ch_accounts set balance = balance - $2, held = held + $2
                       where player_id = $1 and balance >= $2 returning balance)
            insert into ch_ledger (player_id, kind, amount, table_id, balance_after)
            select $1, 'HOLD', -$2, $3, balance from u returning balance_after""";
    /** held → balance for one player's hold in one of the states {@code $3}; no row when there is none. */
    static final String RELEASE_SQL = """
            with h as (update ch_holds set state = 'RELEASED', expires_at = null
                       where table_id = $1 and player_id = $2 and state = any($3) returning amount),
                 u as (update ch_accounts a set balance = a.balance + h.amount, held = a.held - h.amount
                       from h where a.player_id = $2 returning a.balance, h.amount)
            insert into ch_ledger (player_id, kind, amount, table_id, balance_after)
            select $2, 'RELEASE', u.amount, $1, u.balance from u returning amount""";

    /**
     * Moves one player's unconfirmed hold to another table: the key changes, nothing else (no balance, no entry: the
     * chips stay held). {@code $1} from, {@code $2} to, {@code $3} the player, {@code $4} the new expiry.
     */
    static final String MOVE_HOLD = """
            update ch_holds set table_id = $2, expires_at = $4
            where table_id = $1 and player_id = $3 and state = 'HELD' returning amount""";

    /** A hold's outcome: {@code taken} false when the player held at this table already (nothing changed). */
    public record Held(String tableId, String playerId, long amount, boolean taken, long balance) {
    }

    public record Entry(OffsetDateTime at, String kind, long amount, String tableId, long balanceAfter) {
    }

    public record Statement(long balance, long held, List<Entry> entries, int page, int pages) {
    }

    public record Bonus(long balance, long amount, OffsetDateTime nextBonusAt) {
    }

    private final Pool pool;
    private final long grant;
    private final long dailyBonus;
    private final Duration holdTtl;
    private final int pageSize;

    public Wallet(Pool pool, @ConfigProperty(name = "durak.chips.grant", defaultValue = "1000") long grant,
                  @ConfigProperty(name = "durak.chips.daily-bonus", defaultValue = "100") long dailyBonus,
                  @ConfigProperty(name = "durak.chips.hold-ttl", defaultValue = "10m") Duration holdTtl,
                  @ConfigProperty(name = "durak.chips.page-size", defaultValue = "20") int pageSize) {
        this.pool = pool;
        this.grant = grant;
        this.dailyBonus = dailyBonus;
        this.holdTtl = holdTtl;
        this.pageSize = pageSize;
    }

    public Pool pool() {
        return pool;
    }

    Uni<Void> open(SqlConnection c, String playerId) {
        return c.preparedQuery(OPEN).execute(Tuple.of(playerId, grant)).replaceWithVoid();
    }

    /** An account's balance, holds and one page of its ledger, newest first; the wallet opened when new. */
    public Uni<Statement> statement(String playerId, int page) {
        return pool.withTransaction(c -> open(c, playerId)
                .chain(() -> c.preparedQuery("select balance, held from ch_accounts where player_id = $1")
                        .execute(Tuple.of(playerId)))
                .chain(acct -> c.preparedQuery("select count(*) from ch_ledger where player_id = $1")
                        .execute(Tuple.of(playerId)).chain(count -> c.preparedQuery(
                                        "select at, kind, amount, table_id, balance_after from ch_ledger"
                                                + " where player_id = $1 order by id desc limit $2 offset $3")
                                .execute(Tuple.of(playerId, pageSize, (long) page * pageSize)).map(rows -> {
                                    Row a = acct.iterator().next();
                                    long n = count.iterator().next().getLong(0);
                                    List<Entry> entries = new ArrayList<>();
                                    for (Row r : rows) {
                                        entries.add(new Entry(r.getOffsetDateTime("at"), r.getString("kind"),
                                                r.getLong("amount"), r.getString("table_id"),
                                                r.getLong("balance_after")));
                                    }
                                    int pages = (int) Math.max(1, (n + pageSize - 1) / pageSize);
                                    return new Statement(a.getLong("balance"), a.getLong("held"), entries, page, pages);
                                }))));
    }

    /** The daily bonus, or 409 {@code BONUS_ALREADY_CLAIMED} when claimed already this UTC day. */
    public Uni<Bonus> bonus(String playerId) {
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        OffsetDateTime next = today.plusDays(1).atStartOfDay().atOffset(ZoneOffset.UTC);
        return pool.withTransaction(c -> open(c, playerId)
                .chain(() -> c.preparedQuery(BONUS_SQL).execute(Tuple.of(playerId, dailyBonus, today)))
                .map(rows -> {
                    if (rows.rowCount() == 0) {
                        throw new ApiException(409, ErrorCodes.BONUS_ALREADY_CLAIMED, "bonus: claimed already today "
                                + "(UTC); the next one from " + next);
                    }
                    return new Bonus(rows.iterator().next().getLong(0), dailyBonus, next);
                }));
    }

    /**
     * Holds {@code amount} of {@code playerId}'s balance for {@code tableId} (docs/chips.md "Holds"): idempotent by
     * (table, player). 409 {@code INSUFFICIENT_CHIPS} when the balance does not cover it, 409 {@code MATCH_STARTED}
     * when the table's match has started, 422 {@code INVALID_REQUEST} for another amount than the table's stake; a
     * refusal changes nothing (the transaction is rolled back, the grant of a new wallet with it).
     */
    public Uni<Held> hold(String tableId, String playerId, long amount) {
        OffsetDateTime expires = OffsetDateTime.now(ZoneOffset.UTC).plus(holdTtl);
        return pool.withTransaction(c -> open(c, playerId)
                .chain(() -> c.preparedQuery(OPEN_POT).execute(Tuple.of(tableId, amount)))
                .chain(() -> c.preparedQuery(POT_FOR_HOLD).execute(Tuple.of(tableId)))
                .chain(pot -> {
                    Row p = pot.iterator().next();
                    if (p.getLong("stake") != amount) {
                        throw new ApiException(422, ErrorCodes.INVALID_REQUEST, "amount: the stake of table "
                                + tableId + " is " + p.getLong("stake") + ", not " + amount);
                    }
                    if (p.getBoolean("started") || !"HELD".equals(p.getString("state"))) {
                        throw new ApiException(409, online.durak.engine.table.TableDecider.MATCH_STARTED, "tableId: the match of table "
                                + tableId + " has started or is closed; no stake is held for it any more");
                    }
                    return c.preparedQuery(UPSERT_HOLD).execute(Tuple.of(tableId, playerId, amount, expires));
                })
                .chain(upserted -> upserted.rowCount() == 0
                        ? balance(c, playerId).map(b -> new Held(tableId, playerId, amount, false, b))
                        : c.preparedQuery(DEBIT_HOLD).execute(Tuple.of(playerId, amount, tableId)).chain(debited -> {
                            if (debited.rowCount() == 0) {
                                return balance(c, playerId).map(b -> {
                                    throw new ApiException(409, ErrorCodes.INSUFFICIENT_CHIPS, "stake: " + amount
                                            + " chips are needed at table " + tableId + ", the balance is " + b
                                            + " (chips held at other tables are not free)");
                                });
                            }
                            return Uni.createFrom().item(new Held(tableId, playerId, amount, true,
                                    debited.iterator().next().getLong(0)));
                        })));
    }

    /**
     * Moves {@code playerId}'s {@code HELD} hold from {@code fromTableId} to {@code toTableId} (a quick-match ticket's
     * hold to the table its pool formed, docs/chips.md "Quick match"), opening the new table's pot with the hold's
     * amount as its stake. Idempotent: true also when the hold is at {@code toTableId} already. 409 {@code NO_HOLD}
     * when there is none to move (released, swept); 409 {@code MATCH_STARTED} when the new table's match started.
     */
    public Uni<Boolean> move(String fromTableId, String toTableId, String playerId) {
        OffsetDateTime expires = OffsetDateTime.now(ZoneOffset.UTC).plus(holdTtl);
        // a released hold of this player at the new table would hold the key: it carries no chips
        return pool.withTransaction(c -> c.preparedQuery(
                        "delete from ch_holds where table_id = $1 and player_id = $2 and state = 'RELEASED'")
                .execute(Tuple.of(toTableId, playerId))
                .chain(() -> c.preparedQuery(MOVE_HOLD).execute(Tuple.of(fromTableId, toTableId, playerId, expires)))
                .chain(moved -> {
                    if (moved.rowCount() == 0) {
                        return c.preparedQuery("select 1 from ch_holds where table_id = $1 and player_id = $2"
                                        + " and state <> 'RELEASED'").execute(Tuple.of(toTableId, playerId))
                                .map(there -> {
                                    if (there.rowCount() == 0) {
                                        throw new ApiException(409, ErrorCodes.NO_HOLD, "fromTableId: " + playerId
                                                + " holds no chips at " + fromTableId + " (released or expired)");
                                    }
                                    return true; // moved already: a retry
                                });
                    }
                    long amount = moved.iterator().next().getLong(0);
                    return c.preparedQuery(OPEN_POT).execute(Tuple.of(toTableId, amount))
                            .chain(() -> c.preparedQuery(POT_FOR_HOLD).execute(Tuple.of(toTableId)))
                            .map(pot -> {
                                Row p = pot.iterator().next();
                                if (p.getLong("stake") != amount) {
                                    throw new ApiException(422, ErrorCodes.INVALID_REQUEST, "toTableId: the stake of "
                                            + "table " + toTableId + " is " + p.getLong("stake") + ", not " + amount);
                                }
                                if (p.getBoolean("started") || !"HELD".equals(p.getString("state"))) {
                                    throw new ApiException(409, online.durak.engine.table.TableDecider.MATCH_STARTED,
                                            "toTableId: the match of table " + toTableId + " has started or is closed");
                                }
                                return true;
                            })
                            // the ticket's own pot, empty now, is not a table's
                            .call(() -> c.preparedQuery("delete from ch_pots p where table_id = $1 and amount = 0"
                                    + " and not started and not exists (select 1 from ch_holds h where h.table_id ="
                                    + " $1 and h.state <> 'RELEASED')").execute(Tuple.of(fromTableId)));
                }));
    }

    /** Releases a hold not confirmed by a seat (a refused join); false when there was none. */
    public Uni<Boolean> releaseUnseated(String tableId, String playerId) {
        return pool.withTransaction(c -> release(c, tableId, playerId, new String[] {"HELD"}))
                .map(n -> n > 0);
    }

    static Uni<Integer> release(SqlConnection c, String tableId, String playerId, String[] states) {
        return c.preparedQuery(RELEASE_SQL).execute(Tuple.of(tableId, playerId, states)).map(RowSet::rowCount);
    }

    /** Releases every hold no seat confirmed before its expiry (a crash between the hold and the join). */
    public Uni<Integer> sweep() {
        return pool.withTransaction(c -> c.preparedQuery("select table_id, player_id from ch_holds where state = 'HELD'"
                        + " and expires_at < now() order by table_id, player_id limit 200 for update skip locked")
                .execute().chain(rows -> {
                    Uni<Integer> n = Uni.createFrom().item(0);
                    for (Row r : rows) {
                        String t = r.getString(0), p = r.getString(1);
                        n = n.chain(k -> release(c, t, p, new String[] {"HELD"}).map(x -> k + x));
                    }
                    return n;
                }));
    }

    /** A player's balance, or null without a wallet (a guest, or an account never seen here); opens none. */
    public Uni<Long> balance(String playerId) {
        return pool.preparedQuery("select balance from ch_accounts where player_id = $1").execute(Tuple.of(playerId))
                .map(r -> r.iterator().hasNext() ? r.iterator().next().getLong(0) : null);
    }

    private static Uni<Long> balance(SqlConnection c, String playerId) {
        return c.preparedQuery("select balance from ch_accounts where player_id = $1").execute(Tuple.of(playerId))
                .map(r -> r.iterator().hasNext() ? r.iterator().next().getLong(0) : 0L);
    }
}
