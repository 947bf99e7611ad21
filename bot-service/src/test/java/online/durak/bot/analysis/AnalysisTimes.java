package online.durak.bot.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import online.durak.bot.Game;
import online.durak.bot.policy.Policies;
import online.durak.bot.policy.Policy;
import online.durak.engine.BotLevel;
import online.durak.engine.Rules;
import online.durak.engine.Shuffle;
import online.durak.engine.Views;
import online.durak.engine.table.TableCommand;
import online.durak.engine.table.TableStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The analysis time per match by its size (docs/bots.md "Analysis"): matches of 2 to 4 people, 1 or 5 deals, played
 * by NORMAL bots in every seat (as people would: many choices), each analysed as bot-service does it, one thread.
 * A measurement, not a check, so it runs only when asked:
 *
 * <pre>mvn -B -ntp -pl bot-service test -Dtest=AnalysisTimes -Danalysis.times=true</pre>
 */
@EnabledIfSystemProperty(named = "analysis.times", matches = "true")
class AnalysisTimes {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    @Test
    void analysisTimePerMatchBySize() throws InterruptedException {
        System.out.println("people | deals | decisions | wall s | CPU s | CPU ms per decision");
        for (int[] size : List.of(new int[] {2, 1}, new int[] {2, 5}, new int[] {3, 5}, new int[] {4, 5})) {
            Game g = played("t-times-" + size[0] + "-" + size[1], size[0], size[1]);
            long wall = System.nanoTime();
            long cpu = CPU.getCurrentThreadCpuTime();
            MatchAnalysis a = MatchAnalyser.analyse(g.tableId, g.events, new MatchAnalyser.Listener() {
                @Override
                public void beforeSearch() {
                }

                @Override
                public void judged(int done, int total) {
                    if (done % 50 == 0) {
                        System.err.printf(Locale.ROOT, "  %d people, %d deals: %d of %d decisions judged%n",
                                size[0], size[1], done, total);
                    }
                }
            });
            double wallS = (System.nanoTime() - wall) / 1e9;
            double cpuS = (CPU.getCurrentThreadCpuTime() - cpu) / 1e9;
            int n = a.decisions().size();
            assertEquals(MatchAnalyser.decisions(g.tableId, g.events), n);
            System.out.printf(Locale.ROOT, "%d | %d | %d | %.1f | %.1f | %.0f%n", size[0], size[1], n, wallS, cpuS,
                    1000 * cpuS / Math.max(1, n));
        }
    }

    /** A finished match of {@code people}, {@code deals} deals, every seat played by NORMAL. */
    private static Game played(String tableId, int people, int deals) {
        Rules rules = Rules.defaults(people).withDealsPerMatch(deals);
        Policy normal = Policies.forLevel(BotLevel.NORMAL, rules);
        SplittableRandom rng = new SplittableRandom(people * 100L + deals);
        Game g = new Game(tableId);
        g.send(new TableCommand.Create("p0-" + tableId, "P0", rules));
        for (int seat = 1; seat < people; seat++) {
            g.send(new TableCommand.Join("p" + seat + "-" + tableId, "P" + seat, seat));
        }
        g.send(new TableCommand.Start("p0-" + tableId, Shuffle.of(people * 7L + deals)));
        while (g.state.status() == TableStatus.PLAYING) {
            if (g.state.match().deal() == null || g.state.match().deal().isOver()) {
                for (int seat = 0; seat < people && g.state.status() == TableStatus.PLAYING; seat++) {
                    try {
                        g.send(new TableCommand.Continue(g.state.holder(seat).playerId(), Shuffle.of(rng.nextLong())));
                    } catch (IllegalStateException e) {
                        // this seat has pressed continue already, or the next deal has started
                    }
                }
                continue;
            }
            int seat = g.state.toAct();
            g.send(new TableCommand.Play(g.actorId(), normal.choose(Views.seatView(g.state.match().deal(), seat), rng),
                    false));
        }
        return g;
    }
}
