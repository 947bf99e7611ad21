package online.durak.matchmaking.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.type.CollectionType;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.pgclient.PgException;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import online.durak.engine.Rules;
import online.durak.matchmaking.pool.Wish;
import online.durak.messages.Codec;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.faulttolerance.Retry;

/**
 * Tickets and formed tables in PostgreSQL (docs/matchmaking.md "Store"). Blocking calls, for worker threads.
 *
 * <p>One pool is formed by one instance at a time: {@link #form} holds the transaction-scoped advisory lock
 * {@code (hashtext('durak.matchmaking'), hashtext(pool))}, taken with {@code pg_try_advisory_xact_lock} so that an
 * instance finding it held passes the pool over instead of waiting; inside it the pool's waiting tickets are locked
 * {@code for update}, so a cancel or heartbeat of one of them waits for the formation and then sees it formed.
 * A ticket is seated by {@code update ... where table_id is null}: nobody is seated twice.
 */
@ApplicationScoped
public class TicketStore {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final CollectionType SEATS = JSON.getTypeFactory()
            .constructCollectionType(List.class, FormedTable.Seat.class);
    private static final String COLUMNS = "player_id, ticket_id, name, players, sizes, rules, rating, since, "
            + "heartbeat_at, table_id, seat, formed_at";

    private static final Rules STORED = Rules.defaults(2).withTurnClockSeconds(0);

    private final Pool pool;
    private final Duration timeout;

    public TicketStore(Pool pool, @ConfigProperty(name = "durak.store.timeout", defaultValue = "10s") Duration timeout) {
        this.pool = pool;
        this.timeout = timeout;
    }

    /** The player holds a waiting ticket already. */
    public static final class TicketExists extends RuntimeException {
        public TicketExists() {
            super(null, null, false, false);
        }
    }

    /** Stores a new ticket, in place of a formed one; {@link TicketExists} while one waits. */
    public void insert(Ticket t) {
        try {
            pool.withTransaction(c -> c.preparedQuery("delete from mm_tickets where player_id = $1 and table_id is not null")
                            .execute(Tuple.of(t.playerId()))
                            .chain(() -> c.preparedQuery("insert into mm_tickets (player_id, ticket_id, name, pool, "
                                    + "players, sizes, rules, rating, since, heartbeat_at) values "
                                    + "($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10)")
                                    .execute(Tuple.tuple().addString(t.playerId()).addString(t.ticketId())
                                            .addString(t.name()).addString(t.wish().pool())
                                            .addInteger(t.wish().players())
                                            .addArrayOfInteger(t.wish().sizes().toArray(Integer[]::new))
                                            .addString(Codec.toJson(t.wish().rules())).addDouble(t.rating())
                                            .addOffsetDateTime(at(t.since())).addOffsetDateTime(at(t.heartbeatAt())))))
                    .await().atMost(timeout);
        } catch (PgException e) {
            if ("23505".equals(e.getSqlState())) { // the player's key: a ticket waits already
                throw new TicketExists();
            }
            throw e;
        }
    }

    public Optional<Ticket> find(String playerId) {
        RowSet<Row> rows = pool.preparedQuery("select " + COLUMNS + " from mm_tickets where player_id = $1")
                .execute(Tuple.of(playerId)).await().atMost(timeout);
        return rows.size() == 0 ? Optional.empty() : Optional.of(ticket(rows.iterator().next()));
    }

    /** The client is still there: the waiting ticket's heartbeat is now. Returns the ticket, waiting or formed. */
    public Optional<Ticket> heartbeat(String playerId, Instant now) {
        RowSet<Row> rows = pool.preparedQuery("update mm_tickets set heartbeat_at = $2 where player_id = $1 "
                        + "and table_id is null returning " + COLUMNS)
                .execute(Tuple.of(playerId, at(now))).await().atMost(timeout);
        return rows.size() == 0 ? find(playerId) : Optional.of(ticket(rows.iterator().next()));
    }

    /** Deletes the player's waiting ticket; the deleted one, or empty when none waits. */
    public Optional<Ticket> cancel(String playerId) {
        RowSet<Row> rows = pool.preparedQuery("delete from mm_tickets where player_id = $1 and table_id is null "
                + "returning " + COLUMNS).execute(Tuple.of(playerId)).await().atMost(timeout);
        return rows.size() == 0 ? Optional.empty() : Optional.of(ticket(rows.iterator().next()));
    }

    /** The pools with waiting tickets. */
    public List<String> waitingPools() {
        List<String> pools = new ArrayList<>();
        pool.query("select distinct pool from mm_tickets where table_id is null").execute().await().atMost(timeout)
                .forEach(r -> pools.add(r.getString(0)));
        return pools;
    }

    /** A pool's waiting tickets, oldest first, without locking them (what a waiting screen shows). */
    public List<Ticket> waiting(String poolKey) {
        List<Ticket> tickets = new ArrayList<>();
        pool.preparedQuery("select " + COLUMNS + " from mm_tickets where pool = $1 and table_id is null order by since")
                .execute(Tuple.of(poolKey)).await().atMost(timeout).forEach(r -> tickets.add(ticket(r)));
        return tickets;
    }

    /** What one formation of a pool did: tickets dropped for want of a heartbeat or of their hold, tables formed. */
    public record Formation(List<Ticket> dropped, List<FormedTable> tables, List<Ticket> holdsGone) {
    }

    /** What the forming decided: the tables, and the tickets dropped because their stake's hold was gone. */
    public record Decision(List<FormedTable> tables, List<Ticket> holdsGone) {
    }

    /**
     * Forms a pool under its advisory lock: drops its waiting tickets without a heartbeat since
     * {@code staleBefore}, hands the rest (oldest first, locked) to {@code decide} (on a worker thread: it may call
     * the wallet), drops the tickets it says lost their hold, and seats the tickets of the tables it returns. Null
     * when another instance is forming this pool right now.
     */
    public Formation form(String poolKey, Instant staleBefore, Function<List<Ticket>, Decision> decide) {
        return pool.withTransaction(c -> c.preparedQuery(
                                "select pg_try_advisory_xact_lock(hashtext('durak.matchmaking'), hashtext($1))")
                        .execute(Tuple.of(poolKey))
                        .chain(locked -> !locked.iterator().next().getBoolean(0) ? Uni.createFrom().<Formation>nullItem()
                                : formLocked(c, poolKey, staleBefore, decide)))
                .await().atMost(timeout);
    }

    private Uni<Formation> formLocked(SqlConnection c, String poolKey, Instant staleBefore,
                                      Function<List<Ticket>, Decision> decide) {
        return c.preparedQuery("delete from mm_tickets where pool = $1 and table_id is null and heartbeat_at < $2 "
                        + "returning " + COLUMNS)
                .execute(Tuple.of(poolKey, at(staleBefore)))
                .chain(deleted -> c.preparedQuery("select " + COLUMNS + " from mm_tickets where pool = $1 "
                                + "and table_id is null order by since for update")
                        .execute(Tuple.of(poolKey))
                        .emitOn(Infrastructure.getDefaultWorkerPool())
                        .chain(rows -> {
                            List<Ticket> dropped = new ArrayList<>();
                            deleted.forEach(r -> dropped.add(ticket(r)));
                            List<Ticket> waiting = new ArrayList<>();
                            rows.forEach(r -> waiting.add(ticket(r)));
                            Decision d = decide.apply(waiting);
                            List<Tuple> gone = d.holdsGone().stream().map(t -> Tuple.of(t.playerId(), t.ticketId()))
                                    .toList();
                            Uni<?> drop = gone.isEmpty() ? Uni.createFrom().voidItem()
                                    : c.preparedQuery("delete from mm_tickets where player_id = $1 and ticket_id = $2"
                                            + " and table_id is null").executeBatch(gone);
                            return drop.chain(() -> seat(c, d.tables()))
                                    .replaceWith(new Formation(dropped, d.tables(), d.holdsGone()));
                        }));
    }

    private Uni<Void> seat(SqlConnection c, List<FormedTable> tables) {
        if (tables.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        List<Tuple> inserts = new ArrayList<>();
        List<Tuple> seats = new ArrayList<>();
        for (FormedTable t : tables) {
            inserts.add(Tuple.of(t.tableId(), t.pool(), Codec.toJson(t.rules()), json(t.seats()), at(t.formedAt())));
            for (FormedTable.Seat s : t.people()) {
                seats.add(Tuple.of(t.tableId(), s.seat(), at(t.formedAt()), s.playerId()));
            }
        }
        return c.preparedQuery("insert into mm_tables (table_id, pool, rules, seats, formed_at, sent_at) "
                        + "values ($1, $2, $3::jsonb, $4::jsonb, $5, $5)").executeBatch(inserts)
                .chain(() -> c.preparedQuery("update mm_tickets set table_id = $1, seat = $2, formed_at = $3 "
                        + "where player_id = $4 and table_id is null").executeBatch(seats))
                .invoke(updated -> {
                    for (RowSet<Row> r = updated; r != null; r = r.next()) {
                        if (r.rowCount() != 1) { // the row lock makes this impossible; never seat anyone twice
                            throw new IllegalStateException("a ticket changed while its pool was being formed");
                        }
                    }
                })
                .replaceWithVoid();
    }

    /**
     * Formed tables whose start has not been confirmed since {@code sentBefore}: claimed (their {@code sent_at} set
     * to {@code now}, {@code for update skip locked}), so that one instance sends them again at a time.
     */
    public List<FormedTable> claimUnstarted(Instant sentBefore, Instant now, int limit) {
        List<FormedTable> tables = new ArrayList<>();
        pool.preparedQuery("update mm_tables set sent_at = $2 where table_id in (select table_id from mm_tables "
                        + "where started_at is null and failed is null and sent_at < $1 order by sent_at limit $3 "
                        + "for update skip locked) returning table_id, pool, rules, seats, formed_at")
                .execute(Tuple.of(at(sentBefore), at(now), limit)).await().atMost(timeout)
                .forEach(r -> tables.add(new FormedTable(r.getString("table_id"), r.getString("pool"),
                        rules(r),
                        seats(r.getValue("seats").toString()), r.getOffsetDateTime("formed_at").toInstant())));
        return tables;
    }

    public void started(String tableId, Instant now) {
        pool.preparedQuery("update mm_tables set started_at = $2 where table_id = $1")
                .execute(Tuple.of(tableId, at(now))).await().atMost(timeout);
    }

    /** The rules service refused the table: its tickets wait again, in their old place. */
    public void failed(String tableId, String code) {
        pool.withTransaction(c -> c.preparedQuery("update mm_tables set failed = $2 where table_id = $1")
                        .execute(Tuple.of(tableId, code))
                        .chain(() -> c.preparedQuery("update mm_tickets set table_id = null, seat = null, "
                                + "formed_at = null where table_id = $1").execute(Tuple.of(tableId))))
                .await().atMost(timeout);
    }

    /**
     * After a start: every waiting ticket's heartbeat is now, so that nobody is dropped for the service's downtime.
     * Tried again while the store is slow to answer (a busy machine at start), before the start is given up.
     */
    @Retry(maxRetries = 5, delay = 1, delayUnit = ChronoUnit.SECONDS)
    public int refreshHeartbeats(Instant now) {
        return pool.preparedQuery("update mm_tickets set heartbeat_at = $1 where table_id is null and heartbeat_at < $1")
                .execute(Tuple.of(at(now))).await().atMost(timeout).rowCount();
    }

    /** Forgets formed tickets (and started tables) formed before {@code before}. */
    public int forgetFormed(Instant before) {
        int n = pool.preparedQuery("delete from mm_tickets where table_id is not null and formed_at < $1")
                .execute(Tuple.of(at(before))).await().atMost(timeout).rowCount();
        pool.preparedQuery("delete from mm_tables where started_at < $1 or failed is not null and formed_at < $1")
                .execute(Tuple.of(at(before))).await().atMost(timeout);
        return n;
    }

    private static Ticket ticket(Row r) {
        Integer[] sizes = r.getArrayOfIntegers("sizes");
        Rules rules = rules(r);
        Wish wish = new Wish(r.getInteger("players"), rules, Arrays.asList(sizes));
        return new Ticket(r.getString("ticket_id"), r.getString("player_id"), r.getString("name"), wish,
                r.getDouble("rating"), instant(r.getOffsetDateTime("since")),
                instant(r.getOffsetDateTime("heartbeat_at")), r.getString("table_id"), r.getInteger("seat"),
                instant(r.getOffsetDateTime("formed_at")));
    }

    /** Stored settings, written by Codec: a setting left out is its default, the clock too (none). */
    private static Rules rules(Row r) {
        return Codec.readRules(Codec.parse(r.getValue("rules").toString()), STORED);
    }

    private static String json(List<FormedTable.Seat> seats) {
        try {
            return JSON.writeValueAsString(seats);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<FormedTable.Seat> seats(String json) {
        try {
            return JSON.readValue(json, SEATS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static OffsetDateTime at(Instant i) {
        return i == null ? null : OffsetDateTime.ofInstant(i, ZoneOffset.UTC);
    }

    private static Instant instant(OffsetDateTime t) {
        return t == null ? null : t.toInstant();
    }
}
