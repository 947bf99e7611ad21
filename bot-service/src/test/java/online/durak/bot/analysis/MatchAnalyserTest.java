package online.durak.bot.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import online.durak.bot.Game;
import online.durak.engine.CardSet;
import online.durak.engine.DealState;
import online.durak.engine.Move;
import online.durak.engine.Position;
import online.durak.engine.Rules;
import online.durak.engine.Shuffle;
import online.durak.engine.SeatView;
import online.durak.engine.Suit;
import online.durak.engine.Views;
import online.durak.engine.table.TableCommand;
import online.durak.engine.table.TableStatus;
import online.durak.messages.Codec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(300)
class MatchAnalyserTest {

    /**
     * Every card known (the stock empty): attacking with J♣ wins whatever the opponent does, attacking with 7♥ loses
     * (the exact search says so), so 7♥ is a blunder, and J♣ is the best move.
     */
    private static SeatView forcedWin(Rules rules) {
        CardSet mine = CardSet.parse("JC", "9D", "7H");
        CardSet theirs = CardSet.parse("7D", "9H", "9S");
        DealState s = DealState.position(rules, new Position(Suit.D, List.of(mine, theirs), List.of(),
                rules.deck().size() - 6, 10, 0, List.of(), List.of(CardSet.EMPTY, CardSet.EMPTY)));
        return Views.seatView(s, 0);
    }

    @Test
    void theKnownBlunder_isFlagged_withTheBestMoveAndTheReason() {
        Rules rules = Rules.defaults(2);
        Move blunder = new Move.Attack(CardSet.parse("7H"));
        MatchAnalysis.Judged j = MatchAnalyser.judge("t-blunder", rules,
                new Decisions.Decision(1, 40, 0, "Anna", forcedWin(rules), blunder));
        assertEquals(Verdict.BLUNDER, j.verdict());
        assertEquals(blunder, j.played());
        assertEquals(new Move.Attack(CardSet.parse("JC")), j.best());
        assertEquals(1.0, j.bestExpected());
        assertEquals(0.0, j.playedExpected());
        assertEquals(1.0, j.loss());
        assertTrue(j.exact());
        assertEquals("Attacking with 7♥ was a blunder: every card was known; attacking with J♣ wins against any "
                + "defence, attacking with 7♥ loses against best play.", j.reason().en());
        assertEquals("Angreifen mit 7♥ war ein grober Fehler: alle Karten waren bekannt; Angreifen mit B♣ gewinnt "
                + "gegen jede Verteidigung, Angreifen mit 7♥ verliert bei bestem Spiel.", j.reason().de());
    }

    @Test
    void theBestMove_isGood() {
        Rules rules = Rules.defaults(2);
        Move best = new Move.Attack(CardSet.parse("JC"));
        MatchAnalysis.Judged j = MatchAnalyser.judge("t-best", rules,
                new Decisions.Decision(1, 40, 0, "Anna", forcedWin(rules), best));
        assertEquals(Verdict.GOOD, j.verdict());
        assertEquals(0.0, j.loss());
        assertTrue(j.reason().en().startsWith("Attack with J♣: the best move here"), j.reason().en());
    }

    @Test
    void verdicts_followTheStatedThresholds() {
        assertEquals(Verdict.GOOD, Verdict.of(0.049, false));
        assertEquals(Verdict.INACCURACY, Verdict.of(0.05, false));
        assertEquals(Verdict.MISTAKE, Verdict.of(0.10, false));
        assertEquals(Verdict.BLUNDER, Verdict.of(0.20, false));
        assertEquals(Verdict.GOOD, Verdict.of(0.5, true)); // within the sampling error
    }

    /**
     * Two people play a whole match (each the first legal move); the analysis judges exactly their decisions with a
     * choice, by seat and name, and each summary adds up.
     */
    @Test
    void aWholeMatch_everyDecisionOfEveryPerson_andASummaryEach() throws InterruptedException {
        Game g = Game.twoHumans("t-whole");
        SplittableRandom r = new SplittableRandom(3);
        int choices = 0;
        while (g.state.status() == TableStatus.PLAYING) {
            if (g.state.match().deal() == null || g.state.match().deal().isOver()) {
                for (int seat = 0; seat < 2; seat++) {
                    if (g.state.status() == TableStatus.PLAYING) {
                        try {
                            g.send(new TableCommand.Continue(g.state.holder(seat).playerId(), Shuffle.of(seat + 11)));
                        } catch (IllegalStateException e) {
                            // this seat has pressed continue already, or the next deal has started
                        }
                    }
                }
                continue;
            }
            List<Move> legal = g.legalMoves(g.state.toAct());
            choices += legal.size() > 1 ? 1 : 0;
            g.send(new TableCommand.Play(g.actorId(), legal.get(r.nextInt(legal.size())), false));
        }
        assertEquals(TableStatus.FINISHED, g.state.status());
        List<int[]> progress = new ArrayList<>();
        MatchAnalysis a = MatchAnalyser.analyse(g.tableId, g.events, new MatchAnalyser.Listener() {
            @Override
            public void beforeSearch() {
            }

            @Override
            public void judged(int done, int total) {
                progress.add(new int[] {done, total});
            }
        });
        assertEquals(choices, a.decisions().size());
        assertEquals(choices, progress.size());
        assertEquals(choices, progress.get(progress.size() - 1)[0]);
        long lastSeq = 0;
        for (MatchAnalysis.Judged j : a.decisions()) {
            assertTrue(j.seq() > lastSeq);
            lastSeq = j.seq();
            assertTrue(j.loss() >= 0 && j.playedExpected() <= j.bestExpected() + 1e-9 || j.verdict() == Verdict.GOOD,
                    j.toString());
            assertFalse(j.reason().en().isBlank());
            assertFalse(j.reason().de().isBlank());
        }
        assertEquals(2, a.players().size());
        assertEquals(List.of("Anna", "Boris"), a.players().stream().map(MatchAnalysis.Player::name).toList());
        for (MatchAnalysis.Player p : a.players()) {
            assertEquals(p.decisions(), p.good() + p.inaccuracies() + p.mistakes() + p.blunders());
            assertTrue(p.biggest().size() <= 3);
            p.biggest().forEach(j -> assertTrue(j.verdict() != Verdict.GOOD && j.seat() == p.seat()));
        }
        // random play makes mistakes that the search finds
        assertTrue(a.players().stream().mapToInt(p -> p.mistakes() + p.blunders()).sum() > 0);
        String json = Codec.toJson(a);
        assertTrue(json.contains("\"played\":{\"type\""), json.substring(0, 300));
    }
}
