package online.durak.messages;

import static online.durak.messages.Secrets.cardsIn;
import static online.durak.messages.Secrets.hiddenFrom;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import online.durak.engine.Card;
import online.durak.engine.CardSet;
import online.durak.engine.DealState;
import online.durak.engine.Event;
import online.durak.engine.Rules;
import org.junit.jupiter.api.Test;

/** rules.md §8 (what is hidden from whom): what of an event leaves the server for whom. */
class EventVisibilityTest {

    @Test
    void aRedactedEvent_neverHoldsACardOfAnotherSeatsHandOrOfTheStock_norASaltOrDeckOrder() {
        int checked = 0;
        for (PlayedMatch m : Samples.matches()) {
            java.util.Set<String> salts = Secrets.salts(m);
            for (int i = 0; i < m.events.size(); i++) {
                DealState deal = m.dealAfter(i);
                if (deal == null || deal.isOver()) {
                    continue;   // before the first deal nothing is dealt; a finished deal may be seen open
                }
                for (int seat = EventVisibility.NO_SEAT; seat < m.rules.players(); seat++) {
                    VisibleEvent v = EventVisibility.forSeat(m.events.get(i), seat, m.rules);
                    long leaked = cardsIn(Codec.toNode(v)) & hiddenFrom(deal, seat);
                    assertEquals(CardSet.EMPTY, new CardSet(leaked), "seat " + seat + " sees " + Codec.toJson(v));
                    SeatEventMessage frame = SeatEventMessage.forSeat(new EventMessage("t", i + 1, m.events.get(i),
                            null, Instant.EPOCH), seat, m.rules);
                    assertFalse(Secrets.opensTheSeal(Codec.toNode(frame), salts), "seat " + seat + " sees "
                            + Codec.toJson(frame));
                    checked++;
                }
            }
        }
        assertTrue(checked > 1000, "checked " + checked);
    }

    @Test
    void theUnredactedEvents_doHoldHiddenCards() {
        PlayedMatch m = Samples.matches().get(0);
        boolean found = false;
        for (int i = 0; i < m.events.size() && !found; i++) {
            DealState deal = m.dealAfter(i);
            found = deal != null && !deal.isOver()
                    && (cardsIn(Codec.toNode(m.events.get(i))) & hiddenFrom(deal, 0)) != 0;
        }
        assertTrue(found, "the check above would notice a leak");
        Event dealt = m.events.stream().filter(e -> e instanceof Event.DealStarted).findFirst().orElseThrow();
        assertTrue(Secrets.opensTheSeal(Codec.toNode(dealt), Secrets.salts(m)), "and an open seal");
        assertTrue(Secrets.opensTheSeal(Codec.parse("[\"" + ((Event.DealStarted) dealt).salt() + "\"]"),
                Secrets.salts(m)), "and a salt's text anywhere");
    }

    @Test
    void dealStarted_showsTheSeatItsOwnHandAndTheTrumpCard_butNotTheDeckOrder() {
        for (PlayedMatch m : Samples.matches()) {
            for (int i = 0; i < m.events.size(); i++) {
                if (!(m.events.get(i) instanceof Event.DealStarted d)) {
                    continue;
                }
                DealState deal = m.dealAfter(i);
                for (int seat = 0; seat < m.rules.players(); seat++) {
                    VisibleEvent.RedactedDealStarted v = assertInstanceOf(VisibleEvent.RedactedDealStarted.class,
                            EventVisibility.forSeat(d, seat, m.rules));
                    assertEquals(deal.hand(seat), v.hand());
                    assertEquals(deal.trumpCard(), v.trumpCard());
                    assertEquals(new VisibleEvent.RedactedDealStarted(d.deal(), d.dealer(), d.redeals(), d.attacker(),
                            d.shownTrump(), deal.trumpCard(), m.rules.deck().size(), deal.hand(seat)), v);
                    JsonNode json = Codec.toNode(v);
                    assertFalse(json.has("deckOrder"));
                    assertEquals(m.rules.deck().size(), json.get("count").intValue());
                }
                VisibleEvent.RedactedDealStarted spectator = assertInstanceOf(VisibleEvent.RedactedDealStarted.class,
                        EventVisibility.forSpectator(d, m.rules));
                assertNull(spectator.hand());
                assertFalse(Codec.toNode(spectator).has("hand"));
            }
        }
    }

    @Test
    void whenTheDealUsesTheWholeDeck_theTrumpCardIsTheDealersKnownLastCard() {
        int seen = 0;
        for (PlayedMatch m : Samples.matches()) {
            if (6 * m.rules.players() != m.rules.deck().size()) {
                continue;
            }
            for (int i = 0; i < m.events.size(); i++) {
                if (m.events.get(i) instanceof Event.DealStarted d) {
                    DealState deal = m.dealAfter(i);
                    Card trump = EventVisibility.trumpCard(d, m.rules.players());
                    assertEquals(d.deckOrder().get(d.deckOrder().size() - 1), trump);
                    assertTrue(deal.known(d.dealer()).contains(trump));
                    assertEquals(0, deal.stockCount());
                    seen++;
                }
            }
        }
        assertTrue(seen >= 2, "the samples hold whole-deck deals of 4 × 24 and 6 × 36 cards");
    }

    @Test
    void cardsDrawn_isOpenToTheDrawer_andACountToEveryoneElse() {
        Rules rules = Rules.defaults(3);
        Event.CardsDrawn drawn = new Event.CardsDrawn(1, CardSet.parse("7H", "QS"));
        assertEquals(new VisibleEvent.Open(drawn), EventVisibility.forSeat(drawn, 1, rules));
        assertEquals(new VisibleEvent.RedactedCardsDrawn(1, 2), EventVisibility.forSeat(drawn, 0, rules));
        assertEquals(new VisibleEvent.RedactedCardsDrawn(1, 2), EventVisibility.forSpectator(drawn, rules));
        assertEquals("{\"type\":\"CardsDrawn\",\"seat\":1,\"count\":2}",
                Codec.toJson(EventVisibility.forSeat(drawn, 2, rules)));
    }

    @Test
    void everyOtherEvent_isSeenAsItIs() {
        for (PlayedMatch m : Samples.matches()) {
            for (Event e : m.events) {
                if (e instanceof Event.DealStarted || e instanceof Event.CardsDrawn) {
                    continue;
                }
                for (int seat = EventVisibility.NO_SEAT; seat < m.rules.players(); seat++) {
                    assertEquals(new VisibleEvent.Open(e), EventVisibility.forSeat(e, seat, m.rules));
                }
            }
        }
    }

    @Test
    void aFinishedDeal_isSeenOpen() {
        for (Event e : Samples.allEvents()) {
            assertEquals(new VisibleEvent.Open(e), EventVisibility.forSpectatorOfFinishedDeal(e));
        }
    }

    @Test
    void visibleEvents_andTheirEnvelopes_roundTrip() {
        long seq = 0;
        for (PlayedMatch m : Samples.matches()) {
            for (Event e : m.events) {
                EventMessage stored = new EventMessage("t", ++seq, e, null, Instant.parse("2025-03-01T12:00:00Z"));
                for (int seat = EventVisibility.NO_SEAT; seat < m.rules.players(); seat++) {
                    SeatEventMessage seen = SeatEventMessage.forSeat(stored, seat, m.rules);
                    assertEquals(seen.event(), Codec.readVisibleEvent(Codec.parse(Codec.toJson(seen.event()))));
                    assertEquals(seen, Codec.readSeatEventMessage(Codec.parse(Codec.toJson(seen))));
                    assertEquals(stored.seq(), seen.seq());
                }
                assertEquals(new VisibleEvent.Open(e), SeatEventMessage.open(stored).event());
            }
        }
    }

    @Test
    void aSeatThatIsNotAtTheTable_isRefused() {
        Event e = new Event.Took(0);
        assertThrows(IllegalArgumentException.class, () -> EventVisibility.forSeat(e, 3, Rules.defaults(3)));
        assertThrows(IllegalArgumentException.class, () -> EventVisibility.forSeat(e, -2, Rules.defaults(3)));
    }

    @Test
    void dealtHand_followsTheDealingOrder() {
        List<Card> order = Rules.defaults(2).deck().cards().cards();
        Event.DealStarted d = new Event.DealStarted(1, 1, order, 0, 0, null);
        // dealer 1 of 2: seat 0 gets the 1st, 3rd, ... card; seat 1 the 2nd, 4th, ...
        assertEquals(CardSet.of(order.get(0), order.get(2), order.get(4), order.get(6), order.get(8), order.get(10)),
                EventVisibility.dealtHand(d, 0, 2));
        assertEquals(order.get(12), EventVisibility.trumpCard(d, 2));
    }
}
