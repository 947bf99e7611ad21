package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import online.durak.engine.Card;
import online.durak.engine.CardSet;
import online.durak.engine.DealState;
import online.durak.engine.Event;
import online.durak.engine.MatchState;
import online.durak.engine.Views;
import online.durak.engine.table.TableState;
import online.durak.messages.Codec;
import online.durak.messages.EventVisibility;

/**
 * Everything the players of one table received: seat views (REST answers, WebSocket frames) and events, each
 * with its seq. {@link #verify} checks each against the stored event log once the match is over:
 * <ul>
 * <li>a view is the engine's view of that seat ({@link Views#seatView}; a spectator's, seat -1: {@link
 * Views#publicView}) of the table as folded up to the view's seq, and an event is {@link EventVisibility#forSeat} of the
 * stored event;</li>
 * <li>independently of that, no card appears anywhere in it that the seat may not know at that seq: a card of
 * another seat's hand that is not known to be there, or a card of the stock other than the face-up trump;</li>
 * <li>and while a deal runs, nothing opens its seal (docs/fairness.md): no salt, no deck order.</li>
 * </ul>
 */
final class Seen {

    private static final Pattern CARD = Pattern.compile("(10|[2-9JQKA])[CDHS]");

    record SeenView(int seat, JsonNode view, String where) {
    }

    record SeenEvent(int seat, long seq, JsonNode event, String where) {
    }

    private final List<SeenView> views = new ArrayList<>();
    private final List<SeenEvent> events = new ArrayList<>();

    synchronized void view(int seat, JsonNode view, String where) {
        views.add(new SeenView(seat, view.deepCopy(), where));
    }

    /** {@code message}: a SeatEventMessage envelope ({@code seq}, {@code event}, ...). */
    synchronized void event(int seat, JsonNode message, String where) {
        events.add(new SeenEvent(seat, message.get("seq").asLong(), message.get("event").deepCopy(), where));
    }

    synchronized int views() {
        return views.size();
    }

    synchronized int events() {
        return events.size();
    }

    synchronized void verify(Truth truth) {
        for (SeenView v : views) {
            checkView(truth, v);
        }
        for (SeenEvent e : events) {
            checkEvent(truth, e);
        }
    }

    static void checkView(Truth truth, SeenView seen) {
        JsonNode v = seen.view();
        String where = seen.where() + " (seat " + seen.seat() + ")";
        assertEquals(seen.seat(), v.get("seat").asInt(), where + ": seat");
        long seq = v.get("seq").asLong();
        TableState t = truth.at(seq);
        where += " at seq " + seq;
        assertEquals(t.status().name(), v.path("table").path("status").asText(), where + ": status");
        MatchState m = t.match();
        if (m == null) {
            assertTrue(v.get("deal").isNull(), where + ": a deal before the match");
        } else {
            JsonNode match = v.get("match");
            assertEquals(m.dealNumber(), match.get("dealNumber").asInt(), where + ": deal number");
            assertEquals(Codec.write(ints(m.totals())), Codec.write(match.get("totals")), where + ": totals");
            assertEquals(m.places() == null ? "null" : Codec.write(ints(m.places())), Codec.write(match.get("places")),
                where + ": places");
            assertEquals(m.dealRunning(), match.get("dealRunning").asBoolean(), where + ": dealRunning");
            assertEquals(t.onBoard(), match.get("onBoard").asBoolean(), where + ": onBoard");
            if (m.deal() == null) {
                assertTrue(v.get("deal").isNull(), where + ": a deal before the first");
            } else {
                assertEquals(Codec.write(Codec.toNode(seen.seat() < 0 ? Views.publicView(m.deal())
                    : Views.seatView(m.deal(), seen.seat()))), Codec.write(v.get("deal")), where + ": the seat's view of the deal");
            }
        }
        noHiddenCards(v, forbidden(t, seen.seat()), where);
        sealKept(v, truth, seq, where);
    }

    static void checkEvent(Truth truth, SeenEvent seen) {
        String where = seen.where() + " (seat " + seen.seat() + ") event seq " + seen.seq();
        assertEquals(Codec.write(Codec.toNode(EventVisibility.forSeat(truth.event(seen.seq()), seen.seat(), truth.rules()))),
            Codec.write(seen.event()), where + ": the event as the seat may see it");
        noHiddenCards(seen.event(), forbidden(truth.at(seen.seq()), seen.seat()), where);
        sealKept(seen.event(), truth, seen.seq(), where);
    }

    /**
     * docs/fairness.md: while a deal runs, nothing a player receives opens its seal: no salt of the table's deals and no
     * field that holds a deck order or a salt (a replay of a finished deal may).
     */
    static void sealKept(JsonNode node, Truth truth, long seq, String where) {
        MatchState m = truth.at(seq).match();
        if (m == null || m.deal() == null || m.deal().isOver()) {
            return;
        }
        Set<String> salts = new HashSet<>();
        for (Event e : truth.events) {
            if (e instanceof Event.DealStarted d && d.salt() != null) {
                salts.add(d.salt());
            }
        }
        opensNoSeal(node, salts, where);
    }

    private static void opensNoSeal(JsonNode node, Set<String> salts, String where) {
        if (node.isTextual() && salts.contains(node.textValue())) {
            fail(where + ": shows a deal's salt while the deal runs");
        }
        if (node.isObject() && (node.has("salt") || node.has("deckOrder") || node.has("shuffleProof"))) {
            fail(where + ": opens a running deal's seal: " + node);
        }
        for (JsonNode child : node) {
            opensNoSeal(child, salts, where);
        }
    }

    /**
     * What {@code seat} (-1: a spectator) may not know of the running deal: the other seats' cards not known to be in
     * their hands, and the stock, less the face-up trump card. A finished deal may be seen with every card open.
     */
    static CardSet forbidden(TableState t, int seat) {
        MatchState m = t.match();
        if (m == null || m.deal() == null || m.deal().isOver()) {
            return CardSet.EMPTY;
        }
        DealState d = m.deal();
        CardSet hidden = CardSet.of(d.stock());
        for (int j = 0; j < d.players(); j++) {
            if (j != seat) {
                hidden = hidden.with(d.hand(j).without(d.known(j)));
            }
        }
        return d.trumpCard() == null ? hidden : hidden.without(CardSet.of(d.trumpCard()));
    }

    /** Fails when any string in {@code node} names a card of {@code forbidden}. */
    static void noHiddenCards(JsonNode node, CardSet forbidden, String where) {
        if (node.isTextual()) {
            String s = node.textValue();
            if (CARD.matcher(s).matches() && forbidden.contains(Card.parse(s))) {
                fail(where + ": shows " + s + ", a card this seat may not know");
            }
        } else if (node.isContainerNode()) {
            for (JsonNode child : node) {
                noHiddenCards(child, forbidden, where);
            }
        }
    }

    static JsonNode ints(List<Integer> values) {
        var a = JsonNodeFactory.instance.arrayNode();
        for (int v : values) {
            a.add(v);
        }
        return a;
    }
}
