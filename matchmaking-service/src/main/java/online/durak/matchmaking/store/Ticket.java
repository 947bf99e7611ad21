package online.durak.matchmaking.store;

import java.time.Instant;
import online.durak.matchmaking.pool.Waiting;
import online.durak.matchmaking.pool.Wish;

/**
 * A player's ticket: waiting ({@code tableId} null) or formed (seated at {@code tableId}, {@code seat}).
 *
 * @param since when the player asked: a restart keeps it, so the wait goes on where it was
 */
public record Ticket(String ticketId, String playerId, String name, Wish wish, double rating, Instant since,
                     Instant heartbeatAt, String tableId, Integer seat, Instant formedAt) {

    public boolean waiting() {
        return tableId == null;
    }

    public Waiting asWaiting() {
        return new Waiting(ticketId, playerId, name, rating, since, wish.sizes());
    }
}
