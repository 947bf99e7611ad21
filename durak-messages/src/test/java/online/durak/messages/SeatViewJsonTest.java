package online.durak.messages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import online.durak.engine.Card;
import online.durak.engine.Move;
import online.durak.engine.SeatView;
import org.junit.jupiter.api.Test;

/** A seat's view as its client gets it (rules.md §8). */
class SeatViewJsonTest {

    private static List<String> texts(JsonNode array) {
        return java.util.stream.StreamSupport.stream(array.spliterator(), false).map(JsonNode::textValue).toList();
    }

    private static List<String> texts(List<Card> cards) {
        return cards.stream().map(Codec::cardText).toList();
    }

    @Test
    void everyView_isWrittenFieldByField() {
        int views = 0;
        for (PlayedMatch m : Samples.matches()) {
            for (PlayedMatch.Seen seen : m.views) {
                SeatView v = seen.view();
                JsonNode json = Codec.toNode(v);
                views++;
                if (v.seat() >= 0) {
                    assertEquals(v.seat(), json.get("seat").intValue());
                    assertEquals(texts(v.hands().get(v.seat())), texts(json.get("hand")));
                    assertFalse(json.has("hands"));
                } else if (v.hands().isEmpty()) { // a spectator's public view
                    assertTrue(json.get("seat").isNull());
                    assertFalse(json.has("hand"));
                    assertFalse(json.has("hands"));
                    assertEquals(0, json.get("legalMoves").size());
                } else {
                    assertTrue(json.get("seat").isNull());
                    assertFalse(json.has("hand"));
                    for (int seat = 0; seat < m.rules.players(); seat++) {
                        assertEquals(texts(v.hands().get(seat)), texts(json.get("hands").get(Integer.toString(seat))));
                    }
                }
                assertEquals(v.phase().name(), json.get("phase").textValue());
                assertEquals(v.toAct() < 0, json.get("toAct").isNull());
                assertEquals(v.handSizes().size(), json.get("handSizes").size());
                v.known().forEach((seat, cards) -> assertEquals(texts(cards), texts(json.get("known").get("" + seat))));
                assertEquals(v.known().size(), json.get("known").size());
                assertEquals(v.table().size(), json.get("table").size());
                for (int i = 0; i < v.table().size(); i++) {
                    Card[] pair = v.table().get(i);
                    JsonNode p = json.get("table").get(i);
                    assertEquals(Codec.cardText(pair[0]), p.get(0).textValue());
                    assertEquals(pair[1] == null ? null : Codec.cardText(pair[1]), p.get(1).textValue());
                }
                assertEquals(v.trump().name(), json.get("trump").textValue());
                assertEquals(v.stockCount(), json.get("stockCount").intValue());
                assertEquals(m.rules.discardVisible(), json.has("discard"));
                assertEquals(m.rules.discardVisible(), json.has("trumpsInPlay"));
                if (m.rules.discardVisible()) {
                    assertEquals(texts(v.discard()), texts(json.get("discard")));
                    assertEquals(v.trumpsInPlay(), json.get("trumpsInPlay").intValue());
                }
                assertEquals(v.legalMoves().size(), json.get("legalMoves").size());
                for (int i = 0; i < v.legalMoves().size(); i++) {
                    Move move = v.legalMoves().get(i);
                    assertEquals(move, Codec.readMove(json.get("legalMoves").get(i)));
                }
                assertEquals(v.durak() < 0, json.get("durak").isNull());
                assertEquals(v.points() == null, json.get("points").isNull());
            }
        }
        assertTrue(views > 1000, "views " + views);
    }

    @Test
    void aSeatsView_holdsNoCardOfAnotherHandOrOfTheStock_thatItMayNotKnow() {
        for (PlayedMatch m : Samples.matches()) {
            for (PlayedMatch.Seen seen : m.views) {
                if (seen.view().seat() >= 0 || seen.view().hands().isEmpty()) { // a seat's, or a spectator's
                    JsonNode json = Codec.toNode(seen.view());
                    long leaked = Secrets.cardsIn(json) & Secrets.hiddenFrom(seen.deal(), seen.view().seat());
                    assertEquals(0, leaked, json.toString());
                }
            }
        }
    }

    @Test
    void everyView_carriesTheDealsCommitment_andNeverItsSaltOrDeckOrder() {
        int sealed = 0;
        for (PlayedMatch m : Samples.matches()) {
            for (PlayedMatch.Seen seen : m.views) {
                JsonNode json = Codec.toNode(seen.view());
                assertEquals(seen.deal().shuffleCommitment(), json.path("shuffleCommitment").textValue());
                assertFalse(Secrets.opensTheSeal(json, Secrets.salts(m)), json.toString());
                assertEquals(json, Codec.toNode(Codec.readSeatView(json)), "read back with its commitment");
                sealed += json.has("shuffleCommitment") ? 1 : 0;
            }
        }
        assertTrue(sealed > 1000, "sealed views " + sealed);
    }
}
