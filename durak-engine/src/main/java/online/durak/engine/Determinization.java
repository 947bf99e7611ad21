package online.durak.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * A full deal consistent with what one seat may know (a {@link SeatView}), for bots that search by
 * sampling ("determinization"). Only the view is read: the unknown cards are the deck minus the viewer's
 * hand, every seat's known cards, the table, the face-up trump card (while it lies under the stock) and the
 * discard when it is visible; they are dealt at random to the other seats (by hand size) and to the stock,
 * and what is left over is the face-down discard.
 */
public final class Determinization {
    private Determinization() {
    }

    /** The cards the viewer cannot place: in another seat's hand (beyond its known cards), in the stock, or in a face-down discard. */
    public static CardSet unknownCards(Rules rules, SeatView view) {
        long pool = rules.deck().mask() & ~mask(view.hands().get(view.seat()));
        for (List<Card> k : view.known().values()) {
            pool &= ~mask(k);
        }
        for (Card[] pair : view.table()) {
            pool &= ~pair[0].bit();
            if (pair[1] != null) {
                pool &= ~pair[1].bit();
            }
        }
        if (view.discard() != null) {
            pool &= ~mask(view.discard());
        }
        if (view.stockCount() > 0 && view.trumpCard() != null) {
            pool &= ~view.trumpCard().bit();
        }
        return new CardSet(pool);
    }

    /**
     * A running deal that looks exactly like {@code view} from {@code view.seat()}, with the hidden cards
     * drawn from {@link #unknownCards} by {@code rng}. Throws IllegalArgumentException for the open view or
     * a view whose counts do not fit the deck of {@code rules}.
     */
    public static DealState sample(Rules rules, SeatView view, RandomGenerator rng) {
        int me = view.seat();
        if (me < 0 || view.phase() == Phase.DEAL_OVER) {
            throw new IllegalArgumentException("only a running deal seen from one seat is sampled");
        }
        int n = rules.players();
        long[] pool = {unknownCards(rules, view).bits()};
        int poolSize = Long.bitCount(pool[0]);
        long[] hands = new long[n];
        long[] known = new long[n];
        for (Map.Entry<Integer, List<Card>> e : view.known().entrySet()) {
            known[e.getKey()] = mask(e.getValue());
        }
        int need = 0;
        for (int i = 0; i < n; i++) {
            if (i == me) {
                hands[i] = mask(view.hands().get(me));
            } else {
                hands[i] = known[i];
                need += view.handSizes().get(i) - Long.bitCount(known[i]);
            }
        }
        boolean trumpUnder = view.stockCount() > 0 && view.trumpCard() != null;
        int stockDrawn = view.stockCount() - (trumpUnder ? 1 : 0);
        if (need + stockDrawn > poolSize || need < 0) {
            throw new IllegalArgumentException("the view does not fit the deck: " + (need + stockDrawn)
                    + " hidden cards, " + poolSize + " unknown");
        }
        for (int i = 0; i < n; i++) {
            if (i != me) {
                int k = view.handSizes().get(i) - Long.bitCount(known[i]);
                for (int j = 0; j < k; j++) {
                    hands[i] |= 1L << draw(pool, rng);
                }
            }
        }
        List<Card> stock = new ArrayList<>(view.stockCount());
        for (int j = 0; j < stockDrawn; j++) {
            stock.add(Card.of(draw(pool, rng)));
        }
        if (trumpUnder) {
            stock.add(view.trumpCard());
        }
        List<CardSet> handSets = new ArrayList<>(n);
        List<CardSet> knownSets = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            handSets.add(new CardSet(hands[i]));
            knownSets.add(new CardSet(known[i]));
        }
        Position p = new Position(view.trump(), handSets, stock, view.discardCount(), view.boutsPlayed(),
                view.attacker(), view.out(), knownSets);
        DealState s = DealState.position(rules, p);

        // the bout as the view shows it
        long table = 0;
        s.attacks = 0;
        s.tableCount = 0;
        s.tableMask = 0;
        for (Card[] pair : view.table()) {
            s.addAttack(pair[0].index());
            if (pair[1] != null) {
                s.setCover(s.tableCount - 1, pair[1].index());
            }
        }
        table = s.tableMask;
        long inPlay = table;
        for (long h : s.hands) {
            inPlay |= h;
        }
        for (Card c : stock) {
            inPlay |= c.bit();
        }
        s.discard = rules.deck().mask() & ~inPlay;
        s.discardCount = view.discardCount();
        s.phase = view.phase();
        s.attacker = view.attacker();
        s.defender = view.defender();
        s.toAct = view.toAct();
        s.shownTrumps = 0;
        s.attackerActor = s.phase == Phase.ATTACK ? view.toAct() : s.actorOf(s.attacker);
        s.defenderActor = s.phase == Phase.DEFENSE ? view.toAct() : s.actorOf(s.defender);
        if (s.phase == Phase.THROW_IN || s.phase == Phase.TAKE_ADDING) {
            int[] order = s.throwOrder();
            int pos = 0;
            while (pos < order.length && order[pos] != view.toAct()) {
                pos++;
            }
            s.roundPos = pos;
        } else {
            s.roundPos = 0;
        }
        return s;
    }

    private static int draw(long[] pool, RandomGenerator rng) {
        int k = rng.nextInt(Long.bitCount(pool[0]));
        long m = pool[0];
        for (int i = 0; i < k; i++) {
            m &= m - 1;
        }
        int card = Long.numberOfTrailingZeros(m);
        pool[0] &= ~(1L << card);
        return card;
    }

    private static long mask(List<Card> cards) {
        long m = 0;
        if (cards != null) {
            for (Card c : cards) {
                m |= c.bit();
            }
        }
        return m;
    }
}
