package online.durak.engine.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import online.durak.engine.Event;
import online.durak.engine.Rules;
import online.durak.engine.Variant;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The record format (docs/record-format.md): a table's log written and read back is the same log, and a damaged record
 * is refused with the line it is damaged at and the reason.
 */
class RecordTest {
    private static final Rules CLOCKED = Rules.defaults(3).withTurnClockSeconds(30).withDealsPerMatch(3);

    @Test
    void clockedMatches_withTimeoutsAndTheBoardsClock_readBackIntoTheSameLog() {
        for (long seed = 1; seed <= 20; seed++) {
            List<MatchRecord.Entry> log = Records.clockedMatch(seed % 2 == 0 ? CLOCKED
                    : CLOCKED.withPlayers(4).withVariant(Variant.PEREVODNOI).withShowTrumpToTransfer(true), seed);
            String text = Records.assertRoundTrip("t-" + seed, log);
            assertTrue(log.stream().anyMatch(e -> e.event() instanceof Event.MatchEnded), "the match ended");
            assertTrue(text.startsWith("[Durak \"1\"]\n[Table \"t-" + seed + "\"]\n"), text);
        }
        String text = Records.assertRoundTrip("t-x", Records.clockedMatch(CLOCKED, 7));
        assertTrue(text.matches("(?s).*\n(@\\S+ )?computer \\d\n.*"), "a computer's move is in the record:\n" + text);
        assertTrue(text.matches("(?s).*\n(@\\S+ )?sit 1 \"p-1\" \"Bo\"\n.*"), text);
    }

    @Test
    void aRecordsMovesAreCompact_andItsHeaderNamesTheRulesAndTheProofs() {
        String text = Records.assertRoundTrip("t-1", Records.clockedMatch(CLOCKED, 3));
        for (String tag : List.of("[Variant \"PODKIDNOI\"]", "[Deck \"36\"]", "[Players \"3\"]", "[Teams \"no\"]",
                "[ThrowIn \"ALL\"]", "[FirstBoutLimit \"FIRST_BOUT\"]", "[ShowTrumpToTransfer \"no\"]",
                "[DiscardVisible \"yes\"]", "[DealsPerMatch \"3\"]", "[TurnClock \"30\"]", "[Stake \"0\"]",
                "[Daily \"-\"]", "[Spectators \"yes\"]", "[Seat0 \"Ann\"]", "[Seat1 \"Bo\"]",
                "[Seat2 \"Normal bot 2\"]", "[Date \"2026-12-03T14:00:00.123456Z\"]")) {
            assertTrue(text.contains(tag + "\n"), tag + " in\n" + text);
        }
        assertTrue(text.matches("(?s).*\\[Deal3Commitment \"[0-9a-f]{64}\"\\].*"), text);
        assertTrue(text.matches("(?s).*\n@\\d+(\\.\\d+)? \\d A [0-9JQKA]+[SHDC].*"), text);
        assertTrue(text.matches("(?s).*\\[Result \"-?\\d+ -?\\d+ -?\\d+\"\\].*"), text);
    }

    @Test
    void aRecordIsRefusedWhenItIsNoRecord() {
        RecordException e = assertThrows(RecordException.class, () -> RecordReader.read("hello"));
        assertEquals(1, e.line());
        e = assertThrows(RecordException.class, () -> RecordReader.read(""));
        assertEquals(1, e.line());
    }

    /** One damage: it changes the lines and answers the line (1-based) the record must be refused at. */
    private record Damage(String name, Function<List<String>, Integer> apply, String reason) {
    }

    @TestFactory
    Stream<DynamicTest> damagedRecords_areRefused_withTheLineAndTheReason() {
        String text = Records.assertRoundTrip("t-d", Records.clockedMatch(CLOCKED, 11));
        List<Damage> damages = List.of(
                new Damage("a card nobody holds there", l -> replaceFirst(l, "^(@\\S+ )?\\d C (\\S+) (\\S+)$",
                        m -> m.replaceAll("(\\S+)$", m.contains("AH") ? "AS" : "AH")), "may not play"),
                new Damage("a card that does not exist", l -> replaceFirst(l, "^(@\\S+ )?\\d A .*",
                        m -> m.replaceAll(" A \\S+", " A 1S")), "unknown card '1S'"),
                new Damage("a broken commitment", l -> {
                    replaceFirst(l, "^\\[Deal1Commitment .*", RecordTest::flipLastDigit);
                    return lineOf(l, "^(@\\S+ )?deal 1 .*");
                }, "the shuffle proof of deal 1 does not hold"),
                new Damage("two cards of a deck order swapped", l -> {
                    replaceFirst(l, "^\\[Deal2Deck .*", m -> {
                        String[] c = m.substring(12, m.length() - 2).split(" ");
                        String x = c[0];
                        c[0] = c[1];
                        c[1] = x;
                        return "[Deal2Deck \"" + String.join(" ", c) + "\"]";
                    });
                    return lineOf(l, "^(@\\S+ )?deal 2 .*");
                }, "the shuffle proof of deal 2 does not hold"),
                new Damage("a changed salt", l -> {
                    replaceFirst(l, "^\\[Deal3Salt .*", RecordTest::flipLastDigit);
                    return lineOf(l, "^(@\\S+ )?deal 3 .*");
                }, "the shuffle proof of deal 3 does not hold"),
                new Damage("a salt that is not hex", l -> {
                    replaceFirst(l, "^\\[Deal1Salt .*", m -> m.replaceFirst("\"(.)", "\"X"));
                    return lineOf(l, "^(@\\S+ )?deal 1 .*");
                }, "64 lowercase hex digits"),
                new Damage("a missing rule tag", l -> {
                    l.removeIf(s -> s.startsWith("[Variant "));
                    return 1;
                }, "no tag Variant"),
                new Damage("a missing result", l -> {
                    l.removeIf(s -> s.startsWith("[Result "));
                    return 1;
                }, "no tag Result"),
                new Damage("a missing seat", l -> {
                    l.removeIf(s -> s.startsWith("[Seat1 "));
                    return 1;
                }, "no tag Seat1"),
                new Damage("a missing deck order", l -> {
                    l.removeIf(s -> s.startsWith("[Deal2Deck "));
                    return lineOf(l, "^(@\\S+ )?deal 2 .*");
                }, "no tag Deal2Deck"),
                new Damage("a move by a seat whose turn it is not", l -> replaceFirst(l, "^(@\\S+ )?1 K$",
                        m -> m.replace("1 K", "0 K")), "NOT_YOUR_TURN"),
                new Damage("an attack left out", l -> {
                    for (int i = 0; i + 1 < l.size(); i++) {
                        if (l.get(i).matches("^(@\\S+ )?\\d A .*") && l.get(i + 1).matches("^(@\\S+ )?\\d [CKX] .*")) {
                            l.remove(i);
                            return i + 1;
                        }
                    }
                    throw new AssertionError("no attack answered at once");
                }, "may not play"),
                new Damage("a wrong result", l -> replaceFirst(l, "^\\[Result .*", m -> "[Result \"9 9 9\"]"),
                        "Result is \"9 9 9\", but the moves come to"),
                new Damage("wrong places", l -> replaceFirst(l, "^\\[Places .*", m -> "[Places \"3 2 1\"]"),
                        "Places is \"3 2 1\""),
                new Damage("a wrong name", l -> replaceFirst(l, "^\\[Seat0 .*", m -> "[Seat0 \"Eve\"]"),
                        "Seat0 is \"Eve\""),
                new Damage("no format tag first", l -> {
                    l.remove(0);
                    return 1;
                }, "a record begins with the tag [Durak \"1\"]"),
                new Damage("an unknown version", l -> replaceFirst(l, "^\\[Durak .*", m -> "[Durak \"2\"]"),
                        "version 2 of the format is not known"),
                new Damage("the wrong dealer", l -> replaceFirst(l, "^(@\\S+ )?deal 2 .*",
                        m -> m.replaceFirst("dealer (\\d)", "dealer 9")), "deals deal 2, not seat 9"),
                new Damage("a deal out of turn", l -> replaceFirst(l, "^(@\\S+ )?deal 2 .*",
                        m -> m.replaceFirst("deal 2", "deal 3")), "deal 2 comes next, not deal 3"),
                new Damage("a shown trump that is not the lowest", l -> replaceFirst(l, "^(@\\S+ )?deal 1 .*",
                        m -> m.contains(" shown ") ? m.replaceFirst("shown \\S+", "shown AS")
                                : m + " shown AS"), "deal 1: DealStarted's first attacker or shown trump"),
                new Damage("a wrong time", l -> replaceFirst(l, "^@\\S+ \\d K$", m -> m.replaceFirst("@\\S+", "@soon")),
                        "a time is @ and seconds after the Date"),
                new Damage("too much on a line", l -> replaceFirst(l, "^(@\\S+ )?\\d K$", m -> m + " 7S"),
                        "'7S' is more than the line holds"),
                new Damage("an unknown word", l -> replaceFirst(l, "^(@\\S+ )?start$", m -> "dance"),
                        "'dance' is no move and no event"),
                new Damage("a name not closed", l -> replaceFirst(l, "^(@\\S+ )?sit 1 .*", m -> m.replace("\"Bo\"", "\"Bo")),
                        "a quoted string is not closed"),
                new Damage("a tag twice", l -> {
                    int at = lineOf(l, "^\\[Stake .*");
                    l.add(at, "[Stake \"0\"]");
                    return at + 1;
                }, "the tag Stake is given twice"),
                new Damage("a proof for a deal never dealt", l -> {
                    l.add(3, "[Deal9Deck \"6S\"]");
                    return 4;
                }, "the tag Deal9Deck is for a deal the record does not deal"),
                new Damage("a move after the match's end", l -> {
                    l.add(l.size() - 1, "0 P");
                    return l.size() - 1;
                }, "no deal is being played"),
                new Damage("rules that break a rule", l -> replaceFirst(l, "^\\[Players .*", m -> "[Players \"7\"]"),
                        "the rules: players: must be 2 to 6, not 7"));
        assertTrue(damages.size() >= 20);
        List<DynamicTest> tests = new ArrayList<>();
        for (Damage d : damages) {
            tests.add(DynamicTest.dynamicTest(d.name(), () -> {
                List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
                int line = d.apply().apply(lines);
                String damaged = String.join("\n", lines);
                assertTrue(!damaged.equals(text), "the damage changed the record");
                RecordException e = assertThrows(RecordException.class, () -> RecordReader.read(damaged),
                        () -> d.name() + " was read:\n" + damaged);
                assertTrue(e.reason().contains(d.reason()), () -> d.name() + ": " + e.getMessage());
                assertEquals(line, e.line(), () -> d.name() + ": " + e.getMessage());
            }));
        }
        return tests.stream();
    }

    /** A tag's value with its last hex digit changed. */
    private static String flipLastDigit(String tag) {
        int at = tag.length() - 3;
        return tag.substring(0, at) + (tag.charAt(at) == '0' ? '1' : '0') + tag.substring(at + 1);
    }

    /** Replaces the first line matching {@code regex}; answers its line number (1-based). */
    private static int replaceFirst(List<String> lines, String regex, Function<String, String> change) {
        int at = lineOf(lines, regex);
        lines.set(at - 1, change.apply(lines.get(at - 1)));
        return at;
    }

    private static int lineOf(List<String> lines, String regex) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).matches(regex)) {
                return i + 1;
            }
        }
        throw new AssertionError("no line matches " + regex + " in\n" + String.join("\n", lines));
    }
}
