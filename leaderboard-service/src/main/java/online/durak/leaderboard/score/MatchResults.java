package online.durak.leaderboard.score;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import online.durak.engine.Event;
import online.durak.engine.LeaderboardPoints;
import online.durak.engine.MatchState;
import online.durak.engine.table.SeatHolder;
import online.durak.leaderboard.rating.Skill;
import online.durak.engine.table.LoggedTable;
import online.durak.engine.table.TableState;
import online.durak.messages.EventMessage;

/**
 * A table's log, up to one of its {@code MatchEnded} events, as that match's leaderboard entries: the log is folded
 * into a {@link LoggedTable} (the same fold as every service's), so the seats, deal points and places are the engine's
 * own; the points are {@link LeaderboardPoints}'. Pure: no store, no clock.
 */
public final class MatchResults {
    /** Teams of leavers are numbered apart from the table's own (rules team numbers are small). */
    private static final int LEAVER_TEAM = 1000;

    private MatchResults() {
    }

    /**
     * The match that the last of {@code log} ends.
     *
     * @param log the table's events from seq 1, in seq order, the last one a {@code MatchEnded}
     * @return empty when the last event is no {@code MatchEnded}
     * @throws IllegalArgumentException when the log has a gap (seq 1, 2, ... expected)
     */
    public static Optional<FinishedMatch> of(List<EventMessage> log) {
        if (log.isEmpty() || !(log.get(log.size() - 1).event() instanceof Event.MatchEnded)) {
            return Optional.empty();
        }
        TableState state = LoggedTable.fold(log.get(0).tableId(), log).state();
        EventMessage end = log.get(log.size() - 1);
        MatchState match = state.match();
        List<FinishedMatch.Entry> entries = new ArrayList<>();
        List<Skill.Seat> seats = new ArrayList<>();
        for (int seat = 0; seat < state.seats().size(); seat++) {
            SeatHolder h = state.seats().get(seat);
            if (h == null) {
                continue;
            }
            // A bot plays with its level's one rating. A seat someone left is rated as its leaver, after every seat
            // that stayed (below); the bot that finished it for them is not rated, having played only a part.
            int at = seat;
            boolean leftSeat = state.left().stream().anyMatch(l -> l.seat() == at);
            String rater = h.isHuman() ? h.playerId() : Skill.bot(h.bot().name());
            if (rater != null && !leftSeat) {
                seats.add(new Skill.Seat(seat, rater, state.rules().team(seat), match.places().get(seat)));
            }
            if (!h.isHuman() || h.playerId() == null || state.leaver(h.playerId()) != null) {
                continue; // bots have no leaderboard rows, only their level's rating; a leaver's row is below
            }
            List<Integer> dealPoints = LeaderboardPoints.seatPoints(match, seat);
            int place = match.places().get(seat);
            int sum = dealPoints.stream().mapToInt(Integer::intValue).sum();
            int lost = (int) dealPoints.stream().filter(p -> p == 0).count();
            entries.add(new FinishedMatch.Entry(h.playerId(), h.name(), seat,
                    LeaderboardPoints.of(dealPoints, place, false), sum, place, dealPoints.size(), lost, false));
        }
        int last = match.places().stream().mapToInt(Integer::intValue).max().orElse(0) + 1;
        for (TableState.Leaver l : state.left()) {
            // the deals finished before the leave count; no place; −10 when a bot took the seat (rules.md §7)
            List<Integer> dealPoints = LeaderboardPoints.seatPoints(match, l.seat()).subList(0, l.deals());
            int sum = dealPoints.stream().mapToInt(Integer::intValue).sum();
            int lost = (int) dealPoints.stream().filter(p -> p == 0).count();
            entries.add(new FinishedMatch.Entry(l.playerId(), l.name(), l.seat(),
                    LeaderboardPoints.ofLeaver(match, l.seat(), l.deals(), l.replaced()), sum, 0, l.deals(), lost,
                    true));
            // leaving never rates better than staying: the leaver ranks after every seat, as a team of its own
            seats.add(new Skill.Seat(l.seat(), l.playerId(), LEAVER_TEAM + l.seat(), last));
        }
        return Optional.of(new FinishedMatch(end.tableId(), end.seq(), end.at(), entries, seats,
                state.rules().daily() == null ? null : state.rules().daily().date()));
    }
}
