package online.durak.leaderboard.daily;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import online.durak.engine.DailyPoints;
import online.durak.engine.Event;
import online.durak.engine.Rules;
import online.durak.messages.EventMessage;

/**
 * The counting attempt of a daily game as its table's log stands (docs/daily.md): whose it is, its daily points so far
 * ({@link DailyPoints}, the final board's function), how many of its deals finished, and whether it is over. An
 * attempt is scored as it stands at every step, so one that is abandoned counts with the deals it finished and the
 * rest as losses (0). Pure: no store, no clock.
 *
 * @param seq the last event folded in: the projection keeps the attempt of the highest seq
 */
public record DailyAttempt(LocalDate date, String tableId, long seq, String playerId, String name, int points,
                           int deals, boolean finished, boolean left, Instant startedAt, Instant at) {

    /** Whether the table's first event makes it a daily game's counting attempt (not practice, not an ordinary table). */
    public static boolean counts(EventMessage first) {
        if (first != null && first.event() instanceof Event.TableCreated c) {
            Rules r = c.rules();
            return r.daily() != null && !r.daily().practice();
        }
        return false;
    }

    /**
     * @param log the table's events from seq 1, in seq order
     * @return empty for a table that is no counting attempt, or before its person has a seat
     */
    public static Optional<DailyAttempt> of(List<EventMessage> log) {
        if (log.isEmpty() || !counts(log.get(0))) {
            return Optional.empty();
        }
        Rules rules = ((Event.TableCreated) log.get(0).event()).rules();
        int seat = -1;
        String player = null;
        String name = null;
        Instant started = null;
        boolean finished = false;
        boolean left = false;
        List<Event.DealEnded> deals = new ArrayList<>();
        for (EventMessage m : log) {
            Event e = m.event();
            if (e instanceof Event.SeatTaken s && s.bot() == null && player == null) {
                seat = s.seat();
                player = s.playerId();
                name = s.name();
            } else if (e instanceof Event.MatchStarted && started == null) {
                started = m.at();
            } else if (e instanceof Event.DealEnded d) {
                deals.add(d);
            } else if (e instanceof Event.MatchEnded) {
                finished = true;
            } else if (e instanceof Event.MatchLeft l && l.playerId().equals(player)) {
                left = true;
            }
        }
        if (player == null) {
            return Optional.empty();
        }
        EventMessage last = log.get(log.size() - 1);
        return Optional.of(new DailyAttempt(rules.daily().date(), last.tableId(), last.seq(), player, name,
                DailyPoints.of(seat, deals), deals.size(), finished, left, started != null ? started : last.at(),
                last.at()));
    }
}
