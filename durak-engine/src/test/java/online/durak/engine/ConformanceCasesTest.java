package online.durak.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import online.durak.engine.conformance.CaseReader;
import online.durak.engine.conformance.ConformanceRunner;
import online.durak.engine.conformance.InvalidCaseException;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/conformance.md: the public cases and the repository's own cases all pass; a file that is not a
 * valid case ends the run with exit code 2 and a message naming the file and the field.
 */
class ConformanceCasesTest {

    @TempDir
    Path dir;

    private record Run(int exitCode, String out, String err) {
    }

    private static Run run(List<Path> paths) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ConformanceRunner.runAll(paths, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Path ownCases() throws URISyntaxException {
        return Path.of(ConformanceCasesTest.class.getResource("/conformance").toURI());
    }

    // ---- the cases pass ----

    @Test
    void publicCases_allPass() {
        String folder = System.getProperty("conformance.cases");
        assumeTrue(folder != null && Files.isDirectory(Path.of(folder)), "public cases not present: " + folder);

        Run r = run(List.of(Path.of(folder)));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains(" passed, 0 failed"), r.out());
    }

    @Test
    void repositoryCases_allPass() throws URISyntaxException {
        Run r = run(List.of(ownCases()));

        assertEquals(0, r.exitCode(), r.out() + r.err());
        long passed = r.out().lines().filter(l -> l.startsWith("PASS ")).count();
        assertTrue(passed >= 18, "the three public cases and at least fifteen own ones: " + passed);
        assertTrue(r.out().endsWith(passed + " passed, 0 failed" + System.lineSeparator()), r.out());
    }

    @TestFactory
    Stream<DynamicTest> eachRepositoryCase() throws URISyntaxException, IOException {
        return ConformanceRunner.caseFiles(List.of(ownCases())).stream().map(f -> DynamicTest.dynamicTest(
                f.getFileName().toString(), () -> {
                    ConformanceRunner.Result r = ConformanceRunner.run(CaseReader.read(Files.readString(f)));
                    assertTrue(r.passed(), r.name() + ": " + r.difference());
                }));
    }

    @Test
    void failingCase_endsWithExitCodeOne_andSaysWhatDiffered() throws IOException {
        Path f = write("wrong.json", """
                { "name": "a wrong expectation",
                  "setup": { "trump": "S", "hands": [["8D"], ["10D", "7C"]], "stock": [], "attacker": 0 },
                  "steps": [ { "seat": 0, "move": { "type": "attack", "cards": ["8D"] } } ],
                  "expect": { "toAct": 0 } }
                """);
        Run r = run(List.of(f));

        assertEquals(1, r.exitCode());
        assertTrue(r.out().contains("FAIL a wrong expectation: toAct expected 0 but was 1"), r.out());
        assertTrue(r.out().endsWith("0 passed, 1 failed" + System.lineSeparator()), r.out());
    }

    @Test
    void stepWithAnUnexpectedOutcome_failsTheCase() throws IOException {
        Path f = write("step.json", """
                { "name": "a refused step expected to pass",
                  "setup": { "trump": "S", "hands": [["8D"], ["10D", "7C"]], "stock": [], "attacker": 0 },
                  "steps": [ { "seat": 0, "move": { "type": "attack", "cards": ["7C"] } } ] }
                """);
        Run r = run(List.of(f));

        assertEquals(1, r.exitCode());
        assertTrue(r.out().contains("step 0") && r.out().contains("CARD_NOT_IN_HAND"), r.out());
    }

    // ---- files that are not valid cases ----

    private Path write(String name, String json) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, json);
        return f;
    }

    private static final String RULES = "\"rules\": { \"variant\": \"PODKIDNOI\" }";
    private static final String HANDS = "\"hands\": [[\"8D\", \"9D\"], [\"10D\", \"7C\"]]";

    private static String caseWith(String rules, String setup, String steps) {
        return "{ \"name\": \"n\", " + rules + ", \"setup\": { " + setup + " }, \"steps\": [" + steps + "] }";
    }

    private void refused(String json, String field) throws IOException {
        Path f = write("case.json", json);
        Run r = run(List.of(f));
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains(f.toString()), "names the file: " + r.err());
        assertTrue(r.err().contains(field), "names the field " + field + ": " + r.err());
        assertEquals("", r.out(), "no case runs when a file is not valid");
    }

    @Test
    void badJson_isRefused() throws IOException {
        refused("{ \"name\": \"n\", \"setup\": { \"trump\": \"S\" ", "line");
    }

    @Test
    void strictJson_refusesADuplicateKey_trailingText_andANumberOutOfRange() throws IOException {
        refused("{ \"name\": \"n\", \"name\": \"m\" }", "line 1, column 22: Duplicate field 'name'");
        refused(caseWith(RULES, "\"trump\": \"S\", " + HANDS + ", \"attacker\": 0", "") + " {}", "line 1");
        refused("", "bad JSON at line 1, column 1");
        refused(caseWith(RULES, "\"trump\": \"S\", " + HANDS + ", \"attacker\": 1e99999999999", ""),
                "bad JSON: a number is out of range");
    }

    @Test
    void aWholeNumberWrittenWithAFraction_isStillAWholeNumber() {
        org.junit.jupiter.api.Assertions.assertDoesNotThrow(
                () -> CaseReader.read(caseWith(RULES, "\"trump\": \"S\", " + HANDS + ", \"attacker\": 1.0", "")));
        InvalidCaseException e = org.junit.jupiter.api.Assertions.assertThrows(InvalidCaseException.class,
                () -> CaseReader.read(caseWith(RULES, "\"trump\": \"S\", " + HANDS + ", \"attacker\": 0.5", "")));
        assertEquals("setup.attacker: must be a whole number", e.getMessage());
    }

    @Test
    void unknownCard_isRefusedNamingItsPlace() throws IOException {
        refused(caseWith(RULES, "\"trump\": \"S\", \"hands\": [[\"8D\"], [\"10X\"]], \"attacker\": 0", ""),
                "setup.hands[1][0]");
    }

    @Test
    void unknownCardInAStep_isRefusedNamingTheStep() throws IOException {
        refused(caseWith(RULES, "\"trump\": \"S\", " + HANDS + ", \"attacker\": 0",
                "{ \"seat\": 0, \"move\": { \"type\": \"attack\", \"cards\": [\"1D\"] } }"), "steps[0].move.cards[0]");
    }

    @Test
    void unknownSetting_isRefusedNamingIt() throws IOException {
        refused(caseWith("\"rules\": { \"jokers\": true }", "\"trump\": \"S\", " + HANDS + ", \"attacker\": 0", ""),
                "rules.jokers");
    }

    @Test
    void unknownSettingValue_isRefusedNamingTheSetting() throws IOException {
        refused(caseWith("\"rules\": { \"throwIn\": \"EVERYONE\" }", "\"trump\": \"S\", " + HANDS + ", \"attacker\": 0",
                ""), "rules.throwIn");
    }

    @Test
    void settingBreakingARule_isRefusedNamingTheSetting() throws IOException {
        refused(caseWith("\"rules\": { \"showTrumpToTransfer\": true }", "\"trump\": \"S\", " + HANDS
                + ", \"attacker\": 0", ""), "rules.showTrumpToTransfer");
    }

    @Test
    void cardTwice_isRefused() throws IOException {
        refused(caseWith(RULES, "\"trump\": \"S\", \"hands\": [[\"8D\", \"9D\"], [\"9D\"]], \"attacker\": 0", ""),
                "setup.hands[1][0]");
    }

    @Test
    void cardInAHandAndInTheStock_isRefused() throws IOException {
        refused(caseWith(RULES, "\"trump\": \"S\", " + HANDS + ", \"stock\": [\"8D\", \"10S\"], \"attacker\": 0", ""),
                "setup.stock[0]");
    }

    @Test
    void cardNotInTheDeck_isRefused() throws IOException {
        refused(caseWith("\"rules\": { \"deck\": 24 }", "\"trump\": \"S\", " + HANDS + ", \"attacker\": 0", ""),
                "setup.hands[0][0]");
    }

    @Test
    void deckOfAnotherSize_isRefused() throws IOException {
        refused(caseWith("\"rules\": { \"deck\": 40 }", "\"trump\": \"S\", " + HANDS + ", \"attacker\": 0", ""),
                "rules.deck");
    }

    @Test
    void seatOutOfRange_isRefused() throws IOException {
        refused(caseWith(RULES, "\"trump\": \"S\", " + HANDS + ", \"attacker\": 2", ""), "setup.attacker");
        refused(caseWith(RULES, "\"trump\": \"S\", " + HANDS + ", \"attacker\": 0",
                "{ \"seat\": 3, \"move\": { \"type\": \"pass\" } }"), "steps[0].seat");
    }

    @Test
    void handOfASeatTheRulesDoNotAllow_isRefused() throws IOException {
        refused(caseWith(RULES, "\"trump\": \"S\", \"hands\": [[\"6C\"], [\"7C\"], [\"8C\"], [\"9C\"], [\"10C\"],"
                + " [\"JC\"], [\"QC\"]], \"attacker\": 0", ""), "setup.hands");
        refused(caseWith("\"rules\": { \"deck\": 24 }", "\"trump\": \"S\", \"hands\": [[\"9C\"], [\"10C\"],"
                + " [\"JC\"], [\"QC\"], [\"KC\"]], \"attacker\": 0", ""), "setup.hands");
    }

    @Test
    void trumpNotMatchingTheStocksLastCard_isRefused() throws IOException {
        refused(caseWith(RULES, "\"trump\": \"H\", " + HANDS + ", \"stock\": [\"6C\", \"10S\"], \"attacker\": 0", ""),
                "setup.trump");
    }

    @Test
    void discardCountAboveTheCardsOutOfPlay_isRefused() throws IOException {
        refused(caseWith(RULES, "\"trump\": \"S\", " + HANDS + ", \"discardCount\": 33, \"attacker\": 0", ""),
                "setup.discardCount");
    }

    @Test
    void unknownMoveType_isRefused() throws IOException {
        refused(caseWith(RULES, "\"trump\": \"S\", " + HANDS + ", \"attacker\": 0",
                "{ \"seat\": 0, \"move\": { \"type\": \"cheat\" } }"), "steps[0].move.type");
    }

    @Test
    void oneInvalidFileAmongValidOnes_stopsTheRunWithExitCodeTwo() throws IOException, URISyntaxException {
        Path bad = write("zz-bad.json", "[]");
        Run r = run(List.of(ownCases(), bad));

        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("zz-bad.json"), r.err());
    }

    @Test
    void invalidCase_namesTheFieldInTheException() {
        InvalidCaseException e = org.junit.jupiter.api.Assertions.assertThrows(InvalidCaseException.class,
                () -> CaseReader.read(caseWith(RULES, "\"trump\": \"S\", " + HANDS + ", \"attacker\": 9", "")));
        assertEquals("setup.attacker", e.field());
    }
}
