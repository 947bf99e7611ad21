package online.durak.bot.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Decision;
import online.durak.engine.FirstBoutLimit;
import online.durak.engine.Move;
import online.durak.engine.Phase;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.engine.Variant;
import online.durak.engine.Views;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The bridge to jorisperrenet/durak's DeterminizedMCTS (tools/foreign-mcts) on real positions of our engine: the
 * other engine's moves map to our legal moves, and its search's answers are legal. Runs when python3 and the other
 * engine (system property {@code foreign.engine}, a python_version folder or git directory) are present.
 */
@Timeout(300)
class ExternalPolicyTest {

    private static final Path BRIDGE = Path.of("../tools/foreign-mcts/bridge.py");
    private static final Rules RULES = Rules.defaults(2).withVariant(Variant.PEREVODNOI)
            .withShowTrumpToTransfer(true).withFirstBoutLimit(FirstBoutLimit.NONE);

    private static List<String> command(String... search) {
        String engine = System.getProperty("foreign.engine", "/work/.mirror/jorisperrenet+durak/repo");
        assumeTrue(Files.exists(Path.of(engine)), "the other engine is not at " + engine);
        assumeTrue(python(), "no python3");
        List<String> c = new ArrayList<>(List.of("python3", BRIDGE.toString(), "--engine", engine));
        c.addAll(List.of(search));
        return c;
    }

    private static boolean python() {
        try {
            return new ProcessBuilder("python3", "--version").start().waitFor() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    /** Every move of ours the other engine can express: single cards in attacks and throw-ins, the first cover. */
    private static boolean expressible(Move m, SeatView v) {
        if (m instanceof Move.Attack a) {
            return a.cards().size() == 1;
        }
        if (m instanceof Move.Throw t) {
            return v.phase() == Phase.TAKE_ADDING || t.cards().size() == 1;
        }
        if (m instanceof Move.Cover c) {
            return v.table().stream().filter(p -> p[1] == null).findFirst().orElseThrow()[0].equals(c.attack());
        }
        return true;
    }

    private static int attackCards(SeatView v) {
        return v.table().size();
    }

    @Test
    void foreignMoves_mapToOurLegalMoves_inEveryPositionOfRandomDeals() {
        Map<String, SeatView> firstOfEachType = new LinkedHashMap<>();
        try (ExternalPolicy bridge = new ExternalPolicy(command())) {
            SplittableRandom r = new SplittableRandom(7);
            Policy random = new RandomPolicy();
            for (int deal = 0; deal < 40 && firstOfEachType.size() < 7; deal++) {
                DealState s = DealDecider.start(RULES, DealDecider.deal(RULES, r.nextLong(), 1, 0, -1));
                while (!s.isOver()) {
                    int seat = s.toAct();
                    SeatView v = Views.seatView(s, seat);
                    if (v.legalMoves().size() > 1) {
                        ExternalPolicy.Mapping mapping = bridge.moves(v);
                        for (Move m : mapping.moves()) {
                            assertTrue(v.legalMoves().contains(m), () -> m + " is not legal in " + v);
                            firstOfEachType.putIfAbsent(m.getClass().getSimpleName(), v);
                        }
                        for (Move m : v.legalMoves()) {
                            assertTrue(!expressible(m, v) || mapping.moves().contains(m),
                                    () -> "our " + m + " is missing from " + mapping + " in " + v);
                        }
                        for (Move m : mapping.dropped()) {
                            // our cap of 6 attack cards, or a trump already shown in this bout
                            boolean pastCap = m instanceof Move.Throw t && attackCards(v) + t.cards().size() > 6;
                            assertTrue(pastCap || m instanceof Move.ShowTrump, () -> "dropped " + m + " in " + v);
                        }
                    }
                    Move m = random.choose(v, r);
                    s = ((Decision.Accepted<DealState>) DealDecider.decide(s, seat, m)).state();
                }
            }
        }
        assertEquals(List.of("Attack", "Cover", "Pass", "ShowTrump", "Take", "Throw", "Transfer"),
                firstOfEachType.keySet().stream().sorted().toList(), "move types mapped");

        // the search answers with a legal move in a position of each kind (attack, cover, show trump, take, bito)
        try (ExternalPolicy search = new ExternalPolicy(command("--deals", "2", "--rollouts", "20"))) {
            SplittableRandom r = new SplittableRandom(3);
            for (SeatView v : firstOfEachType.values()) {
                assertTrue(v.legalMoves().contains(search.choose(v, r)));
            }
            assertTrue(search.summary().startsWith("external policy: 7 decisions asked, 0 illegal answers"),
                    search.summary());
        }
    }

    @Test
    void anAnswerThatIsNoLegalMove_isCountedAndStopsThePlay() {
        command();
        String alwaysTake = "import sys\nfor line in sys.stdin:\n    print('{\"move\": {\"type\": \"take\"}}', flush=True)";
        DealState s = DealDecider.start(RULES, DealDecider.deal(RULES, 5, 1, 0, -1));
        SeatView attack = Views.seatView(s, s.toAct());
        assertEquals(Phase.ATTACK, attack.phase());
        try (ExternalPolicy p = new ExternalPolicy(List.of("python3", "-c", alwaysTake))) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> p.choose(attack, new SplittableRandom(1)));
            assertTrue(e.getMessage().contains("is no legal move"), e.getMessage());
            assertTrue(p.summary().contains("1 decisions asked, 1 illegal answers"), p.summary());
        }
    }

    @Test
    void harnessLine_takesTheExternalCommand() {
        StrengthHarness.Line l = new StrengthHarness.Line();
        StrengthHarness.line(l).parseArgs("--b", "external", "--external", "python3 bridge.py --deals 5");
        assertEquals("external", l.b);
        assertEquals("python3 bridge.py --deals 5", l.external);
    }
}
