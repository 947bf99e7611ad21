package online.durak.leaderboard.messaging;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.vertx.VertxContextSupport;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import online.durak.leaderboard.score.FinishedMatch;
import online.durak.leaderboard.score.MatchResults;
import online.durak.leaderboard.store.LeaderboardStore;
import online.durak.messages.EventMessage;
import online.durak.store.EventReader;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Applies one finished match, named by its {@code MatchEnded}'s {@code (table_id, seq)}: reads the table's log up to
 * it from the event store (durak-store's {@link EventReader}), makes the entries ({@link MatchResults}) and applies
 * them once ({@link LeaderboardStore#apply}). The consumer and the rebuild both go through here, so both count a
 * match the same way. Blocking: called from the consumer's thread or a worker, never from an event loop.
 */
@ApplicationScoped
public class MatchProjector {
    private static final Logger LOG = Logger.getLogger(MatchProjector.class);

    /** What applying a match did. */
    public enum Outcome { APPLIED, DUPLICATE, NOT_A_MATCH_END }

    private final EventReader reader;
    private final LeaderboardStore store;
    private final Counter applied;
    private final Counter duplicates;

    public MatchProjector(Pool pool, LeaderboardStore store, MeterRegistry registry,
                          @ConfigProperty(name = "durak.store.timeout", defaultValue = "10s") Duration timeout) {
        // a row that cannot be read now cannot be read later either: the table's log ends before it
        this.reader = new EventReader(pool, timeout, LOG, EventReader.OnUnreadable.STOP);
        this.store = store;
        this.applied = Counter.builder("durak.leaderboard.matches").tag("outcome", "applied")
                .description("Finished matches handed to the leaderboard, by outcome").register(registry);
        this.duplicates = Counter.builder("durak.leaderboard.matches").tag("outcome", "duplicate").register(registry);
    }

    public EventReader reader() {
        return reader;
    }

    /**
     * @throws IllegalStateException when the store does not (yet) hold the table's log up to {@code seq}: the caller
     *                               tries again later
     */
    public Outcome project(String tableId, long seq) {
        List<EventMessage> log = reader.read(tableId, 0, seq + 1).orElse(List.of());
        if (log.size() != seq) {
            throw new IllegalStateException("the event store holds " + log.size() + " of the " + seq
                    + " events of " + tableId + " up to its MatchEnded");
        }
        Optional<FinishedMatch> match = MatchResults.of(log);
        if (match.isEmpty()) {
            LOG.warnf("%s#%d is no MatchEnded in the event store; passed over", tableId, seq);
            return Outcome.NOT_A_MATCH_END;
        }
        boolean fresh;
        try {
            fresh = VertxContextSupport.subscribeAndAwait(() -> store.apply(match.get()));
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("applying " + tableId + "#" + seq + " failed: " + t.getMessage(), t);
        }
        (fresh ? applied : duplicates).increment();
        return fresh ? Outcome.APPLIED : Outcome.DUPLICATE;
    }
}
