package online.durak.matchmaking.pool;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A waiting ticket as a pool sees it.
 *
 * @param sizes the numbers of players it accepts ({@link Wish#sizes()})
 */
public record Waiting(String ticketId, String playerId, String name, double rating, Instant since,
                      List<Integer> sizes) {
    public Waiting {
        sizes = List.copyOf(sizes);
    }

    public double waitedSeconds(Instant now) {
        return Math.max(0, Duration.between(since, now).toMillis() / 1000.0);
    }
}
