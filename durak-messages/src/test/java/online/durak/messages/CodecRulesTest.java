package online.durak.messages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import online.durak.engine.Deck;
import online.durak.engine.Event;
import online.durak.engine.FirstBoutLimit;
import online.durak.engine.Rules;
import online.durak.engine.ThrowIn;
import online.durak.engine.Variant;
import org.junit.jupiter.api.Test;

/** Table settings by their rules.md §1 names; a bad one is refused naming it. */
class CodecRulesTest {

    private static Rules read(String json) {
        return Codec.readRules(Codec.parse(json));
    }

    private static void assertRefused(String setting, String json) {
        MessageException e = assertThrows(MessageException.class, () -> read(json), json);
        assertEquals(MessageException.INVALID_SETTING, e.code(), json);
        assertEquals(setting, e.field(), json + ": " + e.getMessage());
    }

    @Test
    void settings_areWrittenByTheirRulesMdNames() {
        assertEquals("{\"variant\":\"PODKIDNOI\",\"deck\":36,\"players\":4,\"teams\":false,\"throwIn\":\"ALL\","
                        + "\"firstBoutLimit\":\"FIRST_BOUT\",\"showTrumpToTransfer\":false,\"discardVisible\":true,"
                        + "\"dealsPerMatch\":5,\"turnClock\":60,\"stake\":0,\"spectators\":true}",
                Codec.toJson(Rules.defaults(4)));
        assertTrue(Codec.toJson(Rules.defaults(4).withTurnClockSeconds(0)).contains("\"turnClock\":null"));
    }

    @Test
    void aDailyGamesSettings_nameTheDateAndPractice_inMessagesOnly() {
        Rules daily = Rules.daily(java.time.LocalDate.of(2026, 12, 1), true);
        String json = Codec.toJson(daily);
        assertTrue(json.endsWith("\"stake\":0,\"spectators\":false,\"daily\":\"2026-12-01\",\"practice\":true}"), json);
        // a message (the table's TableCreated) keeps them
        Event.TableCreated created = new Event.TableCreated(daily, "p1");
        assertEquals(created, Codec.readEvent(Codec.parse(Codec.toJson(created))));
        // a client never asks for a daily game's shuffles
        assertRefused("daily", json);
        assertRefused("practice", "{\"players\":3,\"practice\":true}");
        // and the daily game is refused any other shape, naming it
        MessageException e = assertThrows(MessageException.class, () -> Codec.readEvent(Codec.parse(
                Codec.toJson(created).replace("\"dealsPerMatch\":3", "\"dealsPerMatch\":5"))));
        assertEquals("daily", e.field(), e.getMessage());
    }

    @Test
    void everyPlayedRules_roundTrip() {
        for (PlayedMatch m : Samples.matches()) {
            // a daily table's settings are read as messages hold them; a client's reading refuses them (below)
            JsonNode json = Codec.parse(Codec.toJson(m.rules));
            assertEquals(m.rules, m.rules.daily() == null ? Codec.readRules(json) : Wire.fullRules(json));
        }
    }

    @Test
    void theTree_isTheOneReadFromTheText() {
        for (PlayedMatch m : Samples.matches()) {
            assertEquals(Codec.parse(Codec.toJson(m.rules)), Codec.toNode(m.rules)); // e.g. stake an int node
        }
    }

    @Test
    void missingSettings_takeTheirDefaults() {
        assertEquals(Rules.defaults(3), read("{\"players\":3}"));
        assertEquals(Rules.defaults(3).withTurnClockSeconds(0),
                Codec.readRules(Codec.parse("{\"players\":3}"), 0));
        Rules solo = Rules.defaults(2).withTurnClockSeconds(0).withDealsPerMatch(3);
        assertEquals(solo.withPlayers(3), Codec.readRules(Codec.parse("{\"players\":3}"), solo));
        assertEquals(solo.withVariant(Variant.PEREVODNOI),
                Codec.readRules(Codec.parse("{\"variant\":\"PEREVODNOI\"}"), solo));
    }

    @Test
    void everySetting_isRead() {
        assertEquals(new Rules(Variant.PEREVODNOI, Deck.D24, 4, true, ThrowIn.NEIGHBOURS_ONLY,
                        FirstBoutLimit.UNTIL_FIRST_DISCARD, true, false, 7, 90, 25),
                read("{\"variant\":\"PEREVODNOI\",\"deck\":24,\"players\":4,\"teams\":true,"
                        + "\"throwIn\":\"NEIGHBOURS_ONLY\",\"firstBoutLimit\":\"UNTIL_FIRST_DISCARD\","
                        + "\"showTrumpToTransfer\":true,\"discardVisible\":false,\"dealsPerMatch\":7,"
                        + "\"turnClock\":90,\"stake\":25}"));
    }

    @Test
    void noClock_isNullOrZero() {
        assertEquals(0, read("{\"players\":2,\"turnClock\":null}").turnClockSeconds());
        assertEquals(0, read("{\"players\":2,\"turnClock\":0}").turnClockSeconds());
    }

    @Test
    void settingsThatBreakARule_areRefusedNamingTheSetting() {
        assertRefused("players", "{\"players\":7}");
        assertRefused("players", "{\"players\":1}");
        assertRefused("players", "{\"deck\":24,\"players\":5}");
        assertRefused("teams", "{\"teams\":true,\"players\":3}");
        assertRefused("showTrumpToTransfer", "{\"players\":2,\"showTrumpToTransfer\":true}");
        assertRefused("dealsPerMatch", "{\"players\":2,\"dealsPerMatch\":2}");
        assertRefused("turnClock", "{\"players\":2,\"turnClock\":45}");
        assertRefused("stake", "{\"players\":2,\"stake\":-5}");
        assertRefused("spectators", "{\"players\":2,\"stake\":5,\"spectators\":true}");
    }

    @Test
    void spectators_areAllowedUnlessTheTableHasAStake_alsoInSettingsWrittenBeforeTheyExisted() {
        assertTrue(read("{\"players\":2}").spectators());
        assertFalse(read("{\"players\":2,\"spectators\":false}").spectators());
        assertFalse(read("{\"players\":2,\"stake\":5}").spectators(), "a stake turns watching off");
        assertFalse(read("{\"players\":2,\"stake\":5,\"spectators\":false}").spectators());
        // a TableCreated stored before the setting existed
        String before = Codec.toJson(new Event.TableCreated(Rules.defaults(2).withStake(5), "p1"))
                .replace(",\"spectators\":false", "");
        assertFalse(before.contains("spectators"), before);
        assertEquals(Rules.defaults(2).withStake(5), ((Event.TableCreated) Codec.readEvent(Codec.parse(before))).rules());
        assertTrue(((Event.TableCreated) Codec.readEvent(Codec.parse(before.replace("\"stake\":5", "\"stake\":0"))))
                .rules().spectators());
    }

    @Test
    void badValues_areRefusedNamingTheSetting() {
        assertRefused("variant", "{\"players\":2,\"variant\":\"X\"}");
        assertRefused("variant", "{\"players\":2,\"variant\":3}");
        assertRefused("deck", "{\"players\":2,\"deck\":40}");
        assertRefused("deck", "{\"players\":2,\"deck\":\"36\"}");
        assertRefused("players", "{\"players\":\"four\"}");
        assertRefused("players", "{\"players\":2.5}");
        assertRefused("teams", "{\"players\":4,\"teams\":\"yes\"}");
        assertRefused("throwIn", "{\"players\":2,\"throwIn\":\"SOME\"}");
        assertRefused("firstBoutLimit", "{\"players\":2,\"firstBoutLimit\":\"ALWAYS\"}");
        assertRefused("discardVisible", "{\"players\":2,\"discardVisible\":1}");
        assertRefused("turnClock", "{\"players\":2,\"turnClock\":\"60s\"}");
    }

    @Test
    void unknownOrMissingSettings_areRefusedNamingThem() {
        assertRefused("botLevel", "{\"players\":2,\"botLevel\":\"EASY\"}");
        assertRefused("Players", "{\"Players\":2}");
        assertRefused("players", "{}");
        assertRefused("variant", "{\"variant\":\"X\"}");
        assertRefused("showTrumpToTransfer", "{\"showTrumpToTransfer\":true}");
        assertRefused("players", "{\"teams\":true}");
        MessageException e = assertThrows(MessageException.class, () -> read("[2]"));
        assertEquals(MessageException.INVALID_SETTING, e.code());
    }

    @Test
    void aNumberOutOfRange_namesTheRange() {
        MessageException stake = assertThrows(MessageException.class,
                () -> read("{\"players\":2,\"stake\":1000000000000000000}"));
        assertEquals("stake", stake.field());
        assertEquals("must be a whole number from 0 to 2147483647, not 1000000000000000000", stake.reason());
        assertRefused("stake", "{\"players\":2,\"stake\":-1}");
        MessageException deals = assertThrows(MessageException.class,
                () -> read("{\"players\":2,\"dealsPerMatch\":99999999999}"));
        assertTrue(deals.reason().contains("from -2147483648 to 2147483647"), deals.getMessage());
        MessageException fraction = assertThrows(MessageException.class, () -> read("{\"players\":2.5}"));
        assertEquals("must be a whole number, not 2.5", fraction.reason());
    }
}
