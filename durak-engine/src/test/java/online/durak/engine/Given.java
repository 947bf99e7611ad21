package online.durak.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Test language for positions, so that a test reads as rules.md does: given these hands, this stock,
 * these settings, when a seat makes a move, then this follows. Cards are written in their text form,
 * space separated ({@code "8D 10H AC"}); an empty string is an empty hand.
 *
 * <pre>
 *   Given.hands("8D 10H AC", "10D QC 6S").stock("6C 7C 10S").boutsPlayed(1)
 *        .when(0, "attack 8D")
 *        .then().phase(Phase.DEFENSE).toAct(1);
 * </pre>
 */
public final class Given {
    private final List<CardSet> hands = new ArrayList<>();
    private List<Card> stock = List.of();
    private Suit trump;
    private int attacker;
    private int discardCount;
    private int boutsPlayed;
    private List<Integer> out = List.of();
    private final Map<Integer, CardSet> known = new LinkedHashMap<>();
    private UnaryOperator<Rules> rules = UnaryOperator.identity();

    private Given() {
    }

    /** One hand per seat, seat 0 first; the number of hands is the number of players. */
    public static Given hands(String... hands) {
        Given g = new Given();
        for (String h : hands) {
            g.hands.add(cards(h));
        }
        return g;
    }

    /** The stock, top card first; its last card is the face-up trump card and sets trump. */
    public Given stock(String cards) {
        this.stock = cardList(cards);
        if (!stock.isEmpty()) {
            this.trump = stock.get(stock.size() - 1).suit();
        }
        return this;
    }

    /** Trump, needed when the stock is empty. */
    public Given trump(String suit) {
        this.trump = Suit.parse(suit);
        return this;
    }

    public Given attacker(int seat) {
        this.attacker = seat;
        return this;
    }

    public Given discardCount(int n) {
        this.discardCount = n;
        return this;
    }

    public Given boutsPlayed(int n) {
        this.boutsPlayed = n;
        return this;
    }

    public Given out(Integer... seats) {
        this.out = List.of(seats);
        return this;
    }

    public Given known(int seat, String cards) {
        known.put(seat, cards(cards));
        return this;
    }

    /** Changes the default settings (rules.md §1 defaults for this many players). */
    public Given rules(UnaryOperator<Rules> change) {
        UnaryOperator<Rules> before = rules;
        rules = r -> change.apply(before.apply(r));
        return this;
    }

    public Given perevodnoi() {
        return rules(r -> r.withVariant(Variant.PEREVODNOI));
    }

    public Given showTrumpToTransfer() {
        return rules(r -> r.withVariant(Variant.PEREVODNOI).withShowTrumpToTransfer(true));
    }

    public Given deck(int size) {
        return rules(r -> r.withDeck(Deck.ofSize(size)));
    }

    public Given throwIn(ThrowIn mode) {
        return rules(r -> r.withThrowIn(mode));
    }

    public Given firstBoutLimit(FirstBoutLimit mode) {
        return rules(r -> r.withFirstBoutLimit(mode));
    }

    public Given teams() {
        return rules(r -> r.withTeams(true));
    }

    public Given discardHidden() {
        return rules(r -> r.withDiscardVisible(false));
    }

    public Rules settings() {
        return rules.apply(Rules.defaults(hands.size()));
    }

    /** The position, before its bout opens. */
    public Table position() {
        if (trump == null) {
            throw new IllegalStateException("the stock is empty: name the trump");
        }
        Rules settings = settings();
        long seen = 0;
        List<Card> all = new ArrayList<>(stock);
        hands.forEach(h -> all.addAll(h.cards()));
        for (Card c : all) {
            if ((seen & c.bit()) != 0 || !settings.deck().cards().contains(c)) {
                throw new IllegalStateException("a position holds every card of the deck at most once: " + c);
            }
            seen |= c.bit();
        }
        List<CardSet> knownList = new ArrayList<>();
        for (int i = 0; i < hands.size(); i++) {
            knownList.add(known.getOrDefault(i, CardSet.EMPTY));
        }
        Position p = new Position(trump, hands, stock, discardCount, boutsPlayed, attacker, out, knownList);
        return new Table(DealState.position(settings, p));
    }

    public Table when(int seat, String move) {
        return position().when(seat, move);
    }

    public Table rejects(int seat, String move, String code) {
        return position().rejects(seat, move, code);
    }

    public Table plays(String... seatMoves) {
        return position().plays(seatMoves);
    }

    public Table then() {
        return position();
    }

    // ---- card texts ----

    /** {@code "8D 10H"} as a set; blank is empty. */
    public static CardSet cards(String texts) {
        return CardSet.of(cardList(texts));
    }

    /** {@code "8D 10H"} as a list in the written order; blank is empty. */
    public static List<Card> cardList(String texts) {
        List<Card> list = new ArrayList<>();
        for (String t : texts.trim().split("\\s+")) {
            if (!t.isEmpty()) {
                list.add(Card.parse(t));
            }
        }
        return list;
    }

    /** A deck order (top card first) as card indices, for {@link DealDecider#dealFrom}. */
    public static int[] order(String texts) {
        return cardList(texts).stream().mapToInt(Card::index).toArray();
    }

    /**
     * A deck order that deals these hands (each of 6 cards, seat 0 first) when {@code dealer} deals,
     * followed by {@code rest} (the trump card first, then the stock from the top).
     */
    public static int[] orderDealing(int dealer, String rest, String... hands) {
        int n = hands.length;
        List<List<Card>> h = new ArrayList<>();
        for (String hand : hands) {
            h.add(cardList(hand));
        }
        List<Card> order = new ArrayList<>();
        for (int k = 0; k < 6 * n; k++) {
            order.add(h.get((dealer + 1 + k) % n).get(k / n));
        }
        order.addAll(cardList(rest));
        return order.stream().mapToInt(Card::index).toArray();
    }

    /** The trump card followed by every other card of the deck not in the hands: the rest of a deck order. */
    public static String restOf(Deck deck, String trumpCard, String... hands) {
        CardSet used = cards(trumpCard);
        for (String h : hands) {
            used = used.with(cards(h));
        }
        StringBuilder b = new StringBuilder(trumpCard);
        for (Card c : deck.cards().without(used).cards()) {
            b.append(' ').append(c);
        }
        return b.toString();
    }

    private static List<Card> cardsInOrder(String[] texts) {
        List<Card> cards = new ArrayList<>();
        for (String t : texts) {
            cards.add(Card.parse(t));
        }
        return cards;
    }

    /** A move in its text form: {@code attack 8D 8H}, {@code cover 8D 10D}, {@code transfer 8H},
     *  {@code show 8S}, {@code take}, {@code throw QH QC}, {@code pass}. */
    public static Move move(String text) {
        String[] w = text.trim().split("\\s+");
        String[] rest = Arrays.copyOfRange(w, 1, w.length);
        switch (w[0]) {
            case "attack": return new Move.Attack(cardsInOrder(rest));
            case "throw": return new Move.Throw(cardsInOrder(rest));
            case "cover":
                if (rest.length != 2) {
                    throw new IllegalArgumentException("cover ATTACK CARD, not: " + text);
                }
                return new Move.Cover(Card.parse(rest[0]), Card.parse(rest[1]));
            case "transfer": return new Move.Transfer(Card.parse(rest[0]));
            case "show": return new Move.ShowTrump(Card.parse(rest[0]));
            case "take": return Move.TAKE;
            case "pass": return Move.PASS;
            default: throw new IllegalArgumentException("unknown move: " + text);
        }
    }
}
