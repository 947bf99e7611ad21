package online.durak.bot.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import online.durak.bot.Game;
import online.durak.engine.BotLevel;
import online.durak.engine.DailySecret;
import online.durak.engine.Rules;
import online.durak.engine.Shuffle;
import online.durak.engine.table.Tempo;
import online.durak.messages.CommandMessage;
import org.junit.jupiter.api.Test;

/** Deciding and sending, off the consumer's thread, with a fake broker. */
class BotPlayerTest {
    /** The daily secret of these tests' installation. */
    static final DailySecret SECRET = new DailySecret(new byte[32]);

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final List<CommandMessage> sent = new CopyOnWriteArrayList<>();

    private static Turn turnOf(Game g) {
        TableTracker t = new TableTracker(new TableTrackerTest.Store(), 10);
        g.events.forEach(m -> t.accept(m, 0));
        return t.owed(g.tableId);
    }

    private static void await(CountDownLatch done) throws InterruptedException {
        assertTrue(done.await(20, TimeUnit.SECONDS), "the turn did not finish");
    }

    @Test
    void everyLevel_sendsALegalMove_asTheBot() throws Exception {
        for (BotLevel level : BotLevel.values()) {
            Game g = Game.soloBotFirst("p-" + level, Rules.defaults(3), level);
            Turn turn = turnOf(g);
            CountDownLatch done = new CountDownLatch(1);
            try (BotPlayer p = new BotPlayer(c -> {
                sent.add(c);
                return CompletableFuture.completedFuture(null);
            }, x -> true, Duration.ZERO, true, 2, Duration.ofMillis(10), 3, SECRET, registry, new LiveWork())) {
                p.play(turn, done::countDown);
                await(done);
            }
            CommandMessage c = sent.get(sent.size() - 1);
            assertEquals("bot-" + g.tableId + "-" + g.lastSeq(), c.commandId());
            assertEquals(g.tableId, c.tableId());
            assertEquals(g.state.holder(g.state.toAct()).playerId(), c.playerId());
            assertFalse(c.byComputer());
            Object move = ((CommandMessage.Play) c.payload()).move();
            assertTrue(g.legalMoves(g.state.toAct()).contains(move), level + " played " + move);
        }
        assertEquals(3.0, registry.find("durak.bot.moves").counters().stream().mapToDouble(x -> x.count()).sum());
    }

    @Test
    void aTimedOutPlayer_getsTheComputersMove_withoutThinkTime() throws Exception {
        Game g = Game.twoHumansTimedOut("p-timeout");
        Turn turn = turnOf(g);
        CountDownLatch done = new CountDownLatch(1);
        long t0 = System.nanoTime();
        try (BotPlayer p = new BotPlayer(c -> {
            sent.add(c);
            return CompletableFuture.completedFuture(null);
        }, x -> true, Duration.ofSeconds(30), true, 1, Duration.ofMillis(10), 3, SECRET,
                registry, new LiveWork())) {
            p.play(turn, done::countDown);
            await(done);
        }
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(15), "no think time for the computer's move");
        CommandMessage c = sent.get(0);
        assertTrue(c.byComputer());
        assertEquals(g.state.holder(g.state.toAct()).playerId(), c.playerId());
        assertTrue(g.legalMoves(g.state.toAct()).contains(((CommandMessage.Play) c.payload()).move()));
    }

    @Test
    void aTableThatMovedOnDuringTheThinkTime_getsNothing() throws Exception {
        Game g = Game.soloBotFirst("p-moved", Rules.defaults(2), BotLevel.NORMAL);
        Turn turn = turnOf(g);
        AtomicBoolean current = new AtomicBoolean(true);
        CountDownLatch done = new CountDownLatch(1);
        try (BotPlayer p = new BotPlayer(c -> {
            sent.add(c);
            return CompletableFuture.completedFuture(null);
        }, x -> current.get(), Duration.ofMillis(300), true, 1, Duration.ofMillis(10), 3,
                SECRET, registry, new LiveWork())) {
            p.play(turn, done::countDown);
            current.set(false);
            await(done);
        }
        assertTrue(sent.isEmpty());
        assertEquals(1.0, registry.counter("durak.bot.turns.dropped").count());
    }

    /** Workers that record the delay each turn is scheduled with, and run it at once (no wall clock involved). */
    static final class RecordingWorkers extends java.util.concurrent.ScheduledThreadPoolExecutor {
        final List<Long> delays = new CopyOnWriteArrayList<>();

        RecordingWorkers() {
            super(1);
        }

        @Override
        public java.util.concurrent.ScheduledFuture<?> schedule(Runnable r, long delay, TimeUnit unit) {
            delays.add(unit.toMillis(delay));
            return super.schedule(r, 0, TimeUnit.MILLISECONDS);
        }
    }

    private List<Long> delaysOf(Turn turn, Duration think, boolean followTempo) throws Exception {
        RecordingWorkers workers = new RecordingWorkers();
        CountDownLatch done = new CountDownLatch(1);
        try (BotPlayer p = new BotPlayer(c -> {
            sent.add(c);
            return CompletableFuture.completedFuture(null);
        }, x -> true, think, followTempo, Duration.ofMillis(10), 3, SECRET, registry, workers, new LiveWork())) {
            p.play(turn, done::countDown);
            await(done);
        }
        return workers.delays;
    }

    @Test
    void aSoloTablesTempo_setsItsBotsThinkTime() throws Exception {
        Duration think = Duration.ofMillis(700);
        for (Tempo tempo : Tempo.values()) {
            Game g = Game.soloBotFirst("p-tempo-" + tempo, Rules.defaults(2), BotLevel.NORMAL, tempo);
            Turn turn = turnOf(g);
            assertEquals(tempo, turn.tempo(), "read from the table's events");
            assertEquals(List.of((long) tempo.millis()), delaysOf(turn, think, true), tempo.name());
        }
        assertEquals(List.of(250L, 700L, 1500L), java.util.Arrays.stream(Tempo.values())
                .map(t -> (long) t.millis()).toList());
        assertEquals(3, sent.size(), "each played its move");
    }

    @Test
    void withoutATempo_orWithTempoOff_theServicesThinkTimeHolds() throws Exception {
        Duration think = Duration.ofMillis(420);
        Turn plain = turnOf(Game.soloBotFirst("p-no-tempo", Rules.defaults(2), BotLevel.NORMAL));
        assertEquals(List.of(420L), delaysOf(plain, think, true));
        Turn slow = turnOf(Game.soloBotFirst("p-tempo-off", Rules.defaults(2), BotLevel.NORMAL, Tempo.SLOW));
        assertEquals(List.of(0L), delaysOf(slow, Duration.ZERO, false), "a test system's bots never think");
    }

    @Test
    void theTempo_changesTheDelayOnly_neverTheMove() throws Exception {
        Game fast = Game.soloBotFirst("p-same", Rules.defaults(2), BotLevel.EASY, Tempo.FAST);
        Game slow = Game.soloBotFirst("p-same", Rules.defaults(2), BotLevel.EASY, Tempo.SLOW);
        Turn a = turnOf(fast);
        Turn b = turnOf(slow);
        assertEquals(a.view(), b.view());
        assertEquals(a.commandId(), b.commandId());
        assertEquals(a.rules(), b.rules(), "the tempo is no rule");
    }

    @Test
    void theComputersMove_andADailyGamesBots_ignoreTheTempo() throws Exception {
        Game timedOut = Game.twoHumansTimedOut("p-tempo-clock");
        assertEquals(List.of(0L), delaysOf(turnOf(timedOut), Duration.ofMillis(700), true));
        // a daily game deals by its date and the installation's secret, whoever comes first: its bot's turn is made by
        // hand here
        Rules daily = Rules.daily(java.time.LocalDate.parse("2026-12-01"), true);
        Game g = new Game("p-tempo-daily");
        g.send(new online.durak.engine.table.TableCommand.CreateSolo("human", "Anna", daily,
                java.util.Collections.nCopies(daily.players() - 1, BotLevel.NORMAL), new Shuffle(1, null, SECRET),
                Tempo.SLOW));
        assertEquals(Tempo.SLOW, g.state.tempo());
        Turn d = new Turn(g.tableId, g.lastSeq(), 1, "bot-1", "Normal bot 1", BotLevel.NORMAL, false, daily,
                online.durak.engine.Views.seatView(g.state.match().deal(), 1), Game.T0, g.state.tempo());
        try (BotPlayer p = new BotPlayer(c -> CompletableFuture.completedFuture(null), x -> true,
                Duration.ofMillis(700), true, 1, Duration.ofMillis(10), 1, SECRET, registry, new LiveWork())) {
            assertEquals(Duration.ofMillis(700), p.thinkTime(d));
        }
    }

    @Test
    void aFailedSend_isTriedAgain_withTheSameCommandId() throws Exception {
        Game g = Game.soloBotFirst("p-retry", Rules.defaults(2), BotLevel.NORMAL);
        Turn turn = turnOf(g);
        AtomicInteger attempts = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(1);
        try (BotPlayer p = new BotPlayer(c -> {
            sent.add(c);
            return attempts.incrementAndGet() < 3 ? CompletableFuture.failedFuture(new IllegalStateException("down"))
                    : CompletableFuture.completedFuture(null);
        }, x -> true, Duration.ZERO, true, 1, Duration.ofMillis(10), 5, SECRET, registry, new LiveWork())) {
            p.play(turn, done::countDown);
            await(done);
            assertEquals(0, p.inFlight());
        }
        assertEquals(3, sent.size());
        assertEquals(1, sent.stream().map(CommandMessage::commandId).distinct().count());
        assertEquals(1.0, registry.find("durak.bot.moves").counter().count());
    }

    @Test
    void aSendThatKeepsFailing_isGivenUp_andTheTurnStillFinishes() throws Exception {
        Game g = Game.soloBotFirst("p-fail", Rules.defaults(2), BotLevel.EASY);
        CountDownLatch done = new CountDownLatch(1);
        try (BotPlayer p = new BotPlayer(c -> CompletableFuture.failedFuture(new IllegalStateException("down")),
                x -> true, Duration.ZERO, true, 1, Duration.ofMillis(10), 2, SECRET, registry, new LiveWork())) {
            p.play(turnOf(g), done::countDown);
            await(done);
        }
        assertEquals(1.0, registry.counter("durak.bot.turns.failed").count());
    }
}
