package online.durak.messages;

import java.util.List;
import online.durak.engine.Card;
import online.durak.engine.CardSet;
import online.durak.engine.Event;
import online.durak.engine.Rules;

/**
 * What of an event may leave the server for a viewer (rules.md §8: what is
 * hidden from whom). Only two events carry cards a viewer may not know: the deck order of {@link Event.DealStarted}
 * and the cards of {@link Event.CardsDrawn} drawn by another seat. Every other card in an event was played
 * openly or is known to all (a shown trump, a table picked up, the durak's cards on the board).
 */
public final class EventVisibility {
    /** The seat of a viewer who sits at no seat: a spectator of a running deal. */
    public static final int NO_SEAT = -1;

    private EventVisibility() {
    }

    /**
     * The event as {@code seat} may see it; {@code rules} gives the number of players, which says how the
     * deck was dealt. {@code seat} {@link #NO_SEAT} sees no hand at all.
     */
    public static VisibleEvent forSeat(Event e, int seat, Rules rules) {
        if (seat != NO_SEAT && (seat < 0 || seat >= rules.players())) {
            throw new IllegalArgumentException("no seat " + seat + " at a table of " + rules.players());
        }
        if (e instanceof Event.DealStarted d) {
            int n = rules.players();
            return new VisibleEvent.RedactedDealStarted(d.deal(), d.dealer(), d.redeals(), d.attacker(),
                    d.shownTrump(), trumpCard(d, n), d.deckOrder().size(),
                    seat == NO_SEAT ? null : dealtHand(d, seat, n));
        }
        if (e instanceof Event.CardsDrawn c && c.seat() != seat) {
            return new VisibleEvent.RedactedCardsDrawn(c.seat(), c.cards().size());
        }
        return new VisibleEvent.Open(e);
    }

    /** The event as a spectator of a running deal may see it: no hand at all. */
    public static VisibleEvent forSpectator(Event e, Rules rules) {
        return forSeat(e, NO_SEAT, rules);
    }

    /**
     * Every card open: only for the events of a deal that is over (replays). The caller makes sure the deal
     * has ended; a running deal is seen only through {@link #forSeat}.
     */
    public static VisibleEvent forSpectatorOfFinishedDeal(Event e) {
        return new VisibleEvent.Open(e);
    }

    /**
     * The face-up trump card of a deal (rules.md §3.3): the card after the 6 × players dealt ones, or, when
     * the deal used the whole deck, the last card dealt (the dealer's).
     */
    public static Card trumpCard(Event.DealStarted d, int players) {
        List<Card> order = d.deckOrder();
        int dealt = 6 * players;
        return dealt < order.size() ? order.get(dealt) : order.get(dealt - 1);
    }

    /** The cards dealt to {@code seat}: one at a time, clockwise, starting left of the dealer. */
    public static CardSet dealtHand(Event.DealStarted d, int seat, int players) {
        long hand = 0;
        for (int k = 0; k < 6 * players; k++) {
            if ((d.dealer() + 1 + k) % players == seat) {
                hand |= d.deckOrder().get(k).bit();
            }
        }
        return new CardSet(hand);
    }
}
