package online.durak.rules.store;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.pgclient.PgException;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import online.durak.messages.Codec;
import online.durak.messages.EventMessage;
import online.durak.rules.domain.Outcome;
import online.durak.store.TableEvents;

/**
 * The event store of docs/spine.md on PostgreSQL (reactive client, awaited: callers are the consumer threads
 * and the scheduler's workers, never an event loop).
 *
 * <pre>
 * table_events(table_id, seq, type, event jsonb, command_id, at)  primary key (table_id, seq)
 * commands(command_id primary key, table_id, player_id, kind, accepted, code, message, last_seq, at)
 * outbox(table_id, first_seq, last_seq, at)  primary key (table_id, first_seq): events stored, not yet published
 * </pre>
 *
 * Its schema is durak-store's migrations ({@code db/migration/event-store}), which Flyway runs when this service
 * starts (application.properties).
 */
@ApplicationScoped
public class EventStore {
    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(EventStore.class);

    static final String UNIQUE_VIOLATION = "23505";
    static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** At most one batch of marks this often: a handful of small transactions a second instead of one per poll. */
    static final long MARKS_EVERY_MILLIS = 100;
    private final Pool pool;
    private final io.vertx.core.Vertx vertx;

    public EventStore(Pool pool, io.vertx.core.Vertx vertx) {
        this.pool = pool;
        this.vertx = vertx;
    }

    /** The stored outcome of a command, or null when it was never decided. */
    public StoredCommand findCommand(String commandId) {
        RowSet<Row> rows = pool.preparedQuery("""
                select command_id, table_id, player_id, kind, accepted, code, message, last_seq
                from commands where command_id = $1""")
            .execute(Tuple.of(commandId)).await().atMost(TIMEOUT);
        for (Row r : rows) {
            return new StoredCommand(r.getString("command_id"), r.getString("table_id"), r.getString("player_id"),
                r.getString("kind"), r.getBoolean("accepted"), r.getString("code"), r.getString("message"),
                r.getLong("last_seq"));
        }
        return null;
    }

    /** One row of {@code table_events}; not published while the outbox still holds it. */
    public record StoredEvent(EventMessage message, boolean published) {
    }

    /** A table's whole log in {@code seq} order. */
    public List<StoredEvent> loadTable(String tableId) {
        List<Mark> marked = List.copyOf(published); // before the read: see publishedHere
        RowSet<Row> rows = pool.preparedQuery("""
                select e.table_id, e.seq, e.type, e.event::text as event, e.command_id, e.at,
                       o.table_id is null as published
                from table_events e left join outbox o
                  on o.table_id = e.table_id and e.seq between o.first_seq and o.last_seq
                where e.table_id = $1 order by e.seq""")
            .execute(Tuple.of(tableId)).await().atMost(TIMEOUT);
        return events(rows, marked);
    }

    /**
     * The tables whose deadlines the clock watches: those whose match has started with a clock ({@code turnClock}
     * set) and not ended, and those still open in the lobby (neither started nor closed). Solo tables have no
     * clock; a table with fewer than two humans is left out by the caller ({@code TurnClock.runs}).
     */
    public List<String> tablesWithDeadlines() {
        RowSet<Row> rows = pool.query("""
                select s.table_id from table_events s
                where s.type = 'MatchStarted' and jsonb_typeof(s.event -> 'rules' -> 'turnClock') = 'number'
                  and not exists (select 1 from table_events e where e.table_id = s.table_id and e.type = 'MatchEnded')
                union
                select s.table_id from table_events s
                where s.type = 'TableCreated' and not exists (select 1 from table_events e
                  where e.table_id = s.table_id and e.type in ('MatchStarted', 'TableClosed'))
                order by 1""")
            .execute().await().atMost(TIMEOUT);
        List<String> ids = new ArrayList<>(rows.size());
        for (Row r : rows) {
            ids.add(r.getString("table_id"));
        }
        return ids;
    }

    /** The events the outbox holds, as {@link #events} reads them; a condition on {@code o} follows. */
    private static final String OUTBOX_EVENTS = """
            select e.table_id, e.seq, e.type, e.event::text as event, e.command_id, e.at, false as published
            from outbox o join table_events e
              on e.table_id = o.table_id and e.seq between o.first_seq and o.last_seq
            """;

    /** A table's events not yet published, in {@code seq} order. */
    public List<StoredEvent> unpublishedOf(String tableId) {
        List<Mark> marked = List.copyOf(published);
        RowSet<Row> rows = pool.preparedQuery(OUTBOX_EVENTS + "where o.table_id = $1 order by e.seq")
            .execute(Tuple.of(tableId)).await().atMost(TIMEOUT);
        return unpublishedOnly(events(rows, marked));
    }

    /** Events left unpublished for longer than {@code minAge}, by table and {@code seq}. */
    public List<StoredEvent> unpublished(Duration minAge, int limit) {
        List<Mark> marked = List.copyOf(published);
        RowSet<Row> rows = pool.preparedQuery(OUTBOX_EVENTS + "where o.at < $1 order by e.table_id, e.seq limit $2")
            .execute(Tuple.of(utc(Instant.now().minus(minAge)), limit)).await().atMost(TIMEOUT);
        return unpublishedOnly(events(rows, marked));
    }

    /** An outcome to store, with who sent its command and the command's kind. */
    public record Entry(Outcome outcome, String playerId, String kind) {
    }

    /**
     * Stores outcomes, in order, each in one statement: an accepted command's events together with its
     * {@code commands} row and its {@code outbox} row; a rejection's row alone, inserted only while the table's log
     * still ends at the rejection's {@code lastSeq}. Several go in one transaction (group commit: one commit, so one
     * flush of the log to disk, for all of them); all or nothing. A repeated {@code commandId} fails on the
     * {@code commands} key, and so stores nothing: callers need not look the command up first.
     *
     * @throws StoreConflict when a command was stored before ({@link StoreConflict.Kind#COMMAND}) or another
     *                       writer got to a table first ({@link StoreConflict.Kind#SEQ})
     */
    public void appendAll(List<Entry> entries) {
        if (entries.size() == 1) { // one statement is a transaction of its own: no BEGIN and COMMIT round trips
            awaitStored(insert(pool, entries.get(0)));
            return;
        }
        awaitStored(pool.withTransaction(conn -> {
            Uni<Void> chain = Uni.createFrom().voidItem();
            for (Entry e : entries) {
                chain = chain.chain(() -> insert(conn, e));
            }
            return chain;
        }));
    }

    private static void awaitStored(Uni<Void> stored) {
        try {
            stored.await().atMost(TIMEOUT);
        } catch (PgException e) {
            if (UNIQUE_VIOLATION.equals(e.getSqlState())) {
                boolean command = e.getConstraint() != null && e.getConstraint().startsWith("commands");
                throw new StoreConflict(command ? StoreConflict.Kind.COMMAND : StoreConflict.Kind.SEQ,
                    e.getErrorMessage() + " (" + e.getConstraint() + ")");
            }
            throw e;
        }
    }

    /** One outcome's statement on {@code client} (the pool, or a transaction's connection). */
    private static Uni<Void> insert(SqlClient client, Entry entry) {
        Outcome outcome = entry.outcome();
        StoredCommand row = StoredCommand.of(outcome, entry.playerId(), entry.kind());
        if (outcome instanceof Outcome.Accepted a) {
            // one command's events: one table, one commandId (CommandDecider); seq, type, body and time each
            int n = a.events().size();
            Long[] seqs = new Long[n];
            String[] types = new String[n];
            String[] bodies = new String[n];
            OffsetDateTime[] ats = new OffsetDateTime[n];
            for (int i = 0; i < n; i++) {
                EventMessage e = a.events().get(i);
                seqs[i] = e.seq();
                types[i] = e.type();
                bodies[i] = Codec.toJson(e.event());
                ats[i] = utc(e.at());
            }
            // data-modifying WITH runs to completion whether or not it is read; a key violation in any
            // insert undoes all
            return client.preparedQuery("""
                    with events as (
                        insert into table_events (table_id, seq, type, event, command_id, at)
                        select $1, s, ty, e::jsonb, $2, a
                        from unnest($3::bigint[], $4::text[], $5::text[], $6::timestamptz[]) as u(s, ty, e, a)),
                    unpublished as (
                        insert into outbox (table_id, first_seq, last_seq, at)
                        values ($1, ($3::bigint[])[1], $8, $9))
                    insert into commands (command_id, table_id, player_id, kind, accepted, code, message, last_seq,
                                          at)
                    values ($2, $1, $7, $10, true, null, null, $8, $9)""")
                .execute(Tuple.tuple(Arrays.asList(row.tableId(), row.commandId(), seqs, types, bodies, ats,
                    row.playerId(), row.lastSeq(), ats[0], row.kind())))
                .replaceWithVoid();
        }
        return client.preparedQuery("""
                insert into commands (command_id, table_id, player_id, kind, accepted, code, message, last_seq,
                                      at)
                select $1::text, $2::text, $3::text, $8::text, false, $4::text, $5::text, $6::bigint,
                       $7::timestamptz
                where coalesce((select max(seq) from table_events where table_id = $2::text), 0) = $6::bigint""")
            .execute(Tuple.tuple(Arrays.asList(row.commandId(), row.tableId(), row.playerId(), row.code(),
                row.message(), row.lastSeq(), utc(Instant.now()), row.kind())))
            .onItem().invoke(inserted -> {
                if (inserted.rowCount() == 0) {
                    throw new StoreConflict(StoreConflict.Kind.SEQ,
                        "table " + row.tableId() + " has grown past " + row.lastSeq());
                }
            })
            .replaceWithVoid();
    }

    /** Marks {@code fromSeq..toSeq} of a table published: the outbox rows within it are deleted. */
    public void markPublished(String tableId, long fromSeq, long toSeq) {
        pool.preparedQuery("""
                delete from outbox where table_id = $1 and first_seq >= $2 and last_seq <= $3""")
            .execute(Tuple.of(tableId, fromSeq, toSeq)).await().atMost(TIMEOUT);
    }

    /**
     * {@link #markPublished} without waiting for it, and batched: the ranges marked within {@value #MARKS_EVERY_MILLIS}
     * ms (and while one delete is with the database) go in one statement, so that under load the marks cost a small
     * fraction of a statement per move. Consumers of the events are idempotent by seq, so a mark that fails or is lost
     * (a crash) only makes the outbox relay publish those events once more; the relay leaves rows younger than
     * {@code durak.rules.relay-min-age} (seconds) alone, so it does not race the marks.
     */
    public void markPublishedLater(String tableId, long fromSeq, long toSeq) {
        Mark mark = new Mark(tableId, fromSeq, toSeq);
        published.add(mark);
        marks.add(mark);
        if (markInFlight.compareAndSet(false, true)) {
            scheduleMarks();
        }
    }

    private record Mark(String tableId, long fromSeq, long toSeq) {
    }

    private final java.util.concurrent.ConcurrentLinkedQueue<Mark> marks = new java.util.concurrent.ConcurrentLinkedQueue<>();
    /** The marks not yet deleted from the outbox: their events are published, though the outbox still says not. */
    private final java.util.Set<Mark> published = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final java.util.concurrent.atomic.AtomicBoolean markInFlight = new java.util.concurrent.atomic.AtomicBoolean();

    private volatile long nextMarks;

    /** The next {@link #flushMarks}, no sooner than {@value #MARKS_EVERY_MILLIS} ms after the last began. */
    private void scheduleMarks() {
        long wait = java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(nextMarks - System.nanoTime());
        if (wait <= 0) {
            flushMarks();
        } else {
            vertx.setTimer(wait, id -> flushMarks());
        }
    }

    /** Sends the waiting marks (at most 1,000) in one delete; then again when more came meanwhile. One at a time. */
    private void flushMarks() {
        nextMarks = System.nanoTime() + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(MARKS_EVERY_MILLIS);
        List<Mark> batch = new ArrayList<>();
        for (Mark m; batch.size() < 1000 && (m = marks.poll()) != null; ) {
            batch.add(m);
        }
        if (batch.isEmpty()) {
            markInFlight.set(false);
            if (!marks.isEmpty() && markInFlight.compareAndSet(false, true)) {
                scheduleMarks(); // a mark came between the poll and the reset
            }
            return;
        }
        String[] tables = new String[batch.size()];
        Long[] from = new Long[batch.size()];
        Long[] to = new Long[batch.size()];
        for (int i = 0; i < batch.size(); i++) {
            tables[i] = batch.get(i).tableId();
            from[i] = batch.get(i).fromSeq();
            to[i] = batch.get(i).toSeq();
        }
        pool.preparedQuery("""
                delete from outbox o
                using unnest($1::text[], $2::bigint[], $3::bigint[]) as m(t, f, l)
                where o.table_id = m.t and o.first_seq >= m.f and o.last_seq <= m.l""")
            .execute(Tuple.of(tables, from, to))
            .subscribe().with(done -> {
                batch.forEach(published::remove);
                scheduleMarks();
            }, failure -> {
                LOG.warnf("marking %d range(s) published failed (the relay will publish them again): %s",
                    batch.size(), failure.toString());
                batch.forEach(published::remove);
                scheduleMarks();
            });
    }

    /**
     * The rows as events: published when the outbox has no row for them, or when they are in {@code marked}, the marks
     * whose delete had not finished when the read began.
     */
    private static List<StoredEvent> events(RowSet<Row> rows, List<Mark> marked) {
        List<StoredEvent> list = new ArrayList<>(rows.size());
        for (Row r : rows) {
            EventMessage m = TableEvents.toMessage(r);
            list.add(new StoredEvent(m, r.getBoolean("published") || publishedHere(m, marked)));
        }
        return list;
    }

    private static List<StoredEvent> unpublishedOnly(List<StoredEvent> events) {
        return events.stream().filter(e -> !e.published()).toList();
    }

    /**
     * Whether this instance published the event and the delete of its outbox row was still to finish: {@code marked}
     * is copied before the read, because a delete that finishes during the read is removed from {@link #published}
     * while the read may still show its row.
     */
    private static boolean publishedHere(EventMessage m, List<Mark> marked) {
        for (Mark p : marked) {
            if (p.tableId().equals(m.tableId()) && m.seq() >= p.fromSeq() && m.seq() <= p.toSeq()) {
                return true;
            }
        }
        return false;
    }

    private static OffsetDateTime utc(Instant at) {
        return at.atOffset(ZoneOffset.UTC);
    }
}
