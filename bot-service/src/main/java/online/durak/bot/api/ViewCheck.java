package online.durak.bot.api;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import online.durak.engine.Card;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Determinization;
import online.durak.engine.Move;
import online.durak.engine.Phase;
import online.durak.engine.Rejection;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.engine.table.HintRules;
import online.durak.messages.MessageException;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;

/**
 * Whether a seat's view sent by a client could be a real view of a deal under the given settings, before
 * the search is run on it: every card in the deck and in one place only, the counts adding up to the deck,
 * the seats and the discard as the settings say, and every listed legal move legal in a deal that fits the
 * view. Failures are {@link MessageException#INVALID_VIEW} naming the field. A view that asks its seat for no
 * move ({@link HintRules}) is answered {@code 409 NOT_YOUR_TURN} before anything else of it is checked.
 */
final class ViewCheck {
    private ViewCheck() {
    }

    static void check(Rules rules, SeatView v) {
        int n = rules.players();
        if (v.handSizes().size() != n) {
            throw bad("handSizes", "has " + v.handSizes().size() + " seats, the settings " + n);
        }
        Rejection refused = HintRules.refusal(v);
        if (refused != null) {
            throw new ApiException(409, refused.code(), refused.message());
        }
        long deck = rules.deck().cards().bits();
        long seen = 0;
        List<Card> hand = v.hands().get(v.seat());
        if (hand.size() != v.handSizes().get(v.seat())) {
            throw bad("hand", "holds " + hand.size() + " cards, handSizes says " + v.handSizes().get(v.seat()));
        }
        seen = place("hand", hand, deck, seen);
        for (Map.Entry<Integer, List<Card>> e : v.known().entrySet()) {
            int seat = e.getKey();
            List<Card> known = e.getValue();
            if (seat == v.seat()) {
                for (Card c : known) {
                    inDeck("known", c, deck);
                    if (!hand.contains(c)) {
                        throw bad("known", "card " + c + " of seat " + seat + " is not in its hand");
                    }
                }
                continue;
            }
            if (known.size() > v.handSizes().get(seat)) {
                throw bad("known", "seat " + seat + " holds " + v.handSizes().get(seat) + " cards, not "
                        + known.size() + " known ones");
            }
            seen = place("known", known, deck, seen);
        }
        int onTable = 0;
        for (Card[] pair : v.table()) {
            for (Card c : pair) {
                if (c != null) {
                    seen = place("table", List.of(c), deck, seen);
                    onTable++;
                }
            }
        }
        if (rules.discardVisible() != (v.discard() != null)) {
            throw bad("discard", rules.discardVisible() ? "is required: the discard lies face up"
                    : "must be absent: the discard lies face down");
        }
        if (v.discard() != null) {
            if (v.discard().size() != v.discardCount()) {
                throw bad("discard", "holds " + v.discard().size() + " cards, discardCount says " + v.discardCount());
            }
            seen = place("discard", v.discard(), deck, seen);
        }
        if (v.trumpCard() != null) {
            inDeck("trumpCard", v.trumpCard(), deck);
            if (v.trumpCard().suit() != v.trump()) {
                throw bad("trumpCard", v.trumpCard() + " is not of the trump suit " + v.trump());
            }
            if (v.stockCount() > 0) {
                place("trumpCard", List.of(v.trumpCard()), deck, seen);
            }
        }
        int total = onTable + v.stockCount() + v.discardCount();
        for (int size : v.handSizes()) {
            total += size;
        }
        if (total != rules.deck().size()) {
            throw bad("handSizes", "hands, table, stock and discard hold " + total + " cards, the deck "
                    + rules.deck().size());
        }
        for (int seat : List.of(v.toAct(), v.attacker(), v.defender())) {
            if (seat >= n) {
                throw bad("toAct", "seat " + seat + " does not exist");
            }
        }
        if (v.phase() == Phase.DEAL_OVER || v.toAct() != v.seat()) {
            throw bad("legalMoves", "only the seat to act has legal moves");
        }
        DealState deal;
        try {
            deal = Determinization.sample(rules, v, new SplittableRandom(1));
        } catch (RuntimeException e) {
            throw bad("view", "no deal fits this view: " + e.getMessage());
        }
        List<Move> legal;
        try {
            legal = DealDecider.legalMoves(deal, v.seat());
        } catch (RuntimeException e) {
            throw bad("view", "no deal fits this view: " + e.getMessage());
        }
        if (new java.util.HashSet<>(v.legalMoves()).size() != v.legalMoves().size()) {
            throw bad("legalMoves", "lists a move twice");
        }
        for (Move m : v.legalMoves()) {
            if (!legal.contains(m)) {
                throw bad("legalMoves", m + " is not a legal move in this position");
            }
        }
    }

    private static long place(String field, List<Card> cards, long deck, long seen) {
        for (Card c : cards) {
            inDeck(field, c, deck);
            if ((seen & c.bit()) != 0) {
                throw bad(field, "card " + c + " is in two places in this view");
            }
            seen |= c.bit();
        }
        return seen;
    }

    private static void inDeck(String field, Card c, long deck) {
        if ((deck & c.bit()) == 0) {
            throw bad(field, "card " + c + " is not in the deck of these settings");
        }
    }

    private static MessageException bad(String field, String message) {
        return new MessageException(MessageException.INVALID_VIEW, field, message);
    }
}
