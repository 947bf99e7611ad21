package online.durak.leaderboard.score;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import online.durak.engine.Event;
import online.durak.engine.LeaderboardPoints;
import online.durak.engine.MatchState;
import online.durak.engine.table.SeatHolder;
import online.durak.leaderboard.rating.Skill;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableState;
import online.durak.messages.EventMessage;

/**
 * A table's log, up to one of its {@code MatchEnded} events, as that match's leaderboard entries: the log is folded
 * with the engine's {@link TableDecider} (the same fold as the rules service's), so the seats, deal points and places
 * are the engine's own; the points are {@link LeaderboardPoints}'. Pure: no store, no clock.
 */
public final class MatchResults {

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
        TableState state = TableDecider.TABLE.initialState();
        for (int i = 0; i < log.size(); i++) {
            EventMessage m = log.get(i);
            if (m.seq() != i + 1) {
                throw new IllegalArgumentException("the log of " + m.tableId() + " has a gap before seq " + m.seq());
            }
            state = TableDecider.TABLE.evolve(state, m.event());
        }
        EventMessage end = log.get(log.size() - 1);
        MatchState match = state.match();
        List<FinishedMatch.Entry> entries = new ArrayList<>();
        List<Skill.Seat> seats = new ArrayList<>();
        for (int seat = 0; seat < state.seats().size(); seat++) {
            SeatHolder h = state.seats().get(seat);
            if (h == null) {
                continue;
            }
            // A bot plays with its level's one rating. Whoever left early would rank after every seat that stayed
            // (docs/leaderboard.md "Rating"); the engine has no leaving yet, so every seat ranks by its place.
            String rater = h.isHuman() ? h.playerId() : Skill.bot(h.bot().name());
            if (rater != null) {
                seats.add(new Skill.Seat(seat, rater, state.rules().team(seat), match.places().get(seat)));
            }
            if (!h.isHuman() || h.playerId() == null) {
                continue; // bots have no leaderboard rows, only their level's rating
            }
            List<Integer> dealPoints = LeaderboardPoints.seatPoints(match, seat);
            int place = match.places().get(seat);
            int sum = dealPoints.stream().mapToInt(Integer::intValue).sum();
            int lost = (int) dealPoints.stream().filter(p -> p == 0).count();
            // The engine has no leaving of a running match yet (issue 12, item 4): every person is still seated at
            // the end. Its event will set left = true, place 0 here.
            entries.add(new FinishedMatch.Entry(h.playerId(), h.name(), seat,
                    LeaderboardPoints.of(dealPoints, place, false), sum, place, dealPoints.size(), lost, false));
        }
        return Optional.of(new FinishedMatch(end.tableId(), end.seq(), end.at(), entries, seats));
    }
}
