package online.durak.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The full state of one deal: every hand, the stock order, the table. Immutable to everyone outside the
 * engine; the engine changes only fresh copies ({@link #copy()}) before handing them out. Cards are bit
 * masks (see {@link CardSet}), so a copy is a handful of longs.
 *
 * <p>Seats play two parts. The <em>roles</em> {@link #attacker()} and {@link #defender()} belong to seats in
 * the rotation; the seat that acts for a role is its <em>actor</em>: the seat itself, or in team play its
 * partner when the seat's hand is empty (rules.md §5).
 */
public final class DealState {
    static final int NONE = -1;
    private static final int SLOT_BITS = 6;
    private static final long SLOT_MASK = 63;
    private static final long EMPTY_COVERS = 0xFFF_FFFF_FFFFL; // 6 slots of 63: nothing covered

    final Rules rules;
    final int players;
    long[] hands;
    long[] known;
    final int[] stock;      // shared, never written after construction; stock[stockTop..] remain
    int stockTop;
    final int trump;        // suit ordinal
    final int trumpCard;    // card index of the face-up trump card (or the dealer's last card); NONE if unknown
    final String commitment; // the shuffle's seal (ShuffleProof), or null
    long discard;
    int discardCount;
    int boutsPlayed;
    int outMask;
    int[] outBout;          // bout count at which a seat went out; -1 for seats out before the position
    Phase phase;
    int attacker;
    int defender;
    int toAct;              // NONE while the engine resolves the end of a bout, and after the deal
    long attacks;           // table: attack card of slot i in bits 6i..6i+5, in the order played
    long covers;            // table: cover card of slot i, 63 when uncovered
    int tableCount;
    long tableMask;
    int roundPos;           // index into throwOrder() of the seat whose turn it is in a round
    int attackerActor;      // who acts for the roles; fixed when the role is given, so that in team play a
    int defenderActor;      // defender who covers with his last card stays the defender of this bout
    long shownTrumps;       // trumps shown to transfer in this bout
    int durak = NONE;
    int[] points;

    private DealState(Rules rules, int[] stock, int trump, int trumpCard, String commitment) {
        this.rules = rules;
        this.players = rules.players();
        this.stock = stock;
        this.trump = trump;
        this.trumpCard = trumpCard;
        this.commitment = commitment;
    }

    DealState copy() {
        DealState s = new DealState(rules, stock, trump, trumpCard, commitment);
        s.hands = hands.clone();
        s.known = known.clone();
        s.stockTop = stockTop;
        s.discard = discard;
        s.discardCount = discardCount;
        s.boutsPlayed = boutsPlayed;
        s.outMask = outMask;
        s.outBout = outBout;       // replaced, never written, when someone goes out
        s.phase = phase;
        s.attacker = attacker;
        s.defender = defender;
        s.toAct = toAct;
        s.attacks = attacks;
        s.covers = covers;
        s.tableCount = tableCount;
        s.tableMask = tableMask;
        s.roundPos = roundPos;
        s.attackerActor = attackerActor;
        s.defenderActor = defenderActor;
        s.shownTrumps = shownTrumps;
        s.durak = durak;
        s.points = points;
        return s;
    }

    // ---- construction ----

    /**
     * A freshly dealt deal (rules.md §3): {@code deckOrder} top card first, dealt one card at a time
     * starting left of the dealer; the next card is the trump card at the bottom of the stock, or, when the
     * deal used up the deck, the dealer's last card shows trump and is known to be in the dealer's hand.
     * {@code commitment} is the shuffle's seal ({@link ShuffleProof}), null for a deal without one.
     */
    static DealState dealt(Rules rules, int[] deckOrder, int dealer, int attacker, int shownTrump, String commitment) {
        int n = rules.players();
        int dealtCount = 6 * n;
        long[] hands = new long[n];
        for (int k = 0; k < dealtCount; k++) {
            hands[(dealer + 1 + k) % n] |= 1L << deckOrder[k];
        }
        int[] stock;
        int trumpCard;
        if (dealtCount < deckOrder.length) {
            trumpCard = deckOrder[dealtCount];
            stock = new int[deckOrder.length - dealtCount];
            System.arraycopy(deckOrder, dealtCount + 1, stock, 0, stock.length - 1);
            stock[stock.length - 1] = trumpCard;
        } else {
            trumpCard = deckOrder[dealtCount - 1];
            stock = new int[0];
        }
        DealState s = new DealState(rules, stock, trumpCard / 13, trumpCard, commitment);
        s.hands = hands;
        s.known = new long[n];
        if (stock.length == 0) {
            s.known[dealer] |= 1L << trumpCard;
        }
        if (shownTrump != NONE) {
            s.known[attacker] |= 1L << shownTrump;
        }
        s.outBout = new int[n];
        Arrays.fill(s.outBout, Integer.MAX_VALUE);
        s.startBout(attacker);
        return s;
    }

    /** A position set up by hand (conformance cases, tests). */
    public static DealState position(Rules rules, Position p) {
        int n = rules.players();
        int[] stock = new int[p.stock().size()];
        for (int i = 0; i < stock.length; i++) {
            stock[i] = p.stock().get(i).index();
        }
        int trumpCard = stock.length > 0 ? stock[stock.length - 1] : NONE;
        DealState s = new DealState(rules, stock, p.trump().ordinal(), trumpCard, null);
        s.hands = new long[n];
        s.known = new long[n];
        for (int i = 0; i < n; i++) {
            s.hands[i] = p.hands().get(i).bits();
            s.known[i] = p.known().get(i).bits() & s.hands[i];
        }
        long inPlay = 0;
        for (long h : s.hands) {
            inPlay |= h;
        }
        for (int c : stock) {
            inPlay |= 1L << c;
        }
        s.discard = rules.deck().mask() & ~inPlay;
        s.discardCount = p.discardCount();
        s.boutsPlayed = p.boutsPlayed();
        s.outBout = new int[n];
        Arrays.fill(s.outBout, Integer.MAX_VALUE);
        for (int seat : p.out()) {
            s.outMask |= 1 << seat;
            s.outBout[seat] = -1;
        }
        int a = p.attacker();
        if (!s.isActive(a)) {
            a = s.nextActiveLeft(a);
        }
        s.startBout(a);
        return s;
    }

    /** Sets the roles of a new bout: the attacker attacks the next active player on the left. */
    void startBout(int attackerSeat) {
        attacker = attackerSeat;
        defender = nextOpponentLeft(attackerSeat);
        phase = Phase.ATTACK;
        attacks = 0;
        covers = EMPTY_COVERS;
        tableCount = 0;
        tableMask = 0;
        roundPos = 0;
        shownTrumps = 0;
        attackerActor = actorOf(attacker);
        defenderActor = actorOf(defender);
        toAct = attackerActor;
    }

    // ---- public reading ----

    public Rules rules() {
        return rules;
    }

    /** The seal of this deal's shuffle ({@link ShuffleProof}): what every seat sees of the deck order; null if none. */
    public String shuffleCommitment() {
        return commitment;
    }

    public int players() {
        return players;
    }

    public Phase phase() {
        return phase;
    }

    public int attacker() {
        return attacker;
    }

    public int defender() {
        return defender;
    }

    /** The seat that must act now, or -1 when the deal is over. */
    public int toAct() {
        return toAct;
    }

    public CardSet hand(int seat) {
        return new CardSet(hands[seat]);
    }

    public int handSize(int seat) {
        return Long.bitCount(hands[seat]);
    }

    /** Cards that every player knows to be in this seat's hand. */
    public CardSet known(int seat) {
        return new CardSet(known[seat]);
    }

    public Suit trump() {
        return Suit.of(trump);
    }

    /** The face-up trump card (at the bottom of the stock, or the dealer's last card), or null if unknown. */
    public Card trumpCard() {
        return trumpCard == NONE ? null : Card.of(trumpCard);
    }

    public int stockCount() {
        return stock.length - stockTop;
    }

    /** The stock, top card first; the last is the face-up trump card. Hidden information. */
    public List<Card> stock() {
        List<Card> list = new ArrayList<>(stockCount());
        for (int i = stockTop; i < stock.length; i++) {
            list.add(Card.of(stock[i]));
        }
        return list;
    }

    public int discardCount() {
        return discardCount;
    }

    /** The cards out of play (the discard, plus cards discarded before a set-up position). */
    public CardSet discard() {
        return new CardSet(discard);
    }

    public int boutsPlayed() {
        return boutsPlayed;
    }

    public boolean isOut(int seat) {
        return (outMask & 1 << seat) != 0;
    }

    /** The table as [attack, cover-or-null] pairs in the order the attack cards were played. */
    public List<Card[]> table() {
        List<Card[]> list = new ArrayList<>(tableCount);
        for (int i = 0; i < tableCount; i++) {
            int cover = coverAt(i);
            list.add(new Card[] {Card.of(attackAt(i)), cover == 63 ? null : Card.of(cover)});
        }
        return list;
    }

    public CardSet tableCards() {
        return new CardSet(tableMask);
    }

    public boolean isOver() {
        return phase == Phase.DEAL_OVER;
    }

    /** The durak's seat (in team play a seat of the losing team), or -1 for a draw or a running deal. */
    public int durak() {
        return durak;
    }

    /** Deal points per seat once the deal is over (rules.md §6), else null. */
    public int[] points() {
        return points == null ? null : points.clone();
    }

    /** Attack cards on the table in this bout. */
    public int attackCount() {
        return tableCount;
    }

    /** How many attack cards this bout may hold: 5 when {@code firstBoutLimit} applies, else 6. */
    public int cap() {
        switch (rules.firstBoutLimit()) {
            case FIRST_BOUT: return boutsPlayed == 0 ? 5 : 6;
            case UNTIL_FIRST_DISCARD: return discardCount == 0 ? 5 : 6;
            default: return 6;
        }
    }

    /** How many more attack cards may be added now (cap, and the defender's hand against uncovered cards). */
    public int roomLeft() {
        if (phase == Phase.ATTACK) {
            return Math.min(cap(), handSize(defenderActor));
        }
        int room = Math.min(cap() - tableCount, handSize(defenderActor) - uncoveredCount());
        return Math.max(room, 0);
    }

    // ---- rotation ----

    int stockLeft() {
        return stock.length - stockTop;
    }

    /** Whether a seat still belongs to the rotation; in team play, until both partners are out. */
    boolean inRotation(int seat) {
        if ((outMask & 1 << seat) == 0) {
            return true;
        }
        return rules.teams() && (outMask & 1 << rules.partner(seat)) == 0;
    }

    /** rules.md §4: holding cards, or any player while the stock is not empty (team seats: in rotation). */
    boolean isActive(int seat) {
        if (rules.teams()) {
            return inRotation(seat);
        }
        return (outMask & 1 << seat) == 0 && (hands[seat] != 0 || stockLeft() > 0);
    }

    int nextActiveLeft(int seat) {
        for (int i = 1; i <= players; i++) {
            int s = (seat + i) % players;
            if (isActive(s)) {
                return s;
            }
        }
        return NONE;
    }

    int nextActiveRight(int seat) {
        for (int i = 1; i <= players; i++) {
            int s = (seat - i + players) % players;
            if (isActive(s)) {
                return s;
            }
        }
        return NONE;
    }

    /** The next active seat on the left that is not the given seat's partner (partners never attack each other). */
    int nextOpponentLeft(int seat) {
        for (int i = 1; i <= players; i++) {
            int s = (seat + i) % players;
            if (isActive(s) && (!rules.teams() || rules.team(s) != rules.team(seat))) {
                return s;
            }
        }
        return NONE;
    }

    /** The seat that acts for a role: the seat itself, or its partner when its hand is empty in team play. */
    int actorOf(int seat) {
        if (seat == NONE) {
            return NONE;
        }
        if (rules.teams() && hands[seat] == 0) {
            return rules.partner(seat);
        }
        return seat;
    }

    // ---- the table ----

    int attackAt(int slot) {
        return (int) (attacks >>> (SLOT_BITS * slot) & SLOT_MASK);
    }

    int coverAt(int slot) {
        return (int) (covers >>> (SLOT_BITS * slot) & SLOT_MASK);
    }

    void addAttack(int card) {
        attacks |= (long) card << (SLOT_BITS * tableCount);
        tableCount++;
        tableMask |= 1L << card;
    }

    void setCover(int slot, int card) {
        covers = covers & ~(SLOT_MASK << (SLOT_BITS * slot)) | (long) card << (SLOT_BITS * slot);
        tableMask |= 1L << card;
    }

    int slotOf(int attackCard) {
        for (int i = 0; i < tableCount; i++) {
            if (attackAt(i) == attackCard) {
                return i;
            }
        }
        return NONE;
    }

    int uncoveredCount() {
        int u = 0;
        for (int i = 0; i < tableCount; i++) {
            if (coverAt(i) == 63) {
                u++;
            }
        }
        return u;
    }

    long uncoveredMask() {
        long m = 0;
        for (int i = 0; i < tableCount; i++) {
            if (coverAt(i) == 63) {
                m |= 1L << attackAt(i);
            }
        }
        return m;
    }

    long attackMask() {
        long m = 0;
        for (int i = 0; i < tableCount; i++) {
            m |= 1L << attackAt(i);
        }
        return m;
    }

    // ---- the throw-in round ----

    /**
     * Who takes part in the round, in order: the attacker's actor first, then clockwise; never the defender
     * (nor, in team play, the defender's team) and never a seat that is out. Seats without cards stay in the
     * order and pass automatically, so positions do not shift while a round runs.
     */
    int[] throwOrder() {
        int first = attackerActor;
        int[] order = new int[players];
        int k = 0;
        for (int i = 0; i < players; i++) {
            int s = (first + i) % players;
            if (mayJoinRound(s)) {
                order[k++] = s;
            }
        }
        return k == players ? order : Arrays.copyOf(order, k);
    }

    private boolean mayJoinRound(int s) {
        if ((outMask & 1 << s) != 0 || s == defender || s == defenderActor) {
            return false;
        }
        return !rules.teams() || rules.team(s) != rules.team(defender);
    }

    /** The cards a seat may throw in now by rank and {@code throwIn} (before the room check). */
    long throwableCards(int seat) {
        long ranks;
        if (rules.throwIn() == ThrowIn.ALL || isDefendersNeighbour(seat)) {
            ranks = CardSet.ranksOf(tableMask);
        } else if (rules.throwIn() == ThrowIn.NEIGHBOURS) {
            ranks = 1 << attackAt(0) % 13;
        } else {
            return 0;
        }
        return hands[seat] & CardSet.cardsOfRanks((int) ranks);
    }

    boolean isDefendersNeighbour(int seat) {
        return seat == nextActiveLeft(defender) || seat == nextActiveRight(defender);
    }

    /** The first position from {@code pos} on in the order whose seat can throw something; else the order's length. */
    int nextThrower(int[] order, int pos) {
        if (roomLeft() == 0) {
            return order.length;
        }
        for (int i = pos; i < order.length; i++) {
            if (throwableCards(order[i]) != 0) {
                return i;
            }
        }
        return order.length;
    }

    /**
     * Seats of the running round that are done: they passed (after a take: had their turn) since it last
     * started, or cannot add anything now and so pass automatically. Seats without cards take no part.
     */
    public List<Integer> passedInRound() {
        List<Integer> list = new ArrayList<>();
        if (phase == Phase.THROW_IN || phase == Phase.TAKE_ADDING) {
            int[] order = throwOrder();
            for (int i = 0; i < order.length; i++) {
                if (hands[order[i]] != 0 && (i < roundPos || !mayStillThrow(order[i]))) {
                    list.add(order[i]);
                }
            }
        }
        return list;
    }

    /** Seats of the running round that may still add cards, the one acting now first. */
    public List<Integer> stillToComeInRound() {
        List<Integer> list = new ArrayList<>();
        if (phase == Phase.THROW_IN || phase == Phase.TAKE_ADDING) {
            int[] order = throwOrder();
            for (int i = roundPos; i < order.length; i++) {
                if (mayStillThrow(order[i])) {
                    list.add(order[i]);
                }
            }
        }
        return list;
    }

    private boolean mayStillThrow(int seat) {
        return roomLeft() > 0 && throwableCards(seat) != 0;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("DealState{phase=").append(phase)
                .append(", attacker=").append(attacker).append(", defender=").append(defender)
                .append(", toAct=").append(toAct).append(", trump=").append(trump())
                .append(", stock=").append(stockCount()).append(", discard=").append(discardCount)
                .append(", table=[");
        for (Card[] pair : table()) {
            b.append(pair[0]).append('/').append(pair[1]).append(' ');
        }
        b.append("], hands=[");
        for (int i = 0; i < players; i++) {
            b.append(i).append(isOut(i) ? "(out)" : "").append(':').append(hand(i)).append(' ');
        }
        return b.append("]}").toString();
    }
}
