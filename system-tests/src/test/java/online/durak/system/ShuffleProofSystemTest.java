package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import online.durak.client.Api;
import online.durak.client.Moves;
import online.durak.engine.Card;
import online.durak.engine.DealCheck;
import online.durak.engine.Event;
import online.durak.messages.Codec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * docs/fairness.md over the real API: every seat sees the deal's commitment when it starts; once it is over its replay
 * opens the seal, and this test recomputes the hash itself, replays the deal through the engine from the published deck
 * order, and has the engine's command line ({@code durak-engine.jar verify -}) check the replay as the API returned it.
 */
@ExtendWith(SystemUnderTest.class)
class ShuffleProofSystemTest {
    private static final long MATCH_DEADLINE_MS = 300_000;

    @Test
    void aDealsSeal_seenAtItsStart_isOpenedByItsReplay_andTheProofHolds() throws Exception {
        Api api = SystemUnderTest.api();
        Api.Guest me = api.signIn("Sealed");
        ObjectNode body = Api.object();
        body.set("settings", Api.object().put("players", 3).put("dealsPerMatch", 1));
        body.putArray("bots").add("EASY").add("NORMAL");
        Api.Response created = api.post("/api/tables/solo", me.token(), body);
        assertEquals(201, created.status(), created.toString());
        String path = "/api/tables/" + created.body().get("tableId").asText();
        String sealed = created.body().at("/deal/shuffleCommitment").asText();
        assertTrue(sealed.matches("[0-9a-f]{64}"), "the view at the deal's start is sealed: " + created);

        long deadline = System.currentTimeMillis() + MATCH_DEADLINE_MS;
        while (true) {
            JsonNode view = api.get(path + "/view", me.token()).body();
            assertEquals(sealed, view.at("/deal/shuffleCommitment").asText(), "the same seal all along");
            if (Moves.finished(view)) {
                break;
            }
            assertTrue(System.currentTimeMillis() < deadline, "the solo match did not end in time: " + view);
            if (Moves.toAct(view) != 0) {
                Thread.sleep(30);
                continue;
            }
            Api.Response played = api.post(path + "/moves", me.token(), Players.moveBody(UUID.randomUUID().toString(),
                view.at("/deal/legalMoves/0")));
            assertEquals(200, played.status(), played.toString());
        }

        Api.Response replay = api.get(path + "/replay?deal=1", me.token());
        assertEquals(200, replay.status(), replay.toString());
        JsonNode proof = replay.body().get("shuffleProof");
        assertEquals(sealed, proof.get("commitment").asText());
        // the hash, recomputed here: SHA-256 of the UTF-8 text SALT:DECK
        List<String> deck = new ArrayList<>();
        proof.get("deckOrder").forEach(c -> deck.add(c.asText()));
        String text = proof.get("salt").asText() + ":" + String.join(",", deck);
        assertEquals(sealed, HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
            .digest(text.getBytes(StandardCharsets.UTF_8))));
        // the deal replayed through the engine from that deck order: its events follow from it
        List<Event> events = new ArrayList<>();
        replay.body().get("steps").forEach(s -> events.add(Codec.readEvent(s.at("/event/event"))));
        assertEquals(deck, ((Event.DealStarted) events.get(0)).deckOrder().stream().map(Card::text).toList());
        assertNull(DealCheck.failure(Codec.readRules(replay.body().get("settings")),
            deck.stream().map(Card::parse).toList(), events));
        // and the engine's command line agrees, fed the replay as the API returned it
        Path jar = SystemUnderTest.home().resolve("durak-engine/target/durak-engine.jar");
        Path file = Files.writeString(Files.createTempFile("replay", ".json"), replay.text());
        Process verify = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-jar", jar.toString(), "verify", "-").redirectInput(file.toFile()).redirectErrorStream(true).start();
        String said = new String(verify.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(verify.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, verify.exitValue(), said);
        assertTrue(said.startsWith("VALID: "), said);
        Files.delete(file);
    }
}
