package online.durak.engine.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import online.durak.engine.BotLevel;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Decision;
import online.durak.engine.Event;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.Shuffle;
import online.durak.engine.Views;
import org.junit.jupiter.api.Test;

/**
 * Random whole matches at the table level — solo tables where hints are taken, tables of two people whose clocks
 * run out (timeout, grace, the computer's move), board timeouts and continues — and every finished deal replayed
 * from the table's whole log: the replay passes over what is not a deal event and ends where the deal ended.
 */
class ReplayEveryDealTest {
    private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

    @Test
    void everyDealReplays_whateverTheTableLoggedBetweenItsEvents() {
        long seed = Long.getLong("durak.replay.seed", System.nanoTime());
        Random random = new Random(seed);
        int passedOver = 0;
        List<String> kindsPassedOver = new ArrayList<>();
        for (int match = 0; match < 120; match++) {
            Played p = play(random, match % 2 == 0);
            for (int d = 0; d < p.deals.size(); d++) {
                int[] range = p.deals.get(d);
                List<Event> slice = p.log.subList(range[0], range[1] + 1);
                List<Views.ReplayStep> steps = Views.replay(p.rules, slice);
                long dealEvents = slice.stream().filter(e -> e instanceof Event.DealEvent).count();
                assertEquals(dealEvents + 1, steps.size(), "one step for the deal dealt and one per deal event (seed "
                        + seed + ")");
                for (Views.ReplayStep step : steps) {
                    Event e = slice.get(step.index());
                    assertTrue(step.index() == 0 || e instanceof Event.DealEvent, "a step is a deal event: " + e);
                }
                assertEquals(Views.openView(p.dealAtEnd.get(d)), steps.get(steps.size() - 1).view(),
                        "the replay ends where the deal ended (seed " + seed + ")");
                for (Event e : slice) {
                    if (!(e instanceof Event.DealEvent) && !(e instanceof Event.DealStarted)) {
                        passedOver++;
                        if (!kindsPassedOver.contains(e.type())) {
                            kindsPassedOver.add(e.type());
                        }
                    }
                }
            }
        }
        assertTrue(passedOver > 0, "some deals had other events among theirs");
        for (String kind : List.of("HintTaken", "TimedOut", "GraceRanOut", "PlayedByComputer")) {
            assertTrue(kindsPassedOver.contains(kind), kind + " was among a deal's events (seed " + seed + "): "
                    + kindsPassedOver);
        }
    }

    /** A match played to its end: the table's whole log, where each deal lies in it, each deal's last state. */
    private record Played(Rules rules, List<Event> log, List<int[]> deals, List<DealState> dealAtEnd) {
    }

    private static Played play(Random random, boolean solo) {
        Rules rules = Rules.defaults(2 + random.nextInt(2)).withDealsPerMatch(random.nextBoolean() ? 1 : 3);
        Game g = new Game();
        if (solo) {
            List<BotLevel> bots = new ArrayList<>();
            for (int i = 1; i < rules.players(); i++) {
                bots.add(BotLevel.values()[random.nextInt(BotLevel.values().length)]);
            }
            g.send(new TableCommand.CreateSolo("anna", "Anna", rules, bots, Shuffle.of(random.nextLong())));
        } else {
            rules = rules.withTurnClockSeconds(30);
            g.send(new TableCommand.Create("anna", "Anna", rules));
            g.send(new TableCommand.Join("boris", "Boris", 1));
            for (int seat = 2; seat < rules.players(); seat++) {
                g.send(new TableCommand.AddBot("anna", seat, BotLevel.EASY));
            }
            g.send(new TableCommand.Start("anna", Shuffle.of(random.nextLong())));
        }
        for (int step = 0; step < 20_000 && g.table.status() != TableStatus.FINISHED; step++) {
            TableState t = g.table;
            if (t.onBoard()) {
                if (!solo && random.nextInt(4) == 0) {
                    g.send(new TableCommand.BoardTimeOut("clock", Shuffle.of(random.nextLong())));
                } else {
                    for (int seat = 0; seat < t.seats().size() && g.table.onBoard(); seat++) {
                        SeatHolder h = g.table.holder(seat);
                        if (h.isHuman() && !g.table.continued().contains(seat)) {
                            g.send(new TableCommand.Continue(h.playerId(), Shuffle.of(random.nextLong())));
                        }
                    }
                }
            } else {
                int seat = t.toAct();
                SeatHolder h = t.holder(seat);
                List<Move> legal = DealDecider.legalMoves(t.match().deal(), seat);
                Move move = legal.get(random.nextInt(legal.size()));
                if (solo && h.isHuman() && random.nextInt(5) == 0) {
                    g.send(new TableCommand.Hint(h.playerId()));
                } else if (!solo && h.isHuman() && random.nextInt(6) == 0) {
                    g.send(new TableCommand.TimeOut("clock", seat, T0));
                    if (random.nextBoolean()) {
                        g.send(new TableCommand.GraceOver("clock", seat));
                        g.send(new TableCommand.Play(h.playerId(), move, true));
                    } else {
                        g.send(new TableCommand.Play(h.playerId(), move)); // moved within the grace
                    }
                } else {
                    g.send(new TableCommand.Play(h.playerId(), move));
                }
            }
        }
        List<int[]> deals = new ArrayList<>();
        List<DealState> ends = new ArrayList<>();
        int dealStart = -1;
        for (int i = 0; i < g.log.size(); i++) {
            Event e = g.log.get(i);
            if (e instanceof Event.DealStarted) {
                dealStart = i;
            } else if (e instanceof Event.DealEnded) {
                deals.add(new int[] {dealStart, i});
                ends.add(g.dealAfter.get(i));
            }
        }
        assertEquals(TableStatus.FINISHED, g.table.status(), "the match ended");
        assertEquals(rules.dealsPerMatch(), deals.size());
        return new Played(g.table.rules(), g.log, deals, ends);
    }

    /** A table driven by commands; every accepted event is logged with the deal's state right after it. */
    private static final class Game {
        TableState table = TableState.NONE;
        final List<Event> log = new ArrayList<>();
        final List<DealState> dealAfter = new ArrayList<>();

        void send(TableCommand c) {
            Decision<TableState> d = TableDecider.TABLE.decide(c, table);
            Decision.Accepted<TableState> a = assertInstanceOf(Decision.Accepted.class, d, () -> c + " " + d);
            for (Event e : a.events()) {
                table = TableDecider.TABLE.evolve(table, e);
                log.add(e);
                dealAfter.add(table.match() == null ? null : table.match().deal());
            }
        }
    }
}
