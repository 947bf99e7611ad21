package online.durak.leaderboard.daily;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import online.durak.messages.EventMessage;
import online.durak.store.EventReader;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Applies a daily game's counting attempt as it stands at one of its events, named by {@code (table_id, seq)}: reads
 * the table's first event (a table that is no counting attempt costs one row), then its log up to {@code seq}, folds
 * it ({@link DailyAttempt}) and stores it ({@link DailyStore#apply}, idempotent by the seq). The consumer and the
 * rebuild both go through here. Blocking: from the consumer's thread or a worker.
 */
@ApplicationScoped
public class DailyProjector {
    private static final Logger LOG = Logger.getLogger(DailyProjector.class);
    /** The events after which an attempt's row may change: its start, each deal's end, a leave, the match's end. */
    public static final Set<String> TYPES = Set.of("MatchStarted", "DealEnded", "MatchLeft", "MatchEnded");

    private final EventReader reader;
    private final DailyStore store;
    private final Counter applied;

    public DailyProjector(Pool pool, DailyStore store, MeterRegistry registry,
                          @ConfigProperty(name = "durak.store.timeout", defaultValue = "10s") Duration timeout) {
        this.reader = new EventReader(pool, timeout, LOG, EventReader.OnUnreadable.STOP);
        this.store = store;
        this.applied = Counter.builder("durak.leaderboard.daily.applied")
                .description("Daily attempts stored as they stand after one of their events").register(registry);
    }

    public EventReader reader() {
        return reader;
    }

    /**
     * @return whether the list changed
     * @throws IllegalStateException when the store does not (yet) hold the table's log up to {@code seq}: the caller
     *                               tries again later
     */
    public boolean project(String tableId, long seq) {
        List<EventMessage> first = reader.read(tableId, 0, 2).orElse(List.of());
        if (first.isEmpty()) {
            throw new IllegalStateException("the event store holds no event of " + tableId + " yet");
        }
        if (!DailyAttempt.counts(first.get(0))) {
            return false;
        }
        List<EventMessage> log = reader.read(tableId, 0, seq + 1).orElse(List.of());
        if (log.size() != seq) {
            throw new IllegalStateException("the event store holds " + log.size() + " of the " + seq
                    + " events of daily table " + tableId);
        }
        Optional<DailyAttempt> attempt = DailyAttempt.of(log);
        if (attempt.isEmpty()) {
            return false;
        }
        boolean changed = store.apply(attempt.get());
        if (changed) {
            applied.increment();
            DailyAttempt a = attempt.get();
            LOG.debugf("daily %s: %s has %d point(s) after %d deal(s)%s (%s#%d)", a.date(), a.playerId(), a.points(),
                    a.deals(), a.finished() ? ", finished" : "", tableId, seq);
        }
        return changed;
    }
}
