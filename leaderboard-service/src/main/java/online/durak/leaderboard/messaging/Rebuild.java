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
import online.durak.leaderboard.store.Schema;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import online.durak.store.TableEvents;
import org.jboss.logging.Logger;

/**
 * Rebuilds the leaderboard from the event store: drops the read model's tables, creates them again and applies every
 * {@code MatchEnded} of {@code table_events} through the same {@link MatchProjector} as the consumer. The consumer
 * keeps running meanwhile; whatever it applies is keyed by the same {@code (table_id, seq)}, so the two never count a
 * match twice. Progress is logged every {@value #LOG_EVERY} matches.
 */
@ApplicationScoped
public class Rebuild {
    private static final Logger LOG = Logger.getLogger(Rebuild.class);
    private static final int LOG_EVERY = 500;
    static final String MATCH_ENDS =
            "SELECT table_id, seq FROM table_events WHERE type = 'MatchEnded' ORDER BY at, table_id, seq";

    private final Schema schema;
    private final MatchProjector projector;
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicLong done = new AtomicLong();

    /** What a rebuild did. */
    public record Summary(long matches, long applied, long millis) {
    }

    public Rebuild(Schema schema, MatchProjector projector, MeterRegistry registry) {
        this.schema = schema;
        this.projector = projector;
        Gauge.builder("durak.leaderboard.rebuild.matches", done, AtomicLong::get)
                .description("Matches applied by the running (or last) rebuild").register(registry);
    }

    /**
     * Runs a rebuild to its end (blocking).
     *
     * @throws ApiException 409 {@code REBUILD_RUNNING} when one is running already
     */
    public Summary run() {
        if (!running.compareAndSet(false, true)) {
            throw new ApiException(409, ErrorCodes.REBUILD_RUNNING, "a rebuild is running already");
        }
        try {
            long start = System.nanoTime();
            done.set(0);
            schema.drop();
            schema.create();
            List<Row> ends = new ArrayList<>();
            projector.reader().rows(new TableEvents.Query(MATCH_ENDS, Tuple.tuple())).ifPresent(r -> r.forEach(ends::add));
            LOG.infof("rebuild: the read model dropped; %d finished match(es) in the event store", ends.size());
            long applied = 0;
            for (Row r : ends) {
                if (projector.project(r.getString("table_id"), r.getLong("seq")) == MatchProjector.Outcome.APPLIED) {
                    applied++;
                }
                long n = done.incrementAndGet();
                if (n % LOG_EVERY == 0) {
                    LOG.infof("rebuild: %d of %d match(es), %d ms", n, ends.size(), (System.nanoTime() - start) / 1_000_000);
                }
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            LOG.infof("rebuild: done, %d match(es) (%d applied here, the rest by the consumer meanwhile) in %d ms",
                    ends.size(), applied, millis);
            return new Summary(ends.size(), applied, millis);
        } finally {
            running.set(false);
        }
    }
}
