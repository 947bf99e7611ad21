package online.durak.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** rules.md §8: a seat's view shows only what that seat may know. */
class ViewsTest {

    /** Three players, trump S; of the trumps only 7S (seat 1) and the face-up 10S are still in play. */
    private static Given position() {
        return Given.hands("8D 9C KH", "10D 7S QC", "JH QH AC").stock("6C 7C 8C 9D 10S")
                .discardCount(22).boutsPlayed(3);
    }

    private static List<Card> cards(String texts) {
        return Given.cardList(texts);
    }

    @Test
    void seatView_showsTheSeatsOwnHandOnly_andTheOthersHandSizes() {
        SeatView v = position().then().view(0);

        assertEquals(0, v.seat());
        assertEquals(Set.of(0), v.hands().keySet());
        assertEquals(Given.cards("8D 9C KH"), CardSet.of(v.hands().get(0)));
        assertEquals(List.of(3, 3, 3), v.handSizes());
        assertEquals(Map.of(), v.known());
    }

    @Test
    void seatView_showsTrumpTheTrumpCardTheStockSizeAndTheRoles() {
        SeatView v = position().then().view(2);

        assertEquals(Suit.S, v.trump());
        assertEquals(Card.parse("10S"), v.trumpCard());
        assertEquals(5, v.stockCount());
        assertEquals(Phase.ATTACK, v.phase());
        assertEquals(0, v.attacker());
        assertEquals(1, v.defender());
        assertEquals(0, v.toAct());
        assertEquals(3, v.roomLeft(), "the defender holds 3 cards");
        assertNull(v.points());
        assertEquals(-1, v.durak());
    }

    @Test
    void seatView_showsTheTableAsPairs() {
        SeatView v = position().when(0, "attack 8D").then().view(2);

        assertEquals(1, v.table().size());
        assertEquals(Card.parse("8D"), v.table().get(0)[0]);
        assertNull(v.table().get(0)[1]);
        assertEquals(2, v.roomLeft(), "the defender holds 3 cards against 1 uncovered");
    }

    @Test
    void visibleDiscard_isShown_withTheTrumpsStillInPlay() {
        Table t = position().then();
        SeatView before = t.view(1);
        assertEquals(22, before.discard().size());
        assertEquals(2, before.trumpsInPlay());

        t.when(0, "attack 8D").when(1, "cover 8D 7S");
        SeatView after = t.view(1);
        assertEquals(24, after.discardCount());
        assertTrue(after.discard().containsAll(cards("8D 7S")));
        assertEquals(1, after.trumpsInPlay());
    }

    @Test
    void hiddenDiscard_isNotShown_onlyItsSize() {
        SeatView v = position().discardHidden().when(0, "attack 8D").when(1, "cover 8D 7S").view(1);

        assertNull(v.discard());
        assertEquals(-1, v.trumpsInPlay());
        assertEquals(24, v.discardCount());
    }

    @Test
    void knownCards_ofOtherSeats_areShown() {
        SeatView v = position().when(0, "attack 8D").when(1, "take").view(2);

        assertEquals(Set.of(2), v.hands().keySet());
        assertEquals(cards("8D"), v.known().get(1));
        assertEquals(List.of(6, 4, 4), v.handSizes());
    }

    @Test
    void legalMoves_areShownOnlyToTheSeatThatMustAct() {
        Table t = position().then();
        assertEquals(List.of(), t.view(1).legalMoves());
        assertEquals(3, t.view(0).legalMoves().size());
        assertTrue(t.view(0).legalMoves().containsAll(List.of(Given.move("attack 8D"), Given.move("attack 9C"),
                Given.move("attack KH"))));
    }

    @Test
    void round_showsWhoStillComesAndWhoHasPassed() {
        Table t = Given.hands("8D 10H AC 9D", "10D QC 6S 7S 9C 6H", "8C KD AH JC", "QH JH KH 10C")
                .stock("6D 7D QD 7H 8H 8S").boutsPlayed(1)
                .plays("0 attack 8D", "1 cover 8D 10D");
        assertEquals(List.of(0, 2, 3), t.view(1).stillToCome());
        assertEquals(List.of(), t.view(1).passed());
        t.when(0, "pass");
        assertEquals(List.of(2, 3), t.view(1).stillToCome());
        assertEquals(List.of(0), t.view(1).passed());
    }

    @Test
    void outsideARound_nobodyIsListedAsComingOrPassed() {
        SeatView v = position().when(0, "attack 8D").view(0);

        assertEquals(List.of(), v.stillToCome());
        assertEquals(List.of(), v.passed());
    }

    @Test
    void seatThatDoesNotExist_hasNoView() {
        Table t = position().then();
        assertThrows(IllegalArgumentException.class, () -> t.view(3));
        assertThrows(IllegalArgumentException.class, () -> t.view(-1));
    }

    @Test
    void openView_isRefused_whileTheDealRuns() {
        assertThrows(IllegalStateException.class, () -> Views.openView(position().then().state()));
    }

    @Test
    void openView_ofAFinishedDeal_showsEveryHandAndThePoints() {
        Table t = Given.hands("8D", "10D", "QC KH").trump("S").discardCount(24).boutsPlayed(8)
                .plays("0 attack 8D", "1 cover 8D 10D");
        SeatView v = Views.openView(t.state());

        assertEquals(-1, v.seat());
        assertEquals(Map.of(0, List.of(), 1, List.of(), 2, cards("QC KH")), v.hands());
        assertEquals(Set.of(0, 1, 2), v.hands().keySet());
        assertEquals(Phase.DEAL_OVER, v.phase());
        assertEquals(2, v.durak());
        assertEquals(List.of(2, 2, 0), v.points());
        assertEquals(List.of(0, 1), v.out());
        assertEquals(List.of(), v.legalMoves());
    }

    @Test
    void dealersTrumpCard_isKnownToEveryone_whenTheDeckIsUsedUp() {
        Rules rules = Rules.defaults(6);
        int[] order = Deck.D36.cards().cards().stream().mapToInt(Card::index).toArray();
        DealState s = DealDecider.start(rules, DealDecider.dealFrom(rules, order, 1, 2, 0, 0));

        assertTrue(Views.seatView(s, 4).known().get(2).contains(Card.parse("AS")));
        assertEquals(1, Views.seatView(s, 4).hands().size());
    }

    @Test
    void publicView_isEverySeatsViewWithoutItsHandAndMoves() {
        Table t = taken();
        SeatView pub = Views.publicView(t.state());

        assertEquals(-1, pub.seat());
        assertEquals(Map.of(), pub.hands(), "no hand at all");
        assertEquals(List.of(), pub.legalMoves());
        for (int seat = 0; seat < 3; seat++) {
            assertEquals(shared(t.view(seat)), shared(pub), "the public view is seat " + seat
                    + "'s without what only that seat knows");
        }
    }

    @Test
    void publicView_showsKnownCardsButNoUnknownCard() {
        SeatView pub = Views.publicView(taken().state());

        assertEquals(Map.of(1, cards("8D"), 2, cards("10S")), pub.known(),
                "the card the defender took and the face-up trump seat 2 drew are known to all");
        assertEquals(List.of(6, 4, 4), pub.handSizes(), "after the draw");
    }

    /** Seat 1 took the 8D (every seat saw it go into that hand). */
    private static Table taken() {
        return position().when(0, "attack 8D").when(1, "take");
    }

    /** What a seat's view shows of the deal besides the seat's own hand and moves. */
    private static List<Object> shared(SeatView v) {
        return List.of(v.phase(), v.toAct(), v.attacker(), v.defender(), v.handSizes(), v.known(),
                v.table().stream().map(List::of).toList(), v.trump(), v.trumpCard(), v.stockCount(), v.discardCount(),
                String.valueOf(v.discard()), v.trumpsInPlay(), v.boutsPlayed(), v.out(), v.roomLeft(), v.stillToCome(),
                v.passed(), v.durak(), String.valueOf(v.points()));
    }
}
