package online.durak.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** docs/fairness.md: a deal sealed at its start (the commitment in every seat's view), proven after its end. */
class ShuffleProofTest {
    static final String SALT = "ab".repeat(32);

    @Test
    void theCommitment_isSha256OfSaltColonDeck_asTheShellOneLinerComputesIt() {
        // printf '%s' "abab…ab:6S,KD,10H" | sha256sum
        assertEquals("8cceeef731c456bf313df3abee1618edba7a60541e0afb1d9b9012b9de6b3165",
                ShuffleProof.commitment(SALT, List.of(Card.parse("6S"), Card.parse("KD"), Card.parse("10H"))));
        assertEquals("6S,KD,10H", ShuffleProof.deckText(List.of(Card.parse("6S"), Card.parse("KD"),
                Card.parse("10H"))));
    }

    @Test
    void aSealedDeal_showsEverySeatTheSameCommitment_fromItsStartToItsEnd() {
        Rules rules = Rules.defaults(3);
        Event.DealStarted dealt = DealDecider.deal(rules, 42, SALT, 1, 0, -1);
        assertEquals(SALT, dealt.salt());
        assertEquals(DealDecider.deal(rules, 42, 1, 0, -1).deckOrder(), dealt.deckOrder(), "the salt only seals");
        ShuffleProof proof = ShuffleProof.of(dealt);
        assertTrue(proof.holds());
        assertEquals(ShuffleProof.commitment(SALT, dealt.deckOrder()), proof.commitment());
        DealState s = DealDecider.start(rules, dealt);
        SplittableRandom random = new SplittableRandom(3);
        while (!s.isOver()) {
            for (int seat = 0; seat < rules.players(); seat++) {
                assertEquals(proof.commitment(), Views.seatView(s, seat).shuffleCommitment());
            }
            List<Move> legal = DealDecider.legalMoves(s, s.toAct());
            s = ((Decision.Accepted<DealState>) DealDecider.decide(s, s.toAct(),
                    legal.get(random.nextInt(legal.size())))).state();
        }
        assertEquals(proof.commitment(), Views.openView(s).shuffleCommitment());
    }

    @Test
    void aDealWithoutSalt_hasNoCommitment_andNoProof() {
        Rules rules = Rules.defaults(2);
        Event.DealStarted dealt = DealDecider.deal(rules, 42, 1, 0, -1);
        assertNull(dealt.salt());
        assertNull(ShuffleProof.of(dealt));
        assertNull(Views.seatView(DealDecider.start(rules, dealt), 0).shuffleCommitment());
    }

    @Test
    void aMatch_sealsEachDeal_withTheShufflesSalt() {
        Rules rules = Rules.defaults(2);
        Event.DealStarted dealt = (Event.DealStarted) ((Decision.Accepted<MatchState>) MatchDecider.decide(
                MatchDecider.initialState(rules), new Command.StartDeal(new Shuffle(7, SALT, null)))).events().get(0);
        assertEquals(SALT, dealt.salt());
        assertNotNull(ShuffleProof.of(dealt));
    }

    @Test
    void aSwappedCard_orAnotherSalt_breaksTheProof() {
        Event.DealStarted dealt = DealDecider.deal(Rules.defaults(2), 42, SALT, 1, 0, -1);
        ShuffleProof proof = ShuffleProof.of(dealt);
        List<Card> swapped = new ArrayList<>(proof.deckOrder());
        swapped.set(0, proof.deckOrder().get(1));
        swapped.set(1, proof.deckOrder().get(0));
        assertFalse(new ShuffleProof(proof.commitment(), proof.salt(), swapped).holds());
        assertFalse(new ShuffleProof(proof.commitment(), "cd".repeat(32), proof.deckOrder()).holds());
        assertFalse(new ShuffleProof(proof.commitment(), SALT.toUpperCase(), proof.deckOrder()).holds());
    }

    @Test
    void aSaltOfAnotherForm_isRefused() {
        for (String bad : List.of("ab", SALT.toUpperCase(), SALT + "a", "zz".repeat(32))) {
            assertThrows(IllegalArgumentException.class, () -> new Shuffle(1, bad, null), bad);
            assertThrows(IllegalArgumentException.class,
                    () -> new Event.DealStarted(1, 0, List.of(), 0, 1, null, bad), bad);
        }
    }
}
