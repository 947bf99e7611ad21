package online.durak.messages;

import static online.durak.messages.MessageException.INVALID_VIEW;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import online.durak.engine.Card;
import online.durak.engine.Move;
import online.durak.engine.Phase;
import online.durak.engine.SeatView;
import online.durak.engine.ShuffleProof;
import online.durak.engine.Suit;

/**
 * A seat's view (rules.md §8) as JSON, bound by Jackson. Seats that nobody fills are null (e.g. {@code toAct}
 * once the deal is over, {@code durak} after a draw). The open view ({@code seat} null) has {@code hands} for
 * every seat instead of {@code hand}; the public view of a spectator ({@code seat} null) has neither. {@code discard}
 * and {@code trumpsInPlay} appear only when the discard lies face up; {@code shuffleCommitment} only for a deal sealed
 * at its start (docs/fairness.md). Every other field must be there. {@link #toView} checks what Jackson cannot: seats within
 * {@code handSizes}, the hand fields the seat calls for, no card twice on the table, counts not negative. Whether
 * the view could occur in a deal of some settings is not checked (a reader has no settings).
 *
 * @param legalMoves the moves, written as moves; read as JSON first, so that a bad move is refused as this view's
 *                   {@code legalMoves}
 */
record SeatViewForm(Integer seat, String phase, Integer toAct, Integer attacker, Integer defender,
                    @Wire.MayBeAbsent @JsonInclude(JsonInclude.Include.NON_NULL) List<Card> hand,
                    @Wire.MayBeAbsent @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, List<Card>> hands,
                    List<Integer> handSizes, Map<String, List<Card>> known,
                    @JsonSetter(contentNulls = Nulls.SET) List<Card[]> table, String trump,
                    @JsonSetter(nulls = Nulls.SET) Card trumpCard, int stockCount, int discardCount,
                    @Wire.MayBeAbsent @JsonInclude(JsonInclude.Include.NON_NULL) List<Card> discard,
                    @Wire.MayBeAbsent @JsonInclude(JsonInclude.Include.NON_NULL) Integer trumpsInPlay,
                    int boutsPlayed, List<Integer> out, int roomLeft, List<Integer> stillToCome, List<Integer> passed,
                    @JsonDeserialize(contentAs = JsonNode.class) @JsonSetter(contentNulls = Nulls.SET) List<Object> legalMoves, Integer durak, @JsonSetter(nulls = Nulls.SET) List<Integer> points,
                    @Wire.MayBeAbsent @JsonInclude(JsonInclude.Include.NON_NULL) String shuffleCommitment) {

    static SeatViewForm of(SeatView v) {
        boolean own = v.seat() >= 0;
        return new SeatViewForm(seat(v.seat()), Names.phase(v.phase()), seat(v.toAct()), seat(v.attacker()),
                seat(v.defender()), own ? v.hands().getOrDefault(v.seat(), List.of()) : null,
                own || v.hands().isEmpty() ? null : bySeat(v.hands()), v.handSizes(), bySeat(v.known()), v.table(), Names.suit(v.trump()),
                v.trumpCard(), v.stockCount(), v.discardCount(), v.discard(),
                v.trumpsInPlay() < 0 ? null : v.trumpsInPlay(), v.boutsPlayed(), v.out(), v.roomLeft(),
                v.stillToCome(), v.passed(), List.copyOf(v.legalMoves()), seat(v.durak()), v.points(),
                v.shuffleCommitment());
    }

    /** -1 is the engine's "nobody"; on the wire it is null. */
    private static Integer seat(int seat) {
        return seat < 0 ? null : seat;
    }

    /** Seat number (as text, JSON keys being text) to cards, in seat order. */
    private static Map<String, List<Card>> bySeat(Map<Integer, List<Card>> cards) {
        Map<String, List<Card>> o = new LinkedHashMap<>();
        new TreeMap<>(cards).forEach((s, c) -> o.put(Integer.toString(s), c));
        return o;
    }

    /** The engine's view; {@code move} reads one of {@link #legalMoves} (a refusal is a {@link MessageException}). */
    SeatView toView(Function<JsonNode, Move> move) {
        int players = handSizes.size();
        if (players < 2) {
            throw error("handSizes", "must have one entry per seat (2 to 6), not " + players);
        }
        for (int size : handSizes) {
            if (size < 0) {
                throw error("handSizes", "must not be negative, not " + size);
            }
        }
        int me = seat("seat", seat, players);
        Phase p = Names.phase(phase);
        if (p == null) {
            throw error("phase", "must be ATTACK, DEFENSE, THROW_IN, TAKE_ADDING or DEAL_OVER, not \"" + phase + "\"");
        }
        Map<Integer, List<Card>> hs = new LinkedHashMap<>();
        if (me >= 0) {
            if (hands != null) {
                throw error("hands", "only the open view (seat null) has hands; a seat's view has hand");
            }
            if (hand == null) {
                throw error("hand", "is required in a seat's view");
            }
            hs.put(me, hand);
        } else {
            if (hand != null) {
                throw error("hand", "a view from no seat (seat null) has hands (the open view) or none, not hand");
            }
            if (hands != null) {
                hs.putAll(seatCards("hands", hands, players));
            }
        }
        Suit t = null;
        for (Suit s : Suit.values()) {
            if (Names.suit(s).equals(trump)) {
                t = s;
            }
        }
        if (t == null) {
            throw error("trump", "must be C, D, H or S, not \"" + trump + "\"");
        }
        if ((discard == null) != (trumpsInPlay == null)) {
            throw error(discard != null ? "trumpsInPlay" : "discard",
                    "discard and trumpsInPlay are given together (when the discard lies face up) or not at all");
        }
        List<Move> legal = new ArrayList<>(legalMoves.size());
        for (int i = 0; i < legalMoves.size(); i++) {
            try {
                legal.add(move.apply((JsonNode) legalMoves.get(i)));
            } catch (MessageException e) {
                throw error("legalMoves", "move " + i + ": " + e.getMessage());
            }
        }
        if (points != null && points.size() != players) {
            throw error("points", "must have one entry per seat (" + players + "), not " + points.size());
        }
        return new SeatView(me, p, seat("toAct", toAct, players), seat("attacker", attacker, players),
                seat("defender", defender, players), Collections.unmodifiableMap(hs), handSizes,
                Collections.unmodifiableMap(seatCards("known", known, players)), checkedTable(), t, trumpCard,
                count("stockCount", stockCount), count("discardCount", discardCount), discard,
                discard == null ? -1 : count("trumpsInPlay", trumpsInPlay), count("boutsPlayed", boutsPlayed),
                seats("out", out, players), count("roomLeft", roomLeft), seats("stillToCome", stillToCome, players),
                seats("passed", passed, players), List.copyOf(legal), seat("durak", durak, players), points,
                commitment());
    }

    /** The shuffle's seal: 64 lowercase hex digits, or absent for a deal dealt without one. */
    private String commitment() {
        if (shuffleCommitment != null && !ShuffleProof.isCommitment(shuffleCommitment)) {
            throw error("shuffleCommitment", "must be 64 lowercase hex digits (a SHA-256), not \"" + shuffleCommitment
                    + "\"");
        }
        return shuffleCommitment;
    }

    private static MessageException error(String field, String message) {
        return new MessageException(INVALID_VIEW, field, message);
    }

    /** A seat or null (-1); a seat must be one of {@code 0..players-1}. */
    private static int seat(String field, Integer seat, int players) {
        if (seat == null) {
            return -1;
        }
        if (seat < 0 || seat >= players) {
            throw error(field, "must be a seat 0.." + (players - 1) + " or null, not " + seat);
        }
        return seat;
    }

    private static List<Integer> seats(String field, List<Integer> seats, int players) {
        for (int seat : seats) {
            if (seat < 0 || seat >= players) {
                throw error(field, "must hold seats 0.." + (players - 1) + ", not " + seat);
            }
        }
        return seats;
    }

    private static int count(String field, int n) {
        if (n < 0) {
            throw error(field, "must not be negative, not " + n);
        }
        return n;
    }

    /** The inverse of {@link #bySeat}: seat numbers as keys, in seat order. */
    private static Map<Integer, List<Card>> seatCards(String field, Map<String, List<Card>> bySeat, int players) {
        TreeMap<Integer, List<Card>> cards = new TreeMap<>();
        bySeat.forEach((key, list) -> {
            int seat;
            try {
                seat = Integer.parseInt(key);
            } catch (NumberFormatException x) {
                throw error(field, "keys must be seat numbers, not \"" + key + "\"");
            }
            if (seat < 0 || seat >= players || !key.equals(Integer.toString(seat))) {
                throw error(field, "keys must be seats 0.." + (players - 1) + ", not \"" + key + "\"");
            }
            if (list == null) {
                throw error(field, "seat " + seat + ": is required");
            }
            cards.put(seat, list);
        });
        return new LinkedHashMap<>(cards);
    }

    /** {@code [attack, cover or null]} pairs; no card lies on the table twice. */
    private List<Card[]> checkedTable() {
        long seen = 0;
        for (Card[] pair : table) {
            if (pair == null || pair.length != 2 || pair[0] == null) {
                throw error("table", "each entry must be [attack card, cover card or null], not "
                        + (pair == null ? null : "[" + String.join(",", java.util.Arrays.stream(pair)
                                .map(c -> c == null ? "null" : "\"" + Names.card(c) + "\"").toList()) + "]"));
            }
            for (Card c : pair) {
                if (c != null && (seen & c.bit()) != 0) {
                    throw error("table", "card " + Names.card(c) + " lies on the table twice");
                }
                seen |= c == null ? 0 : c.bit();
            }
        }
        return Collections.unmodifiableList(table);
    }
}
