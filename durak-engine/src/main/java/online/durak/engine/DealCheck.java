package online.durak.engine;

import java.util.List;

/**
 * Whether a finished deal's events follow from its deck order (docs/fairness.md): the deal dealt again from the deck
 * order gives the same hands, trump and first attacker, and every move the events record is legal there and leads to
 * exactly the events that follow it (draws from the stock in its order, bito, picking up, the end and its points).
 * With a {@link ShuffleProof} that holds, this shows the whole deal was played from cards fixed before its first move.
 */
public final class DealCheck {
    private DealCheck() {
    }

    /**
     * Why the events do not follow from {@code deckOrder}, or null when they do. {@code events} are the deal's, from its
     * {@link Event.DealStarted} to its {@link Event.DealEnded}; events that do not concern the deal are passed over.
     */
    public static String failure(Rules rules, List<Card> deckOrder, List<Event> events) {
        if (events.isEmpty() || !(events.get(0) instanceof Event.DealStarted dealt)) {
            return "the deal's events do not begin with DealStarted";
        }
        if (!dealt.deckOrder().equals(deckOrder)) {
            return "DealStarted's deck order is not the proof's deck order";
        }
        if (deckOrder.size() != rules.deck().size() || CardSet.of(deckOrder).size() != rules.deck().size()
                || (CardSet.of(deckOrder).bits() & ~rules.deck().mask()) != 0) {
            return "the deck order is not the " + rules.deck().size() + "-card deck, each card once";
        }
        int[] order = deckOrder.stream().mapToInt(Card::index).toArray();
        // a deal opened by the lowest trump shows it; otherwise the match named the attacker (rules.md §3, §6)
        Event.DealStarted again = DealDecider.dealFrom(rules, order, dealt.deal(), dealt.dealer(),
                dealt.shownTrump() != null ? DealState.NONE : dealt.attacker(), dealt.redeals());
        if (again == null || again.attacker() != dealt.attacker() || !java.util.Objects.equals(again.shownTrump(),
                dealt.shownTrump())) {
            return "DealStarted's first attacker or shown trump does not follow from the deck order";
        }
        DealState s = DealDecider.start(rules, dealt);
        int i = 1;
        while (i < events.size()) {
            Event e = events.get(i);
            if (!(e instanceof Event.DealEvent)) {
                i++;
                continue;
            }
            if (s.isOver()) {
                return "event " + i + " (" + e.type() + ") comes after the deal's end";
            }
            Move move = moveOf(e);
            if (move == null) {
                return "event " + i + " (" + e.type() + ") is no move, and no move before it led to it";
            }
            int seat = seatOf(e);
            Decision<DealState> d = DealDecider.decide(s, seat, move);
            if (d instanceof Decision.Rejected<DealState> r) {
                return "event " + i + " (" + e.type() + " by seat " + seat + ") is not a legal move there: "
                        + r.rejection().message();
            }
            Decision.Accepted<DealState> a = (Decision.Accepted<DealState>) d;
            for (Event expected : a.events()) {
                while (i < events.size() && !(events.get(i) instanceof Event.DealEvent)) {
                    i++;
                }
                if (i >= events.size()) {
                    return "the events end before " + expected.type() + ", which follows from the move before it";
                }
                if (!expected.equals(events.get(i))) {
                    return "event " + i + " (" + events.get(i).type() + ") is not what follows from the deck order and"
                            + " the moves: " + expected;
                }
                i++;
            }
            s = a.state();
        }
        return s.isOver() ? null : "the deal does not end: its events stop before DealEnded";
    }

    /** The move a move's event records, or null for an event the engine writes itself. */
    static Move moveOf(Event e) {
        if (e instanceof Event.Attacked a) {
            return new Move.Attack(a.cards());
        } else if (e instanceof Event.Covered c) {
            return new Move.Cover(c.attack(), c.card());
        } else if (e instanceof Event.Transferred t) {
            return new Move.Transfer(t.card());
        } else if (e instanceof Event.TrumpShown t) {
            return new Move.ShowTrump(t.trump());
        } else if (e instanceof Event.Took) {
            return new Move.Take();
        } else if (e instanceof Event.Threw t) {
            return new Move.Throw(t.cards());
        } else if (e instanceof Event.Passed) {
            return new Move.Pass();
        }
        return null;
    }

    private static int seatOf(Event e) {
        if (e instanceof Event.Attacked a) {
            return a.seat();
        } else if (e instanceof Event.Covered c) {
            return c.seat();
        } else if (e instanceof Event.Transferred t) {
            return t.seat();
        } else if (e instanceof Event.TrumpShown t) {
            return t.seat();
        } else if (e instanceof Event.Took t) {
            return t.seat();
        } else if (e instanceof Event.Threw t) {
            return t.seat();
        }
        return ((Event.Passed) e).seat();
    }
}
