package online.durak.messages;

import com.fasterxml.jackson.databind.JsonNode;
import online.durak.engine.Card;
import online.durak.engine.DealState;

/** What a seat may not know, and which cards a JSON message shows: to check that none of the first leaks. */
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
