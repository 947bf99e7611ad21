package online.durak.matchmaking;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArraySet;

/**
 * Tells this instance's open event streams ({@code GET /api/quick-match/events}) at once that a table was formed for
 * their player. Only the instance that formed the table knows at once; a stream on another instance sees it at its
 * next look at the store (every second), so nothing depends on the notice arriving.
 */
@ApplicationScoped
public class SeatedNotices {
    private final Map<String, Set<Runnable>> listeners = new ConcurrentHashMap<>();

    /** Calls {@code onSeated} (on the forming thread: keep it short) when a table is formed for {@code playerId}. */
    public AutoCloseable listen(String playerId, Runnable onSeated) {
        listeners.computeIfAbsent(playerId, k -> new CopyOnWriteArraySet<>()).add(onSeated);
        return () -> listeners.computeIfPresent(playerId, (k, set) -> {
            set.remove(onSeated);
            return set.isEmpty() ? null : set;
        });
    }

    void seated(String playerId) {
        Set<Runnable> set = listeners.get(playerId);
        if (set != null) {
            set.forEach(Runnable::run);
        }
    }
}
