package online.durak.messages;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.Set;
import online.durak.engine.Card;
import online.durak.engine.DealState;
import online.durak.engine.Event;

/**
 * What a seat may not know, and which cards a JSON message shows: to check that none of the first leaks; and the seals
 * of the shuffles, opened only in a finished deal's replay.
 */
final class Secrets {
    private Secrets() {
    }

    /** Cards in the stock (but the face-up trump card) or in another seat's hand that nobody knows of. */
    static long hiddenFrom(DealState deal, int seat) {
        long hidden = 0;
        for (int other = 0; other < deal.players(); other++) {
            if (other != seat) {
                hidden |= deal.hand(other).without(deal.known(other)).bits();
            }
        }
        for (Card c : deal.stock()) {
            if (c != deal.trumpCard()) {
                hidden |= c.bit();
            }
        }
        return hidden;
    }

    /** The salts that sealed the match's deals: never shown while their deal runs (docs/fairness.md). */
    static Set<String> salts(PlayedMatch m) {
        Set<String> salts = new HashSet<>();
        for (Event e : m.events) {
            if (e instanceof Event.DealStarted d && d.salt() != null) {
                salts.add(d.salt());
            }
        }
        return salts;
    }

    /** Whether a JSON tree opens a shuffle's seal: a field that holds a deck order or a salt, or a salt's text. */
    static boolean opensTheSeal(JsonNode node, Set<String> salts) {
        if (node.isTextual()) {
            return salts.contains(node.textValue());
        }
        if (node.isObject() && (node.has("deckOrder") || node.has("salt") || node.has("shuffleProof"))) {
            return true;
        }
        for (JsonNode child : node) {
            if (opensTheSeal(child, salts)) {
                return true;
            }
        }
        return false;
    }

    /** Every card text anywhere in a JSON tree, as a card mask. */
    static long cardsIn(JsonNode node) {
        long cards = 0;
        if (node.isTextual()) {
            try {
                cards |= Card.parse(node.textValue()).bit();
            } catch (IllegalArgumentException notACard) {
                // player ids, names and type names are not cards
            }
        }
        for (JsonNode child : node) {
            cards |= cardsIn(child);
        }
        return cards;
    }
}
