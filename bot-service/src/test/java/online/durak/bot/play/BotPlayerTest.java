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
import online.durak.engine.Rules;
import online.durak.messages.CommandMessage;
import org.junit.jupiter.api.Test;

/** Deciding and sending, off the consumer's thread, with a fake broker. */
class BotPlayerTest {

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
            }, x -> true, Duration.ZERO, 2, Duration.ofMillis(10), 3, registry)) {
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
        }, x -> true, Duration.ofSeconds(30), 1, Duration.ofMillis(10), 3, registry)) {
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
        }, x -> current.get(), Duration.ofMillis(300), 1, Duration.ofMillis(10), 3, registry)) {
            p.play(turn, done::countDown);
            current.set(false);
            await(done);
        }
        assertTrue(sent.isEmpty());
        assertEquals(1.0, registry.counter("durak.bot.turns.dropped").count());
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
        }, x -> true, Duration.ZERO, 1, Duration.ofMillis(10), 5, registry)) {
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
                x -> true, Duration.ZERO, 1, Duration.ofMillis(10), 2, registry)) {
            p.play(turnOf(g), done::countDown);
            await(done);
        }
        assertEquals(1.0, registry.counter("durak.bot.turns.failed").count());
    }
}
