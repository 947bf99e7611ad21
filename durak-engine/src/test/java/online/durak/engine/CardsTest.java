package online.durak.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** rules.md §2: ranks, suits, the text form, which card beats which; the three decks. */
class CardsTest {
    private static final Suit TRUMP = Suit.S;

    private static boolean beats(String card, String other) {
        return Card.parse(card).beats(Card.parse(other), TRUMP);
    }

    // ---- beating ----

    @Test
    void higherCardOfTheSameSuit_beats() {
        assertTrue(beats("10D", "8D"));
        assertTrue(beats("AH", "KH"));
        assertTrue(beats("7C", "6C"));
    }

    @Test
    void lowerCardOfTheSameSuit_doesNotBeat() {
        assertFalse(beats("8D", "10D"));
        assertFalse(beats("6C", "7C"));
    }

    @Test
    void higherCardOfAnotherPlainSuit_doesNotBeat() {
        assertFalse(beats("AC", "6D"));
        assertFalse(beats("KH", "9C"));
    }

    @Test
    void anyTrump_beatsAnyPlainCard() {
        assertTrue(beats("6S", "AD"));
        assertTrue(beats("2S", "AH"));
        assertTrue(beats("9S", "10C"));
    }

    @Test
    void plainCard_neverBeatsATrump() {
        assertFalse(beats("AD", "6S"));
        assertFalse(beats("AH", "2S"));
    }

    @Test
    void trump_isBeatenOnlyByAHigherTrump() {
        assertTrue(beats("7S", "6S"));
        assertTrue(beats("AS", "KS"));
        assertFalse(beats("6S", "7S"));
    }

    @Test
    void equalRankOfAnotherPlainSuit_neverBeats() {
        assertFalse(beats("8H", "8D"));
        assertFalse(beats("8D", "8H"));
        assertFalse(beats("QC", "QH"));
    }

    @Test
    void aCard_doesNotBeatItself() {
        for (Card c : Deck.D52.cards().cards()) {
            assertFalse(c.beats(c, TRUMP), c.toString());
        }
    }

    /** §2 "a trump and the other is not" beats; equal rank does not stop a trump (8S over 8D). */
    @Test
    void trumpOfEqualRank_beatsThePlainCard() {
        assertTrue(beats("8S", "8D"));
    }

    @Test
    void beating_dependsOnTheTrumpSuit() {
        assertTrue(Card.parse("6D").beats(Card.parse("AC"), Suit.D));
        assertFalse(Card.parse("6D").beats(Card.parse("AC"), Suit.H));
    }

    @Test
    void beating_isNeverMutual() {
        for (Suit trump : Suit.values()) {
            for (Card a : Deck.D52.cards().cards()) {
                for (Card b : Deck.D52.cards().cards()) {
                    assertFalse(a.beats(b, trump) && b.beats(a, trump), a + " and " + b);
                }
            }
        }
    }

    // ---- ranks and the text form ----

    @Test
    void ranks_runFromTwoToAce() {
        List<String> texts = new ArrayList<>();
        for (Rank r : Rank.values()) {
            texts.add(r.text());
        }
        assertEquals(List.of("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"), texts);
    }

    @Test
    void text_isRankThenSuit() {
        Card ten = Card.parse("10D");
        assertEquals(Rank.TEN, ten.rank());
        assertEquals(Suit.D, ten.suit());
        assertEquals(Rank.QUEEN, Card.parse("QS").rank());
        assertEquals(Suit.S, Card.parse("QS").suit());
        assertEquals(Rank.SIX, Card.parse("6H").rank());
        assertEquals(Suit.C, Card.parse("2C").suit());
        assertEquals(Rank.ACE, Card.parse("AS").rank());
    }

    @Test
    void everyCard_printsAsItsTextAndParsesBack() {
        for (Card c : Deck.D52.cards().cards()) {
            assertEquals(c, Card.parse(c.toString()));
            assertEquals(c, Card.parse(c.text()));
        }
        assertEquals("10D", Card.parse("10D").toString());
        assertEquals("JH", Card.of(Rank.JACK, Suit.H).toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "D", "10", "1D", "11H", "10X", "D10", "0S", "KK", "qs", "10DD", " 8D"})
    void unknownCardText_isRefused(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Card.parse(text));
        assertTrue(e.getMessage().contains("unknown card"), e.getMessage());
    }

    @Test
    void missingCardText_isRefused() {
        assertThrows(IllegalArgumentException.class, () -> Card.parse(null));
    }

    @Test
    void cardSet_parsesSeveralCards() {
        CardSet s = CardSet.parse("8D", "10H", "AC");
        assertEquals(3, s.size());
        assertTrue(s.contains(Card.parse("10H")));
        assertFalse(s.contains(Card.parse("10D")));
    }

    // ---- decks ----

    @Test
    void deckOf24_holdsNineToAceOfEverySuit() {
        assertDeck(Deck.D24, 24, "9 10 J Q K A");
    }

    @Test
    void deckOf36_holdsSixToAceOfEverySuit() {
        assertDeck(Deck.D36, 36, "6 7 8 9 10 J Q K A");
    }

    @Test
    void deckOf52_holdsTwoToAceOfEverySuit() {
        assertDeck(Deck.D52, 52, "2 3 4 5 6 7 8 9 10 J Q K A");
    }

    @Test
    void decks_areFoundBySize_andOtherSizesAreRefusedNamingTheDeck() {
        assertEquals(Deck.D24, Deck.ofSize(24));
        assertEquals(Deck.D36, Deck.ofSize(36));
        assertEquals(Deck.D52, Deck.ofSize(52));
        InvalidSettingException e = assertThrows(InvalidSettingException.class, () -> Deck.ofSize(32));
        assertEquals("deck", e.setting());
    }

    private static void assertDeck(Deck deck, int size, String ranks) {
        assertEquals(size, deck.size());
        assertEquals(size, deck.cards().size());
        List<Card> expected = new ArrayList<>();
        for (Suit s : Suit.values()) {
            for (String r : ranks.split(" ")) {
                expected.add(Card.of(Rank.parse(r), s));
            }
        }
        assertEquals(CardSet.of(expected), deck.cards());
        assertEquals(Rank.parse(ranks.split(" ")[0]), deck.lowest());
    }
}
