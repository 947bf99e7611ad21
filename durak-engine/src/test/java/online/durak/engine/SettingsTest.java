package online.durak.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** rules.md §1: the defaults, and every setting that breaks a rule is refused naming that setting. */
class SettingsTest {

    private static void refusedNaming(String setting, Executable build) {
        InvalidSettingException e = assertThrows(InvalidSettingException.class, build);
        assertEquals(setting, e.setting());
        assertTrue(e.getMessage().startsWith(setting + ":"), e.getMessage());
    }

    @Test
    void defaults_areThoseOfTheRuleBook() {
        Rules r = Rules.defaults(4);
        assertEquals(Variant.PODKIDNOI, r.variant());
        assertEquals(Deck.D36, r.deck());
        assertEquals(4, r.players());
        assertFalse(r.teams());
        assertEquals(ThrowIn.ALL, r.throwIn());
        assertEquals(FirstBoutLimit.FIRST_BOUT, r.firstBoutLimit());
        assertFalse(r.showTrumpToTransfer());
        assertTrue(r.discardVisible());
        assertEquals(5, r.dealsPerMatch());
        assertEquals(0, r.stake());
    }

    // ---- players ----

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5, 6})
    void twoToSixPlayers_mayPlayWith36Cards(int players) {
        assertEquals(players, Rules.defaults(players).players());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 7, 8})
    void playerCountOutsideTwoToSix_isRefusedNamingPlayers(int players) {
        refusedNaming("players", () -> Rules.defaults(players));
    }

    @Test
    void sevenPlayers_areRefusedEvenWith52Cards() {
        refusedNaming("players", () -> Rules.defaults(6).withDeck(Deck.D52).withPlayers(7));
    }

    @Test
    void fivePlayers_with24Cards_areRefusedNamingPlayers() {
        refusedNaming("players", () -> Rules.defaults(5).withDeck(Deck.D24));
    }

    @Test
    void sixPlayers_with24Cards_areRefusedNamingPlayers() {
        refusedNaming("players", () -> Rules.defaults(6).withDeck(Deck.D24));
    }

    @Test
    void fourPlayers_with24Cards_areAllowed() {
        assertEquals(Deck.D24, Rules.defaults(4).withDeck(Deck.D24).deck());
    }

    @Test
    void sixPlayers_with36And52Cards_areAllowed() {
        assertEquals(6, Rules.defaults(6).players());
        assertEquals(Deck.D52, Rules.defaults(6).withDeck(Deck.D52).deck());
    }

    // ---- teams ----

    @ParameterizedTest
    @ValueSource(ints = {4, 6})
    void teams_withFourOrSixPlayers_areAllowed(int players) {
        assertTrue(Rules.defaults(players).withTeams(true).teams());
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 5})
    void teams_withAnotherPlayerCount_areRefusedNamingTeams(int players) {
        refusedNaming("teams", () -> Rules.defaults(players).withTeams(true));
    }

    @Test
    void partners_sitOpposite() {
        Rules four = Rules.defaults(4).withTeams(true);
        assertEquals(2, four.partner(0));
        assertEquals(3, four.partner(1));
        assertEquals(four.team(0), four.team(2));
        assertEquals(four.team(1), four.team(3));
        Rules six = Rules.defaults(6).withTeams(true);
        assertEquals(3, six.partner(0));
        assertEquals(5, six.partner(2));
        assertEquals(six.team(1), six.team(4));
        assertFalse(six.team(0) == six.team(1) || six.team(1) == six.team(2) || six.team(0) == six.team(2));
    }

    // ---- transfer options ----

    @Test
    void showTrumpToTransfer_inPodkidnoi_isRefusedNamingIt() {
        refusedNaming("showTrumpToTransfer", () -> Rules.defaults(3).withShowTrumpToTransfer(true));
    }

    @Test
    void showTrumpToTransfer_inPerevodnoi_isAllowed() {
        Rules r = Rules.defaults(3).withVariant(Variant.PEREVODNOI).withShowTrumpToTransfer(true);
        assertTrue(r.showTrumpToTransfer());
    }

    @Test
    void switchingBackToPodkidnoi_withShowTrumpOn_isRefusedNamingShowTrumpToTransfer() {
        Rules r = Rules.defaults(3).withVariant(Variant.PEREVODNOI).withShowTrumpToTransfer(true);
        refusedNaming("showTrumpToTransfer", () -> r.withVariant(Variant.PODKIDNOI));
    }

    // ---- match and clock ----

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 5, 7})
    void dealsPerMatch_oneThreeFiveOrSeven_areAllowed(int deals) {
        assertEquals(deals, Rules.defaults(2).withDealsPerMatch(deals).dealsPerMatch());
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 0, 2, 4, 6, 8, 9})
    void otherDealsPerMatch_areRefusedNamingDealsPerMatch(int deals) {
        refusedNaming("dealsPerMatch", () -> Rules.defaults(2).withDealsPerMatch(deals));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 30, 60, 90, 120})
    void turnClock_noneOr30To120Seconds_isAllowed(int seconds) {
        assertEquals(seconds, Rules.defaults(2).withTurnClockSeconds(seconds).turnClockSeconds());
    }

    @ParameterizedTest
    @ValueSource(ints = {-30, 10, 45, 61, 150, 180})
    void otherTurnClocks_areRefusedNamingTurnClock(int seconds) {
        refusedNaming("turnClock", () -> Rules.defaults(2).withTurnClockSeconds(seconds));
    }

    @Test
    void negativeStake_isRefusedNamingStake() {
        refusedNaming("stake", () -> Rules.defaults(2).withStake(-1));
    }

    @Test
    void spectators_areAllowedByDefault_butNeverAtATableWithAStakeOrADailyGame() {
        assertTrue(Rules.defaults(2).spectators());
        assertFalse(Rules.defaults(2).withStake(10).spectators(), "a stake turns watching off");
        assertFalse(Rules.daily(java.time.LocalDate.of(2026, 12, 1), false).spectators());
        assertFalse(Rules.defaults(2).withSpectators(false).spectators());
        refusedNaming("spectators", () -> Rules.defaults(2).withStake(10).withSpectators(true));
        refusedNaming("spectators", () -> Rules.daily(java.time.LocalDate.of(2026, 12, 1), true).withSpectators(true));
    }

    @Test
    void missingSettings_areRefusedNamingThem() {
        refusedNaming("variant", () -> Rules.defaults(2).withVariant(null));
        refusedNaming("deck", () -> Rules.defaults(2).withDeck(null));
        refusedNaming("throwIn", () -> Rules.defaults(2).withThrowIn(null));
        refusedNaming("firstBoutLimit", () -> Rules.defaults(2).withFirstBoutLimit(null));
    }

    @Test
    void everyValidCombination_isAccepted() {
        int accepted = 0;
        for (Variant v : Variant.values()) {
            for (Deck d : Deck.values()) {
                for (int n = 2; n <= Math.min(6, d.size() / 6); n++) {
                    for (boolean teams : new boolean[] {false, true}) {
                        for (boolean show : new boolean[] {false, true}) {
                            if (teams && n != 4 && n != 6 || show && v != Variant.PEREVODNOI) {
                                continue;
                            }
                            for (ThrowIn t : ThrowIn.values()) {
                                for (FirstBoutLimit f : FirstBoutLimit.values()) {
                                    new Rules(v, d, n, teams, t, f, show, true, 5, 0, 0);
                                    accepted++;
                                }
                            }
                        }
                    }
                }
            }
        }
        assertTrue(accepted > 0);
    }
}
