package online.durak.leaderboard.messaging;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import online.durak.leaderboard.daily.DailyProjector;
import online.durak.leaderboard.daily.DailyStore;
import online.durak.leaderboard.store.ReadModel;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import online.durak.store.TableEvents;
import org.jboss.logging.Logger;

/**
 * Rebuilds the leaderboard from the event store: empties the read model's tables and applies every
 * {@code MatchEnded} of {@code table_events} through the same {@link MatchProjector} as the consumer. The consumer
 * keeps running meanwhile; whatever it applies is keyed by the same {@code (table_id, seq)}, so the two never count a
 * match twice. It runs on a thread of its own ({@link #start}, {@link #status}); progress is logged every
 * {@value #LOG_EVERY} matches.
 */
@ApplicationScoped
public class Rebuild {
    private static final Logger LOG = Logger.getLogger(Rebuild.class);
    private static final int LOG_EVERY = 500;
    static final String MATCH_ENDS =
            "SELECT table_id, seq FROM table_events WHERE type = 'MatchEnded' ORDER BY at, table_id, seq";

    /** The last event of every daily game's counting attempt: its row as it stands now. */
    static final String DAILY_ATTEMPTS = "SELECT e.table_id, max(e.seq) AS seq FROM table_events e WHERE e.table_id IN "
            + "(SELECT table_id FROM table_events WHERE seq = 1 AND type = 'TableCreated' AND event->'rules' ? 'daily'"
            + " AND NOT coalesce((event->'rules'->>'practice')::boolean, false)) GROUP BY e.table_id";

    private final ReadModel readModel;
    private final DailyStore daily;
    private final DailyProjector dailyProjector;
    private final MatchProjector projector;
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicLong done = new AtomicLong();
    private volatile Status last = new Status(false, 0, 0, 0, 0, null);

    /**
     * Where the running (or last) rebuild is.
     *
     * @param matches the finished matches in the event store when it began
     * @param done    of those, how many it has handed to the projector
     * @param applied of those, how many it applied itself (the rest the consumer had applied meanwhile)
     * @param error   why it stopped early, else null
     */
    public record Status(boolean running, long matches, long done, long applied, long millis, String error) {
    }

    public Rebuild(ReadModel readModel, MatchProjector projector, MeterRegistry registry, DailyStore daily,
                   DailyProjector dailyProjector) {
        this.daily = daily;
        this.dailyProjector = dailyProjector;
        this.readModel = readModel;
        this.projector = projector;
        Gauge.builder("durak.leaderboard.rebuild.matches", done, AtomicLong::get)
                .description("Matches applied by the running (or last) rebuild").register(registry);
    }

    /** Where the running or last rebuild is. */
    public Status status() {
        return last;
    }

    /**
     * Starts a rebuild on a thread of its own and returns at once.
     *
     * @throws ApiException 409 {@code REBUILD_RUNNING} when one is running already
     */
    public Status start() {
        if (!running.compareAndSet(false, true)) {
            throw new ApiException(409, ErrorCodes.REBUILD_RUNNING, "a rebuild is running already");
        }
        last = new Status(true, 0, 0, 0, 0, null);
        Thread t = new Thread(this::run, "leaderboard-rebuild");
        t.setDaemon(true);
        t.start();
        return last;
    }

    private void run() {
        long start = System.nanoTime();
        long matches = 0;
        long applied = 0;
        try {
            done.set(0);
            readModel.clear();
            daily.clear();
            List<Row> ends = new ArrayList<>();
            projector.reader().rows(new TableEvents.Query(MATCH_ENDS, Tuple.tuple())).ifPresent(r -> r.forEach(ends::add));
            matches = ends.size();
            LOG.infof("rebuild: the read model emptied; %d finished match(es) in the event store", matches);
            for (Row r : ends) {
                if (projector.project(r.getString("table_id"), r.getLong("seq")) == MatchProjector.Outcome.APPLIED) {
                    applied++;
                }
                long n = done.incrementAndGet();
                last = new Status(true, matches, n, applied, millisSince(start), null);
                if (n % LOG_EVERY == 0) {
                    LOG.infof("rebuild: %d of %d match(es), %d ms", n, matches, millisSince(start));
                }
            }
            List<Row> attempts = new ArrayList<>();
            dailyProjector.reader().rows(new TableEvents.Query(DAILY_ATTEMPTS, Tuple.tuple()))
                    .ifPresent(r -> r.forEach(attempts::add));
            for (Row r : attempts) {
                dailyProjector.project(r.getString("table_id"), r.getLong("seq"));
            }
            LOG.infof("rebuild: %d daily attempt(s)", attempts.size());
            LOG.infof("rebuild: done, %d match(es) (%d applied here, the rest by the consumer meanwhile) in %d ms",
                    matches, applied, millisSince(start));
            last = new Status(false, matches, done.get(), applied, millisSince(start), null);
        } catch (RuntimeException e) {
            LOG.errorf(e, "rebuild: stopped after %d of %d match(es); start it again", done.get(), matches);
            last = new Status(false, matches, done.get(), applied, millisSince(start), String.valueOf(e.getMessage()));
        } finally {
            running.set(false);
        }
    }

    private static long millisSince(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }
}
