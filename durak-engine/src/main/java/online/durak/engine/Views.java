package online.durak.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The only way deal state leaves the engine for a player: one seat's view, the public view of a spectator, or the open
 * view of a finished deal.
 */
public final class Views {
    private Views() {
    }

    /** What {@code seat} may know now. */
    public static SeatView seatView(DealState s, int seat) {
        if (seat < 0 || seat >= s.players()) {
            throw new IllegalArgumentException("no seat " + seat);
        }
        return build(s, seat, Map.of(seat, s.hand(seat).cards()));
    }

    /**
     * What anyone at the table may know now, seated or not (a spectator's view): no hand at all, and of the others
     * only what every seat's view shows of them (hand sizes, known cards, the table, trump, stock and discard counts,
     * roles); no legal moves. Seat -1 with no hands.
     */
    public static SeatView publicView(DealState s) {
        return build(s, -1, Map.of());
    }

    /** Every card open: only for a finished deal; a running deal is seen from one seat. */
    public static SeatView openView(DealState s) {
        if (!s.isOver()) {
            throw new IllegalStateException("a running deal is seen only from one seat");
        }
        return open(s);
    }

    /** One step of a replay: the event at {@code index} of the events replayed, and every hand after it. */
    public record ReplayStep(int index, SeatView view) {
    }

    /**
     * A finished deal step by step with every card open: the open view after the deal was dealt and after
     * each later {@link Event.DealEvent}. {@code events} is the table's log from the deal's {@link Event.DealStarted}
     * to its {@link Event.DealEnded}; whatever else the table logged in between (seats, clocks, hints, continues)
     * does not concern the deal and is passed over by its type. A running deal is refused, its hands are secret.
     */
    public static List<ReplayStep> replay(Rules rules, List<Event> events) {
        if (events.isEmpty() || !(events.get(0) instanceof Event.DealStarted start)
                || !(events.get(events.size() - 1) instanceof Event.DealEnded)) {
            throw new IllegalStateException("only a finished deal is replayed with every card open");
        }
        List<ReplayStep> steps = new ArrayList<>(events.size());
        DealState s = DealDecider.start(rules, start);
        steps.add(new ReplayStep(0, open(s)));
        for (int i = 1; i < events.size(); i++) {
            if (events.get(i) instanceof Event.DealEvent e) {
                s = DealDecider.evolve(s, e);
                steps.add(new ReplayStep(i, open(s)));
            }
        }
        return steps;
    }

    private static SeatView open(DealState s) {
        Map<Integer, List<Card>> hands = new LinkedHashMap<>();
        for (int i = 0; i < s.players(); i++) {
            hands.put(i, s.hand(i).cards());
        }
        return build(s, -1, hands);
    }

    private static SeatView build(DealState s, int seat, Map<Integer, List<Card>> hands) {
        List<Integer> sizes = new ArrayList<>();
        Map<Integer, List<Card>> known = new LinkedHashMap<>();
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < s.players(); i++) {
            sizes.add(s.handSize(i));
            if (!s.known(i).isEmpty()) {
                known.put(i, s.known(i).cards());
            }
            if (s.isOut(i)) {
                out.add(i);
            }
        }
        boolean visible = s.rules().discardVisible();
        long trumps = s.rules().deck().mask() & s.trump().mask();
        int trumpsInPlay = visible ? Long.bitCount(trumps & ~s.discard().bits()) : -1;
        int[] points = s.points();
        return new SeatView(seat, s.phase(), s.toAct(), s.attacker(), s.defender(), hands, sizes, known,
                s.table(), s.trump(), s.trumpCard(), s.stockCount(), s.discardCount(),
                visible ? s.discard().cards() : null, trumpsInPlay, s.boutsPlayed(), out, s.roomLeft(),
                s.stillToComeInRound(), s.passedInRound(),
                seat >= 0 ? DealDecider.legalMoves(s, seat) : List.of(), s.durak(),
                points == null ? null : java.util.Arrays.stream(points).boxed().toList(), s.shuffleCommitment());
    }
}
