package online.durak.table.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.enterprise.inject.Vetoed;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import online.durak.messages.CommandMessage;
import online.durak.messages.ReplyMessage;
import online.durak.table.messaging.CommandBus;
import online.durak.table.messaging.RulesBreaker;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.Test;

/**
 * The guard around "publish and wait for the reply", on a command bus whose replies the test gives: a busy rules service
 * (replies late, or many commands waiting) never opens the breaker; commands beyond the bulkhead's places and queue are
 * refused at once with {@link RulesBreaker.OverloadedException}, only those, and the queued ones go out as places free.
 * A Quarkus test only because SmallRye Fault Tolerance's guards need its container; the breaker here is the test's own.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(TestTopics.class)
class RulesBreakerTest {
    private static final int IN_FLIGHT = 2;
    private static final int QUEUE = 3;

    /** Sends nothing: each command's future waits for the test to complete it (not a bean: the service has its own). */
    @Vetoed
    static final class HeldBus extends CommandBus {
        final List<CompletableFuture<ReplyMessage>> sent = new CopyOnWriteArrayList<>();
        final List<CommandMessage> commands = new CopyOnWriteArrayList<>();

        HeldBus() {
            super(null, new SimpleMeterRegistry(), Duration.ofSeconds(5));
        }

        @Override
        public CompletableFuture<ReplyMessage> send(CommandMessage command) {
            CompletableFuture<ReplyMessage> f = new CompletableFuture<>();
            commands.add(command);
            sent.add(f);
            return f;
        }
    }

    private final HeldBus bus = new HeldBus();
    // the CDI event is fired only when the breaker changes state, which these cases must never make it do
    private final RulesBreaker breaker = new RulesBreaker(bus, null, new SimpleMeterRegistry(), 3, Duration.ofSeconds(5),
            IN_FLIGHT, QUEUE);

    private static CommandMessage command(int i) {
        return new CommandMessage("p:c" + i, "t" + i, "p", "P", new CommandMessage.Leave());
    }

    private static ReplyMessage reply(CommandMessage c) {
        return ReplyMessage.rejected(c.commandId(), c.tableId(),
                new online.durak.engine.Rejection("NO_SUCH_TABLE", "no such table"), 0);
    }

    @Test
    void beyondThePlacesAndTheQueue_onlyTheExcessIsRefusedAsOverloaded_andTheQueuedGoOutInTurn() throws Exception {
        List<CompletableFuture<ReplyMessage>> answers = new CopyOnWriteArrayList<>();
        for (int i = 0; i < IN_FLIGHT + QUEUE + 2; i++) {
            answers.add(breaker.send(command(i)));
        }
        assertEquals(IN_FLIGHT, bus.sent.size(), "only as many are sent as there are places");
        for (int i = IN_FLIGHT + QUEUE; i < answers.size(); i++) {
            ExecutionException e = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                    answers.get(i)::get);
            assertInstanceOf(RulesBreaker.OverloadedException.class, e.getCause());
            assertEquals(Duration.ofSeconds(1), ((RulesBreaker.OverloadedException) e.getCause()).retryAfter());
        }
        for (int i = 0; i < IN_FLIGHT + QUEUE; i++) {
            assertFalse(answers.get(i).isDone(), "command " + i + " waits (sent, or queued)");
        }
        // each reply frees a place for the next one queued, in order
        for (int i = 0; i < IN_FLIGHT + QUEUE; i++) {
            CommandMessage c = bus.commands.get(i);
            bus.sent.get(i).complete(reply(c));
            assertEquals(c.commandId(), answers.get(i).get(5, TimeUnit.SECONDS).commandId());
            awaitSent(Math.min(IN_FLIGHT + QUEUE, i + 1 + IN_FLIGHT));
        }
        assertEquals(IN_FLIGHT + QUEUE, bus.sent.size(), "the refused ones were never sent");
        assertFalse(breaker.paused(), "a busy rules service pauses nothing");
    }

    @Test
    void lateRepliesNeverOpenTheBreaker_onlySilenceDoes() throws Exception {
        for (int i = 0; i < 6; i++) {
            CompletableFuture<ReplyMessage> a = breaker.send(command(i));
            bus.sent.get(i).completeExceptionally(new CommandBus.RulesTimeoutException("late", false));
            ExecutionException e = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class, a::get);
            assertInstanceOf(CommandBus.RulesTimeoutException.class, e.getCause(), "its own timeout, not the breaker's");
        }
        assertFalse(breaker.paused(), "six late replies in a row: the breaker stays closed");
        assertEquals("CLOSED", breaker.availability().state().name());
        assertEquals(6, bus.sent.size(), "every command was sent");
    }

    private void awaitSent(int n) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (bus.sent.size() < n && System.nanoTime() < end) {
            Thread.sleep(5);
        }
        assertEquals(n, bus.sent.size(), "a queued command went out when a place freed");
    }
}
