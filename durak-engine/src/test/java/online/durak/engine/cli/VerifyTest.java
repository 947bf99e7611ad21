package online.durak.engine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import online.durak.engine.Card;
import online.durak.engine.ShuffleProof;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code verify FILE} (docs/fairness.md) on a deal's replay as the API returns it ({@code replays/perevodnoi-3-deal-1.json},
 * written by table-service's replay of a played deal): valid, tampered, unreadable.
 */
class VerifyTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path dir;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private static String replay() throws Exception {
        try (InputStream in = VerifyTest.class.getResourceAsStream("/replays/perevodnoi-3-deal-1.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private int verify(String text) throws Exception {
        Path file = Files.writeString(dir.resolve("replay.json"), text);
        return Verify.run(file.toString(), InputStream.nullInputStream(), new PrintStream(out, true),
                new PrintStream(err, true));
    }

    private String said() {
        return out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
    }

    private static List<Card> cards(JsonNode array) {
        List<Card> cards = new ArrayList<>();
        array.forEach(c -> cards.add(Card.parse(c.textValue())));
        return cards;
    }

    @Test
    void aValidProof_exitsZero_sayingSo() throws Exception {
        assertEquals(0, verify(replay()), said());
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("VALID: "), said());
    }

    @Test
    void standardInput_isRead_withADash() throws Exception {
        int exit = Verify.run("-", new ByteArrayInputStream(replay().getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true), new PrintStream(err, true));
        assertEquals(0, exit, said());
    }

    @Test
    void aCardSwappedInTheProof_breaksTheCommitment() throws Exception {
        ObjectNode r = (ObjectNode) JSON.readTree(replay());
        ArrayNode deck = (ArrayNode) r.at("/shuffleProof/deckOrder");
        JsonNode first = deck.get(0);
        deck.set(0, deck.get(1));
        deck.set(1, first);
        assertEquals(1, verify(r.toString()), said());
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("INVALID: the commitment is not SHA-256"), said());
    }

    @Test
    void aSaltChanged_breaksTheCommitment() throws Exception {
        ObjectNode r = (ObjectNode) JSON.readTree(replay());
        ((ObjectNode) r.get("shuffleProof")).put("salt", "ab".repeat(32));
        assertEquals(1, verify(r.toString()), said());
        ((ObjectNode) r.get("shuffleProof")).put("salt", "not hex");
        assertEquals(1, verify(r.toString()), said());
        assertTrue(said().contains("the salt is not 64 lowercase hex digits"), said());
    }

    @Test
    void aForgedDeckWithItsOwnHash_doesNotFollowFromTheDealsEvents() throws Exception {
        // cards of the stock swapped in the proof and in the deal as dealt, the hash made anew: the moves and draws
        // recorded no longer follow from that deck order
        ObjectNode r = (ObjectNode) JSON.readTree(replay());
        for (String at : List.of("/shuffleProof/deckOrder", "/steps/0/event/event/deckOrder")) {
            ArrayNode deck = (ArrayNode) r.at(at);
            JsonNode a = deck.get(20);
            deck.set(20, deck.get(21));
            deck.set(21, a);
        }
        ObjectNode proof = (ObjectNode) r.get("shuffleProof");
        proof.put("commitment", ShuffleProof.commitment(proof.get("salt").textValue(), cards(proof.get("deckOrder"))));
        assertEquals(1, verify(r.toString()), said());
        assertTrue(said().contains("event "), said());
    }

    @Test
    void aFileThatIsNoReplayWithAProof_exitsTwo() throws Exception {
        assertEquals(2, verify("{ not json"), said());
        ObjectNode r = (ObjectNode) JSON.readTree(replay());
        r.putNull("shuffleProof");
        assertEquals(2, verify(r.toString()), said());
        assertTrue(said().contains("shuffleProof: missing"), said());
        r = (ObjectNode) JSON.readTree(replay());
        r.remove("settings");
        assertEquals(2, verify(r.toString()), said());
        assertEquals(2, Verify.run(dir.resolve("missing.json").toString(), InputStream.nullInputStream(),
                new PrintStream(out, true), new PrintStream(err, true)));
    }
}
