package online.durak.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The only way deal state leaves the engine for a player: one seat's view, or the open view of a finished deal. */
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

    /** Every card open: only for a finished deal; a running deal is seen from one seat. */
    public static SeatView openView(DealState s) {
        if (!s.isOver()) {
            throw new IllegalStateException("a running deal is seen only from one seat");
        }
        return open(s);
    }

    /**
     * A finished deal step by step with every card open: the open view after the deal was dealt and after
     * each later event. {@code dealEvents} starts with the deal's {@link Event.DealStarted} and must end with
     * its {@link Event.DealEnded}; a running deal is refused, since its hands are still secret.
     */
    public static List<SeatView> replay(Rules rules, List<Event> dealEvents) {
        if (dealEvents.isEmpty() || !(dealEvents.get(0) instanceof Event.DealStarted start)
                || !(dealEvents.get(dealEvents.size() - 1) instanceof Event.DealEnded)) {
            throw new IllegalStateException("only a finished deal is replayed with every card open");
        }
        List<SeatView> steps = new ArrayList<>(dealEvents.size());
        DealState s = DealDecider.start(rules, start);
        steps.add(open(s));
        for (Event e : dealEvents.subList(1, dealEvents.size())) {
            s = DealDecider.evolve(s, e);
            steps.add(open(s));
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
                points == null ? null : java.util.Arrays.stream(points).boxed().toList());
    }
}
