package online.durak.messages;

import online.durak.engine.Card;
import online.durak.engine.CardSet;
import online.durak.engine.Event;

/**
 * An event as one viewer may see it ({@link EventVisibility}): either the whole event, or one of the two
 * events that carry hidden cards with those cards left out. {@link #type()} is the event's stable type.
 */
public sealed interface VisibleEvent {

    String type();

    /** The event as it happened: it holds nothing this viewer may not know. */
    record Open(Event event) implements VisibleEvent {
        public Open {
            if (event == null) {
                throw new IllegalArgumentException("event is required");
            }
        }

        public String type() {
            return event.type();
        }
    }

    /**
     * A deal was dealt; the deck order is hidden. {@code trumpCard} is the face-up trump card (when the deal
     * used the whole deck: the dealer's last card, known to be in the dealer's hand), {@code count} the number
     * of cards whose order is hidden, {@code hand} the viewer's own dealt cards (null for a viewer without a
     * seat).
     */
    record RedactedDealStarted(int deal, int dealer, int redeals, int attacker, Card shownTrump, Card trumpCard,
                               int count, CardSet hand) implements VisibleEvent {
        public String type() {
            return "DealStarted";
        }
    }

    /** Another seat drew {@code count} cards from the stock. */
    record RedactedCardsDrawn(int seat, int count) implements VisibleEvent {
        public String type() {
            return "CardsDrawn";
        }
    }
}
