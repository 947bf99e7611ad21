package online.durak.engine;

import static online.durak.engine.DealState.NONE;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The rules of one deal as a Decider: {@link #decide} checks a move and says what happens (events, or a
 * rejection), {@link #evolve} applies one event, {@link #legalMoves} lists exactly what {@code decide}
 * accepts. Everything automatic (passes of players who cannot throw in, bito, picking up, drawing, going
 * out, the end of the deal) is decided here and written into events.
 */
public final class DealDecider {
    private DealDecider() {
    }

    // ---- dealing (rules.md §3) ----

    /**
     * Shuffles from {@code seed} and deals. With {@code attacker} -1 the lowest trump decides who attacks
     * first, and a deal where nobody holds a trump is shuffled again; otherwise {@code attacker} opens.
     */
    public static Event.DealStarted deal(Rules rules, long seed, int dealNumber, int dealer, int attacker) {
        return deal(rules, seed, null, dealNumber, dealer, attacker);
    }

    /** {@link #deal(Rules, long, int, int, int)}, the deal sealed by {@code salt} (null: no seal). */
    public static Event.DealStarted deal(Rules rules, long seed, String salt, int dealNumber, int dealer,
                                         int attacker) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] base = new int[rules.deck().size()];
        int k = 0;
        for (long m = rules.deck().mask(); m != 0; m &= m - 1) {
            base[k++] = Long.numberOfTrailingZeros(m);
        }
        for (int redeals = 0; ; redeals++) {
            int[] order = base.clone();
            for (int i = order.length - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
            Event.DealStarted e = dealFrom(rules, order, dealNumber, dealer, attacker, redeals);
            if (e != null) {
                return salt == null ? e : new Event.DealStarted(e.deal(), e.dealer(), e.deckOrder(), e.redeals(),
                        e.attacker(), e.shownTrump(), salt);
            }
        }
    }

    /** The deal for a given deck order, or null when the lowest trump decides and nobody holds one. */
    public static Event.DealStarted dealFrom(Rules rules, int[] order, int dealNumber, int dealer, int attacker,
                                             int redeals) {
        List<Card> deck = new ArrayList<>(order.length);
        for (int c : order) {
            deck.add(Card.of(c));
        }
        if (attacker != NONE) {
            return new Event.DealStarted(dealNumber, dealer, deck, redeals, attacker, null);
        }
        int n = rules.players();
        int dealt = 6 * n;
        int trump = (dealt < order.length ? order[dealt] : order[dealt - 1]) / 13;
        int lowest = Integer.MAX_VALUE;
        int holder = NONE;
        for (int k = 0; k < dealt; k++) {
            if (order[k] / 13 == trump && order[k] < lowest) {
                lowest = order[k];
                holder = (dealer + 1 + k) % n;
            }
        }
        if (holder == NONE) {
            return null;
        }
        return new Event.DealStarted(dealNumber, dealer, deck, redeals, holder, Card.of(lowest));
    }

    /** The state right after a {@link Event.DealStarted}. */
    public static DealState start(Rules rules, Event.DealStarted e) {
        int[] order = new int[e.deckOrder().size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = e.deckOrder().get(i).index();
        }
        int shown = e.shownTrump() == null ? NONE : e.shownTrump().index();
        return DealState.dealt(rules, order, e.dealer(), e.attacker(), shown,
                e.salt() == null ? null : ShuffleProof.commitment(e.salt(), e.deckOrder()));
    }

    // ---- decide ----

    public static Decision<DealState> decide(DealState s, int seat, Move move) {
        Rejection r = check(s, seat, move);
        if (r != null) {
            return new Decision.Rejected<>(r);
        }
        List<Event> events = new ArrayList<>(4);
        Event.DealEvent first = eventFor(s, seat, move);
        events.add(first);
        DealState next = evolve(s, first);
        if (next.toAct == NONE) {
            next = endBout(next, events);
        }
        return new Decision.Accepted<>(events, next);
    }

    private static Event.DealEvent eventFor(DealState s, int seat, Move move) {
        if (move instanceof Move.Attack a) {
            return new Event.Attacked(seat, a.cards());
        } else if (move instanceof Move.Cover c) {
            return new Event.Covered(seat, c.attack(), c.card());
        } else if (move instanceof Move.Transfer t) {
            return new Event.Transferred(seat, t.card());
        } else if (move instanceof Move.ShowTrump t) {
            return new Event.TrumpShown(seat, t.trump());
        } else if (move instanceof Move.Take) {
            return new Event.Took(seat);
        } else if (move instanceof Move.Throw t) {
            return new Event.Threw(seat, t.cards());
        } else {
            return new Event.Passed(seat);
        }
    }

    /** The play a move event records (the seat and its move), or null for an event that is no player's move. */
    public static Command.Play playOf(Event e) {
        Move move = DealCheck.moveOf(e);
        return move == null ? null : new Command.Play(DealCheck.seatOf(e), move);
    }

    /** Null when the move is legal for the seat, else why not. */
    static Rejection check(DealState s, int seat, Move move) {
        if (seat < 0 || seat >= s.players) {
            return new Rejection(Rejection.NO_SUCH_SEAT, "there is no seat " + seat + " at this table");
        }
        if (s.phase == Phase.DEAL_OVER) {
            return new Rejection(Rejection.DEAL_NOT_RUNNING, "the deal is over");
        }
        // the turn before anything about the move: a seat not to act gets NOT_YOUR_TURN in every phase, whatever it
        // sent; WRONG_PHASE only tells the seat to act that the phase takes another kind of move
        if (seat != s.toAct) {
            return new Rejection(Rejection.NOT_YOUR_TURN, "it is seat " + s.toAct + "'s turn, not seat " + seat + "'s");
        }
        if (move == null) {
            return new Rejection(Rejection.WRONG_PHASE, "no move given");
        }
        switch (s.phase) {
            case ATTACK:
                if (move instanceof Move.Attack a) {
                    Rejection twice = checkListedOnce(a.cards());
                    return twice != null ? twice : checkAttack(s, seat, a.cardSet().bits());
                }
                return wrongPhase(s, move, "open the bout with an attack");
            case DEFENSE:
                if (move instanceof Move.Cover c) {
                    return checkCover(s, seat, c.attack(), c.card());
                } else if (move instanceof Move.Take) {
                    return null;
                } else if (move instanceof Move.Transfer t) {
                    return checkTransfer(s, seat, t.card(), false);
                } else if (move instanceof Move.ShowTrump t) {
                    return checkTransfer(s, seat, t.trump(), true);
                }
                return wrongPhase(s, move, "cover, transfer or take");
            default:
                if (move instanceof Move.Throw t) {
                    Rejection twice = checkListedOnce(t.cards());
                    return twice != null ? twice : checkThrow(s, seat, t.cardSet().bits());
                } else if (move instanceof Move.Pass) {
                    return null;
                }
                return wrongPhase(s, move, "throw in or pass");
        }
    }

    private static Rejection wrongPhase(DealState s, Move move, String what) {
        return new Rejection(Rejection.WRONG_PHASE,
                "no " + move.type() + " now: the phase is " + s.phase + ", " + what);
    }

    private static Rejection checkListedOnce(List<Card> cards) {
        if (CardSet.of(cards).size() != cards.size()) {
            return new Rejection(Rejection.CARD_TWICE, "name each card once");
        }
        return null;
    }

    private static Rejection checkCards(DealState s, int seat, long cards) {
        if (cards == 0) {
            return new Rejection(Rejection.NO_CARDS, "name at least one card");
        }
        if ((cards & ~s.hands[seat]) != 0) {
            return new Rejection(Rejection.CARD_NOT_IN_HAND,
                    "not in your hand: " + new CardSet(cards & ~s.hands[seat]));
        }
        return null;
    }

    private static Rejection checkAttack(DealState s, int seat, long cards) {
        Rejection r = checkCards(s, seat, cards);
        if (r != null) {
            return r;
        }
        if (Integer.bitCount(CardSet.ranksOf(cards)) != 1) {
            return new Rejection(Rejection.MIXED_RANKS, "attack with one card or several cards of one rank");
        }
        int count = Long.bitCount(cards);
        if (count > s.cap()) {
            return new Rejection(Rejection.OVER_LIMIT, "at most " + s.cap() + " attack cards in this bout");
        }
        int defenderHand = s.handSize(s.defenderActor);
        if (count > defenderHand) {
            return new Rejection(Rejection.DEFENDER_CANNOT_COVER,
                    "the defender holds only " + defenderHand + " cards");
        }
        return null;
    }

    private static Rejection checkCover(DealState s, int seat, Card attack, Card card) {
        if (attack == null || card == null || (s.uncoveredMask() & attack.bit()) == 0) {
            return new Rejection(Rejection.NOT_AN_UNCOVERED_ATTACK,
                    "name an uncovered attack card on the table: " + new CardSet(s.uncoveredMask()));
        }
        if ((s.hands[seat] & card.bit()) == 0) {
            return new Rejection(Rejection.CARD_NOT_IN_HAND, "not in your hand: " + card);
        }
        if (!card.beats(attack, s.trump())) {
            return new Rejection(Rejection.DOES_NOT_BEAT, card + " does not beat " + attack + " (trump " + s.trump() + ")");
        }
        return null;
    }

    private static Rejection checkTransfer(DealState s, int seat, Card card, boolean show) {
        if (s.rules.variant() != Variant.PEREVODNOI) {
            return new Rejection(Rejection.NO_TRANSFER_IN_VARIANT, "transfers exist only in PEREVODNOI");
        }
        if (show && !s.rules.showTrumpToTransfer()) {
            return new Rejection(Rejection.SHOW_TRUMP_OFF, "this table does not allow showing a trump to transfer");
        }
        long attacks = s.attackMask();
        if (s.uncoveredCount() != s.tableCount || Integer.bitCount(CardSet.ranksOf(attacks)) != 1) {
            return new Rejection(Rejection.TRANSFER_NOT_POSSIBLE,
                    "a transfer needs every attack card uncovered and of one rank");
        }
        if (card == null || (s.hands[seat] & card.bit()) == 0) {
            return new Rejection(Rejection.CARD_NOT_IN_HAND, "not in your hand: " + card);
        }
        if (CardSet.ranksOf(card.bit()) != CardSet.ranksOf(attacks)) {
            return new Rejection(Rejection.TRANSFER_WRONG_RANK, "transfer with a card of the attack's rank");
        }
        int after = s.tableCount;
        if (show) {
            if (card.suit() != s.trump()) {
                return new Rejection(Rejection.NOT_A_TRUMP, card + " is not a trump");
            }
            if ((s.shownTrumps & card.bit()) != 0) {
                return new Rejection(Rejection.TRUMP_ALREADY_SHOWN, card + " was already shown in this bout");
            }
        } else {
            after++;
            if (after > s.cap()) {
                return new Rejection(Rejection.OVER_LIMIT, "at most " + s.cap() + " attack cards in this bout");
            }
        }
        int next = s.nextOpponentLeft(s.defender);
        int nextHand = next == NONE ? 0 : s.handSize(s.actorOf(next));
        if (nextHand < after) {
            return new Rejection(Rejection.NEXT_DEFENDER_CANNOT_COVER,
                    "the next defender holds " + nextHand + " cards, fewer than " + after + " attack cards");
        }
        return null;
    }

    private static Rejection checkThrow(DealState s, int seat, long cards) {
        Rejection r = checkCards(s, seat, cards);
        if (r != null) {
            return r;
        }
        int tableRanks = CardSet.ranksOf(s.tableMask);
        if ((CardSet.ranksOf(cards) & ~tableRanks) != 0) {
            return new Rejection(Rejection.RANK_NOT_ON_TABLE, "throw in only ranks that lie on the table");
        }
        if ((cards & ~s.throwableCards(seat)) != 0) {
            if (s.rules.throwIn() == ThrowIn.NEIGHBOURS) {
                return new Rejection(Rejection.RANK_NOT_ALLOWED,
                        "only the defender's neighbours may throw in any rank; you may throw in "
                                + Rank.of(s.attackAt(0) % 13).text() + "s");
            }
            return new Rejection(Rejection.MAY_NOT_THROW_IN, "only the defender's neighbours may throw in");
        }
        int count = Long.bitCount(cards);
        if (s.tableCount + count > s.cap()) {
            return new Rejection(Rejection.OVER_LIMIT, "at most " + s.cap() + " attack cards in this bout");
        }
        int defenderHand = s.handSize(s.defenderActor);
        if (s.uncoveredCount() + count > defenderHand) {
            return new Rejection(Rejection.DEFENDER_CANNOT_COVER,
                    "the defender holds only " + defenderHand + " cards against "
                            + (s.uncoveredCount() + count) + " uncovered");
        }
        return null;
    }

    // ---- the end of a bout (rules.md §4.7, §5) ----

    private static DealState endBout(DealState s, List<Event> events) {
        boolean taken = s.phase == Phase.TAKE_ADDING;
        Event.DealEvent ended = new Event.BoutEnded(taken, s.defenderActor, new CardSet(s.tableMask));
        events.add(ended);
        s = evolve(s, ended);

        // Draw up to 6: the attacker first, then clockwise, the defender last.
        if (s.stockLeft() > 0) {
            for (int i = 0; i <= s.players; i++) {
                int seat = i == s.players ? s.defender : (s.attacker + i) % s.players;
                if (i < s.players && seat == s.defender || !s.inRotation(seat)) {
                    continue;
                }
                int need = 6 - s.handSize(seat);
                if (need <= 0 || s.stockLeft() == 0) {
                    continue;
                }
                int take = Math.min(need, s.stockLeft());
                long drawn = 0;
                for (int k = 0; k < take; k++) {
                    drawn |= 1L << s.stock[s.stockTop + k];
                }
                Event.DealEvent e = new Event.CardsDrawn(seat, new CardSet(drawn));
                events.add(e);
                s = evolve(s, e);
            }
        }

        if (s.stockLeft() == 0) {
            List<Integer> out = new ArrayList<>();
            for (int seat = 0; seat < s.players; seat++) {
                if (!s.isOut(seat) && s.hands[seat] == 0) {
                    out.add(seat);
                }
            }
            if (!out.isEmpty()) {
                Event.DealEvent e = new Event.PlayersOut(out);
                events.add(e);
                s = evolve(s, e);
            }
        }

        Event.DealEvent next = dealEnded(s);
        if (next == null) {
            int attacker = taken ? s.nextActiveLeft(s.defender) : s.defender;
            if (!s.isActive(attacker)) {
                attacker = s.nextActiveLeft(attacker);
            }
            next = new Event.BoutReady(attacker, s.nextOpponentLeft(attacker));
        }
        events.add(next);
        return evolve(s, next);
    }

    /** The deal's end once at most one player (team) holds cards, with the points; else null. */
    private static Event.DealEnded dealEnded(DealState s) {
        int n = s.players;
        Rules rules = s.rules;
        int parties = rules.teams() ? n / 2 : n;
        int[] outAt = new int[parties];           // when each party went out; MAX_VALUE while it holds cards
        Arrays.fill(outAt, Integer.MIN_VALUE);
        long[] cards = new long[parties];
        for (int seat = 0; seat < n; seat++) {
            int p = rules.team(seat);
            outAt[p] = Math.max(outAt[p], s.outBout[seat]);
            cards[p] |= s.hands[seat];
        }
        int holding = NONE;
        int holders = 0;
        for (int p = 0; p < parties; p++) {
            if (cards[p] != 0) {
                holders++;
                holding = p;
            }
        }
        if (holders > 1) {
            return null;
        }
        Integer[] points = new Integer[n];
        for (int seat = 0; seat < n; seat++) {
            int p = rules.team(seat);
            if (p == holding) {
                points[seat] = 0;
                continue;
            }
            int later = 0;
            for (int q = 0; q < parties; q++) {
                if (q != p && outAt[q] > outAt[p]) {
                    later++;
                }
            }
            points[seat] = 1 + later;
        }
        int durak = NONE;
        if (holding != NONE) {
            for (int seat = 0; seat < n && durak == NONE; seat++) {
                if (rules.team(seat) == holding && s.hands[seat] != 0) {
                    durak = seat;
                }
            }
        }
        return new Event.DealEnded(durak, List.of(points), new CardSet(holding == NONE ? 0 : cards[holding]));
    }

    // ---- evolve ----

    /** Applies one event; it only moves data, decisions are in the event. */
    public static DealState evolve(DealState prev, Event.DealEvent event) {
        DealState s = prev.copy();
        if (event instanceof Event.Attacked e) {
            lay(s, e.seat(), e.cards());
            s.phase = Phase.DEFENSE;
            s.toAct = s.defenderActor;
        } else if (event instanceof Event.Covered e) {
            play(s, e.seat(), e.card().bit());
            s.setCover(s.slotOf(e.attack().index()), e.card().index());
            if (s.uncoveredCount() == 0) {
                startRound(s, Phase.THROW_IN);
            } else {
                s.toAct = s.defenderActor;
            }
        } else if (event instanceof Event.Transferred e) {
            play(s, e.seat(), e.card().bit());
            s.addAttack(e.card().index());
            passAttackOn(s);
        } else if (event instanceof Event.TrumpShown e) {
            s.shownTrumps |= e.trump().bit();
            s.known[e.seat()] |= e.trump().bit();
            passAttackOn(s);
        } else if (event instanceof Event.Took) {
            startRound(s, Phase.TAKE_ADDING);
        } else if (event instanceof Event.Threw e) {
            lay(s, e.seat(), e.cards());
            if (s.phase == Phase.THROW_IN) {
                s.phase = Phase.DEFENSE;
                s.toAct = s.defenderActor;
            } else {
                advanceRound(s);
            }
        } else if (event instanceof Event.Passed) {
            advanceRound(s);
        } else if (event instanceof Event.BoutEnded e) {
            long table = e.cards().bits();
            if (e.taken()) {
                s.hands[e.defender()] |= table;
                s.known[e.defender()] |= table;
            } else {
                s.discard |= table;
                s.discardCount += Long.bitCount(table);
            }
            s.attacks = 0;
            s.tableCount = 0;
            s.tableMask = 0;
            s.shownTrumps = 0;
            s.boutsPlayed++;
            s.toAct = NONE;
        } else if (event instanceof Event.CardsDrawn e) {
            long cards = e.cards().bits();
            s.hands[e.seat()] |= cards;
            s.stockTop += Long.bitCount(cards);
            if (s.trumpCard != NONE && (cards & 1L << s.trumpCard) != 0) {
                // everyone saw the face-up trump card go into this hand
                s.known[e.seat()] |= 1L << s.trumpCard;
            }
        } else if (event instanceof Event.PlayersOut e) {
            s.outBout = s.outBout.clone();
            for (int seat : e.seats()) {
                s.outMask |= 1 << seat;
                s.outBout[seat] = s.boutsPlayed;
            }
        } else if (event instanceof Event.BoutReady e) {
            s.startBout(e.attacker());
            s.defender = e.defender();
            s.defenderActor = s.actorOf(e.defender());
        } else if (event instanceof Event.DealEnded e) {
            s.phase = Phase.DEAL_OVER;
            s.toAct = NONE;
            s.durak = e.durak();
            s.points = e.points().stream().mapToInt(Integer::intValue).toArray();
        } else {
            throw new AssertionError("a deal event evolve does not know: " + event.type());
        }
        return s;
    }

    /** Attack cards go from the hand to the table in the order they were laid. */
    private static void lay(DealState s, int seat, List<Card> cards) {
        for (Card c : cards) {
            play(s, seat, c.bit());
            s.addAttack(c.index());
        }
    }

    private static void play(DealState s, int seat, long cards) {
        s.hands[seat] &= ~cards;
        s.known[seat] &= ~cards;
    }

    /** After a transfer: the transferring seat attacks, the next active player on its left defends. */
    private static void passAttackOn(DealState s) {
        int from = s.defender;
        s.attacker = from;
        s.attackerActor = s.defenderActor;
        s.defender = s.nextOpponentLeft(from);
        s.defenderActor = s.actorOf(s.defender);
        s.phase = Phase.DEFENSE;
        s.toAct = s.defenderActor;
    }

    private static void startRound(DealState s, Phase phase) {
        s.phase = phase;
        int[] order = s.throwOrder();
        s.roundPos = s.nextThrower(order, 0);
        s.toAct = s.roundPos < order.length ? order[s.roundPos] : NONE;
    }

    private static void advanceRound(DealState s) {
        int[] order = s.throwOrder();
        s.roundPos = s.nextThrower(order, s.roundPos + 1);
        s.toAct = s.roundPos < order.length ? order[s.roundPos] : NONE;
    }

    // ---- legal moves ----

    /** Every move {@code decide} accepts from this seat now, and no other. */
    public static List<Move> legalMoves(DealState s, int seat) {
        List<Move> moves = new ArrayList<>();
        if (s.phase == Phase.DEAL_OVER || seat != s.toAct) {
            return moves;
        }
        long hand = s.hands[seat];
        switch (s.phase) {
            case ATTACK: {
                int max = Math.min(s.cap(), s.handSize(s.defenderActor));
                for (int ranks = CardSet.ranksOf(hand); ranks != 0; ranks &= ranks - 1) {
                    long ofRank = hand & CardSet.rankMask(Integer.numberOfTrailingZeros(ranks));
                    for (long sub = ofRank; sub != 0; sub = (sub - 1) & ofRank) {
                        if (Long.bitCount(sub) <= max) {
                            moves.add(new Move.Attack(new CardSet(sub)));
                        }
                    }
                }
                break;
            }
            case DEFENSE: {
                for (long u = s.uncoveredMask(); u != 0; u &= u - 1) {
                    int a = Long.numberOfTrailingZeros(u);
                    for (long b = hand & CardSet.beaters(a, s.trump); b != 0; b &= b - 1) {
                        moves.add(new Move.Cover(Card.of(a), Card.of(Long.numberOfTrailingZeros(b))));
                    }
                }
                if (s.rules.variant() == Variant.PEREVODNOI) {
                    addTransfers(s, seat, moves);
                }
                moves.add(Move.TAKE);
                break;
            }
            default: {
                int max = Math.min(s.cap() - s.tableCount,
                        s.handSize(s.defenderActor) - s.uncoveredCount());
                long throwable = max > 0 ? s.throwableCards(seat) : 0;
                for (long sub = throwable; sub != 0; sub = (sub - 1) & throwable) {
                    if (Long.bitCount(sub) <= max) {
                        moves.add(new Move.Throw(new CardSet(sub)));
                    }
                }
                moves.add(Move.PASS);
                break;
            }
        }
        return moves;
    }

    private static void addTransfers(DealState s, int seat, List<Move> moves) {
        long attacks = s.attackMask();
        if (s.uncoveredCount() != s.tableCount || Integer.bitCount(CardSet.ranksOf(attacks)) != 1) {
            return;
        }
        long ofRank = s.hands[seat] & CardSet.cardsOfRanks(CardSet.ranksOf(attacks));
        int next = s.nextOpponentLeft(s.defender);
        int nextHand = next == NONE ? 0 : s.handSize(s.actorOf(next));
        if (s.tableCount + 1 <= s.cap() && nextHand >= s.tableCount + 1) {
            for (long m = ofRank; m != 0; m &= m - 1) {
                moves.add(new Move.Transfer(Card.of(Long.numberOfTrailingZeros(m))));
            }
        }
        if (s.rules.showTrumpToTransfer() && nextHand >= s.tableCount) {
            long trumps = ofRank & CardSet.suitMask(s.trump) & ~s.shownTrumps;
            if (trumps != 0) {
                moves.add(new Move.ShowTrump(Card.of(Long.numberOfTrailingZeros(trumps))));
            }
        }
    }
}
