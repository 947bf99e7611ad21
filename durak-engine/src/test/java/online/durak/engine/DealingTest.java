package online.durak.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** rules.md §3: dealing one card at a time, the trump card, the first attacker, redeals, later deals. */
class DealingTest {
    /** 3 players, dealer 1: seat 2 gets cards 0, 3, 6…, seat 0 cards 1, 4…, seat 1 (the dealer) cards 2, 5…;
     *  card 18 (6H) is the trump card. No heart is dealt, so nobody holds a trump. */
    private static final String NO_TRUMP_DEALT = "6C 7C 8C 9C 10C JC QC KC AC 6D 7D 8D 9D 10D JD QD KD AD"
            + " 6H 7H 8H 9H 10H JH QH KH AH 6S 7S 8S 9S 10S JS QS KS AS";

    @Test
    void cards_areDealtOneAtATime_clockwise_startingLeftOfTheDealer() {
        Rules rules = Rules.defaults(3);
        Event.DealStarted e = DealDecider.dealFrom(rules, Given.order(NO_TRUMP_DEALT), 1, 1, 0, 0);
        DealState s = DealDecider.start(rules, e);

        Table.of(s).hand(2, "6C 9C QC 6D 9D QD")
                .hand(0, "7C 10C KC 7D 10D KD")
                .hand(1, "8C JC AC 8D JD AD");
    }

    @Test
    void theNextCard_isTheTrumpCard_lyingUnderTheStock_toBeDrawnLast() {
        Rules rules = Rules.defaults(3);
        DealState s = DealDecider.start(rules, DealDecider.dealFrom(rules, Given.order(NO_TRUMP_DEALT), 1, 1, 0, 0));

        assertEquals(Suit.H, s.trump());
        assertEquals(Card.parse("6H"), s.trumpCard());
        assertEquals(18, s.stockCount());
        assertEquals(Given.cardList("7H 8H 9H 10H JH QH KH AH 6S 7S 8S 9S 10S JS QS KS AS 6H"), s.stock());
    }

    @Test
    void sixPlayersWith36Cards_haveNoStock_andTheDealersLastCardShowsTrumpAndIsKnown() {
        Rules rules = Rules.defaults(6);
        int[] order = Deck.D36.cards().cards().stream().mapToInt(Card::index).toArray();
        DealState s = DealDecider.start(rules, DealDecider.dealFrom(rules, order, 1, 2, 0, 0));

        assertEquals(0, s.stockCount());
        assertEquals(Suit.S, s.trump());
        assertEquals(Card.parse("AS"), s.trumpCard());
        Table.of(s).hand(2, "JC 8D AD JH 8S AS").known(2, "AS").known(1, "").known(3, "");
        for (int seat = 0; seat < 6; seat++) {
            assertEquals(6, s.handSize(seat));
        }
    }

    @Test
    void fourPlayersWith24Cards_haveNoStock_andTheDealersLastCardShowsTrumpAndIsKnown() {
        Rules rules = Rules.defaults(4).withDeck(Deck.D24);
        int[] order = Deck.D24.cards().cards().stream().mapToInt(Card::index).toArray();
        DealState s = DealDecider.start(rules, DealDecider.dealFrom(rules, order, 1, 3, 0, 0));

        assertEquals(0, s.stockCount());
        assertEquals(Suit.S, s.trump());
        Table.of(s).hand(3, "QC 10D AD QH 10S AS").known(3, "AS");
    }

    @Test
    void withoutStock_theLowestTrumpStillOpens_andTheDealersTrumpStaysKnown() {
        Rules rules = Rules.defaults(6);
        int[] order = Deck.D36.cards().cards().stream().mapToInt(Card::index).toArray();
        Event.DealStarted e = DealDecider.dealFrom(rules, order, 1, 2, -1, 0);

        assertEquals(0, e.attacker(), "6S is card 27 of the order, dealt to seat (2 + 1 + 27) mod 6");
        assertEquals(Card.parse("6S"), e.shownTrump());
        Table.of(DealDecider.start(rules, e)).attacker(0).defender(1).toAct(0).known(0, "6S").known(2, "AS");
    }

    @Test
    void playerWithTheLowestTrumpInHand_attacksFirst_andShowsIt() {
        Rules rules = Rules.defaults(3);
        int[] order = Given.orderDealing(0,
                "6D AC KC 6S 7S 8S 9S 10S JS QS KS AS 8H 9H 10D JD QD AD",
                "6C 7C 8C 9D 10H JH", "9C 7D KD QH KH AH", "10C JC QC 8D 6H 7H");
        Event.DealStarted e = DealDecider.dealFrom(rules, order, 1, 0, -1, 0);

        assertEquals(1, e.attacker());
        assertEquals(Card.parse("7D"), e.shownTrump(), "the face-up 6D is not in a hand and does not count");
        Table.of(DealDecider.start(rules, e))
                .phase(Phase.ATTACK).attacker(1).defender(2).toAct(1)
                .known(1, "7D").known(0, "").known(2, "")
                .stockCount(18);
    }

    @Test
    void lowestTrump_ofA52CardDeck_canBeATwo() {
        Rules rules = Rules.defaults(2).withDeck(Deck.D52);
        String[] hands = {"3H AH JS QS KS AS", "JH QH KH 2H 4S 7S"};
        int[] order = Given.orderDealing(0, Given.restOf(Deck.D52, "5H", hands), hands);
        Event.DealStarted e = DealDecider.dealFrom(rules, order, 1, 0, -1, 0);

        assertEquals(52, order.length);
        assertEquals(1, e.attacker());
        assertEquals(Card.parse("2H"), e.shownTrump());
    }

    @Test
    void whenNobodyHoldsATrump_theCardsAreDealtAgain() {
        Rules rules = Rules.defaults(3);

        assertNull(DealDecider.dealFrom(rules, Given.order(NO_TRUMP_DEALT), 1, 1, -1, 0),
                "no heart dealt: this order is thrown away");
    }

    @Test
    void aRedeal_isCounted_andTheRecordedOrderIsTheOnePlayed() {
        Rules rules = Rules.defaults(2);
        Event.DealStarted redealt = null;
        for (long seed = 0; seed < 2000 && redealt == null; seed++) {
            Event.DealStarted e = DealDecider.deal(rules, seed, 1, 0, -1);
            if (e.redeals() > 0) {
                redealt = e;
            }
        }
        assertNotNull(redealt, "about one deal in fifty needs a new shuffle with two players");
        int[] order = redealt.deckOrder().stream().mapToInt(Card::index).toArray();
        Event.DealStarted again = DealDecider.dealFrom(rules, order, 1, 0, -1, redealt.redeals());
        assertEquals(redealt, again, "the recorded order is the last shuffle, in which someone holds a trump");
    }

    @Test
    void aDeal_isReplayedFromItsRecordedOrder() {
        Rules rules = Rules.defaults(4);
        Event.DealStarted e = DealDecider.deal(rules, 42L, 1, 0, -1);

        assertEquals(e, DealDecider.deal(rules, 42L, 1, 0, -1), "the same seed deals the same");
        assertEquals(36, e.deckOrder().size());
        assertEquals(36, CardSet.of(e.deckOrder()).size(), "every card once");
        DealState s = DealDecider.start(rules, e);
        for (int k = 0; k < 24; k++) {
            assertTrue(s.hand((1 + k) % 4).contains(e.deckOrder().get(k)));
        }
        assertEquals(e.deckOrder().get(24), s.trumpCard());
    }

    @Test
    void lowestTrump_isShownByTheFirstAttacker_forEverySeed() {
        for (int players = 2; players <= 6; players++) {
            Rules rules = Rules.defaults(players);
            for (long seed = 0; seed < 50; seed++) {
                Event.DealStarted e = DealDecider.deal(rules, seed, 1, 0, -1);
                DealState s = DealDecider.start(rules, e);
                Card shown = e.shownTrump();
                assertEquals(s.trump(), shown.suit());
                assertTrue(s.hand(e.attacker()).contains(shown));
                for (int seat = 0; seat < players; seat++) {
                    for (Card c : s.hand(seat).cards()) {
                        assertFalse(c.suit() == s.trump() && c.rank().ordinal() < shown.rank().ordinal(),
                                "seat " + seat + " holds " + c + ", lower than the shown " + shown);
                    }
                }
                assertTrue(s.known(e.attacker()).contains(shown), "the shown trump is known");
            }
        }
    }

    // ---- later deals (through the match) ----

    private static MatchState afterDeal(Rules rules, int dealer, int durak) {
        return new MatchState(rules, 1, dealer, durak, null, List.of(Collections.nCopies(rules.players(), 0)),
                Collections.nCopies(rules.players(), 0), null);
    }

    private static Event.DealStarted startNext(MatchState m, long seed) {
        Decision<MatchState> d = MatchDecider.decide(m, new Command.StartDeal(Shuffle.of(seed)));
        return (Event.DealStarted) ((Decision.Accepted<MatchState>) d).events().get(0);
    }

    @Test
    void firstDeal_isDealtBySeatZero_andTheLowestTrumpOpens() {
        Event.DealStarted e = startNext(MatchDecider.initialState(Rules.defaults(4)), 5L);

        assertEquals(1, e.deal());
        assertEquals(0, e.dealer());
        assertNotNull(e.shownTrump());
    }

    @Test
    void laterDeal_isDealtByThePreviousDurak_andThePlayerToHisRightAttacks() {
        Event.DealStarted e = startNext(afterDeal(Rules.defaults(4), 0, 2), 5L);

        assertEquals(2, e.dealer());
        assertEquals(1, e.attacker());
        assertNull(e.shownTrump(), "no trump is shown when the durak decides");
        Table.of(DealDecider.start(Rules.defaults(4), e)).attacker(1).defender(2).toAct(1);
    }

    @Test
    void laterDeal_afterDurakSeatZero_isOpenedByTheLastSeat() {
        Event.DealStarted e = startNext(afterDeal(Rules.defaults(3), 1, 0), 9L);

        assertEquals(0, e.dealer());
        assertEquals(2, e.attacker());
    }

    @Test
    void dealAfterADraw_isDealtByThePreviousDealersLeftNeighbour_andTheLowestTrumpOpens() {
        Event.DealStarted e = startNext(afterDeal(Rules.defaults(4), 3, -1), 11L);

        assertEquals(0, e.dealer());
        assertNotNull(e.shownTrump());
        assertEquals(lowestTrumpHolder(Rules.defaults(4), e), e.attacker());
    }

    @Test
    void inTeamPlay_thePreviousDurakDeals_butTheLowestTrumpAlwaysOpens() {
        Rules teams = Rules.defaults(4).withTeams(true);
        Event.DealStarted e = startNext(afterDeal(teams, 0, 3), 13L);

        assertEquals(3, e.dealer());
        assertNotNull(e.shownTrump());
        assertEquals(lowestTrumpHolder(teams, e), e.attacker());
    }

    private static int lowestTrumpHolder(Rules rules, Event.DealStarted e) {
        DealState s = DealDecider.start(rules, e);
        Card lowest = null;
        int holder = -1;
        for (int seat = 0; seat < rules.players(); seat++) {
            for (Card c : s.hand(seat).cards()) {
                if (c.suit() == s.trump() && (lowest == null || c.rank().ordinal() < lowest.rank().ordinal())) {
                    lowest = c;
                    holder = seat;
                }
            }
        }
        assertEquals(lowest, e.shownTrump());
        return holder;
    }
}
