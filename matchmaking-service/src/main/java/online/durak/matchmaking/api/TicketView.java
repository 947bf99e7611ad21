package online.durak.matchmaking.api;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import online.durak.matchmaking.pool.Wish;
import online.durak.matchmaking.store.Ticket;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A player's ticket as the waiting screen needs it.
 *
 * @param status        {@code WAITING}, or {@code SEATED} once its table is formed
 * @param players       the number asked for, or {@code "any"}
 * @param pool          the pool it waits in (every setting but the number of players)
 * @param waitingSince  when the player asked (kept across restarts)
 * @param found         the names of the people who would sit with the player now (not the player)
 * @param botsInSeconds seconds until bots fill the free seats (0: at the next look at the pool); null once seated
 * @param tableId       the table once formed (then {@code GET /api/tables/{tableId}} at the table service)
 * @param seat          the player's seat there
 * @param seatedAt      when the table was formed
 */
@Schema(name = "QuickTicket", description = "A player's quick-match ticket.")
public record TicketView(String ticketId, @Schema(enumeration = {"WAITING", "SEATED"}) String status,
                         @Schema(oneOf = {Integer.class, QuickMatchRequest.AnyPlayers.class}) Object players,
                         @Schema(enumeration = {"PODKIDNOI", "PEREVODNOI"}) String variant,
                         @Schema(description = "24, 36 or 52 cards") int deck, boolean teams,
                         @Schema(description = "seconds; null for none", nullable = true) Integer turnClock,
                         int stake, @Schema(examples = "PODKIDNOI/36/single/clock60/stake0") String pool,
                         @Schema(description = "the rating the pool matches by") double rating,
                         Instant waitingSince, long waitedSeconds, List<String> found,
                         @Schema(nullable = true) Long botsInSeconds,
                         @Schema(nullable = true) String tableId, @Schema(nullable = true) Integer seat,
                         @Schema(implementation = String.class, format = "date-time", nullable = true)
                         Instant seatedAt) {

    static TicketView of(Ticket t, List<String> found, Instant fillsAt, Instant now) {
        Wish w = t.wish();
        boolean waiting = t.waiting();
        Instant end = waiting ? now : t.formedAt();
        return new TicketView(t.ticketId(), waiting ? "WAITING" : "SEATED",
                w.players() == null ? Wish.ANY : w.players(), w.rules().variant().name(), w.rules().deck().size(),
                w.rules().teams(), w.rules().turnClockSeconds() == 0 ? null : w.rules().turnClockSeconds(),
                w.rules().stake(), w.pool(), t.rating(), t.since(), Duration.between(t.since(), end).toSeconds(),
                found, waiting ? Math.max(0, (long) Math.ceil(Duration.between(now, fillsAt).toMillis() / 1000.0))
                        : null,
                t.tableId(), t.seat(), t.formedAt());
    }
}
