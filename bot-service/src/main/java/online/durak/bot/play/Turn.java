package online.durak.bot.play;

import online.durak.engine.BotLevel;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;

/**
 * A move this service owes a table: a bot's, or the move of a player whose clock and grace ran out, which the
 * computer plays with the STRONG policy ({@code byComputer}). Made from the table's state on the consumer
 * thread; {@code view} is the only thing the policy sees.
 *
 * @param key      the seq of the event that set up this decision (the last one that changed the position), so
 *                 the command id is the same however often the events are read again
 * @param level    the policy: the bot's level, STRONG for a timed-out player
 * @param playerId the seat's holder: the bot's id, or the timed-out player's
 * @param since    when the event at {@code key} was appended (the table has waited since)
 * @param tempo    the table's tempo (a solo table's think time for its bots), or null: the service's own
 */
public record Turn(String tableId, long key, int seat, String playerId, String name, BotLevel level,
                   boolean byComputer, Rules rules, SeatView view, java.time.Instant since,
                   online.durak.engine.table.Tempo tempo) {

    /** Deterministic, so a redelivered event never plays twice: the rules service answers a repeated id from its store. */
    public String commandId() {
        return "bot-" + tableId + "-" + key;
    }

    /** Whether the table has waited for this move since before {@code oldest} (null: no limit). */
    public boolean waitingSinceBefore(java.time.Instant oldest) {
        return oldest != null && since != null && since.isBefore(oldest);
    }

    /** For metrics and logs: {@code bot} or {@code computer}. */
    public String kind() {
        return byComputer ? "computer" : "bot";
    }
}
