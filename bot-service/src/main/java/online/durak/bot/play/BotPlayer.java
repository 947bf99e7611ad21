package online.durak.bot.play;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import online.durak.bot.policy.DailyBots;
import online.durak.bot.policy.Policies;
import online.durak.bot.policy.Policy;
import online.durak.engine.Daily;
import online.durak.engine.DailySecret;
import online.durak.engine.Move;
import online.durak.messages.CommandMessage;
import org.jboss.logging.Logger;

/**
 * Plays the turns the consumer hands over, off the consumer's thread: after the think time (a bot's move only:
 * the table's tempo or the service's own, {@link #thinkTime})
 * a small pool of workers lets the policy choose from the seat's view, and the {@code play} command is sent,
 * but only while the table still waits for that very decision ({@code current}); a table that moved on
 * meanwhile gets nothing. A failed send is tried again (same command id) a few times while the table waits.
 * Every turn ends with its {@code done} callback, exactly once, whatever happened.
 */
public final class BotPlayer implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(BotPlayer.class);

    /** Where commands go: completes when the broker has the record. */
    public interface CommandSink {
        CompletableFuture<Void> send(CommandMessage command);
    }

    private final CommandSink sink;
    private final Predicate<Turn> current;
    private final Duration think;
    private final boolean followTempo;
    private final Duration retryBackoff;
    private final int attempts;
    private final DailySecret dailySecret;
    private final ScheduledThreadPoolExecutor workers;
    private final MeterRegistry registry;
    private final Counter dropped;
    private final Counter failed;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final LiveWork live;
    private volatile boolean running = true;

    /**
     * @param think       the think time of a table without a tempo (and of every table when {@code followTempo} is
     *                    off)
     * @param followTempo whether a solo table's tempo sets its bots' think time (off on test systems)
     * @param dailySecret the installation's daily secret, which seeds the daily game's bots (docs/daily.md)
     * @param live        where each decision is counted while the policy searches (background work waits for it)
     */
    public BotPlayer(CommandSink sink, Predicate<Turn> current, Duration think, boolean followTempo, int workers,
                     Duration retryBackoff, int attempts, DailySecret dailySecret, MeterRegistry registry,
                     LiveWork live) {
        this(sink, current, think, followTempo, retryBackoff, attempts, dailySecret, registry, newWorkers(workers),
                live);
    }

    /** With the workers given: a test passes its own to see the delays turns are scheduled with. */
    BotPlayer(CommandSink sink, Predicate<Turn> current, Duration think, boolean followTempo, Duration retryBackoff,
              int attempts, DailySecret dailySecret, MeterRegistry registry, ScheduledThreadPoolExecutor workers,
              LiveWork live) {
        this.live = live;
        this.sink = sink;
        this.dailySecret = dailySecret;
        this.current = current;
        this.think = think;
        this.followTempo = followTempo;
        this.retryBackoff = retryBackoff;
        this.attempts = Math.max(1, attempts);
        this.registry = registry;
        this.workers = workers;
        this.dropped = Counter.builder("durak.bot.turns.dropped")
                .description("Turns not played because the table moved on (or the service stopped) meanwhile")
                .register(registry);
        this.failed = Counter.builder("durak.bot.turns.failed")
                .description("Turns that could not be played: the policy failed or the command could not be sent")
                .register(registry);
        registry.gauge("durak.bot.turns.in.flight", inFlight);
    }

    private static ScheduledThreadPoolExecutor newWorkers(int workers) {
        AtomicInteger n = new AtomicInteger();
        ThreadFactory threads = r -> {
            Thread t = new Thread(r, "bot-worker-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(Math.max(1, workers), threads);
        pool.setRemoveOnCancelPolicy(true);
        pool.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        return pool;
    }

    /**
     * How long the turn waits before its move is chosen: nothing for the computer's move (that player has waited
     * long enough); a solo table's tempo, when it has one and tempo is followed; else the service's think time. A
     * daily game's bots keep the service's (docs/daily.md: their answers do not depend on it anyway). The tempo
     * only ever changes this delay, never the move.
     */
    public Duration thinkTime(Turn turn) {
        if (turn.byComputer()) {
            return Duration.ZERO;
        }
        if (followTempo && turn.tempo() != null && turn.rules().daily() == null) {
            return Duration.ofMillis(turn.tempo().millis());
        }
        return think;
    }

    /** Plays the turn in the background; {@code done} runs once when it is finished. */
    public void play(Turn turn, Runnable done) {
        inFlight.incrementAndGet();
        Runnable finish = once(done);
        long delay = thinkTime(turn).toMillis();
        try {
            workers.schedule(() -> decide(turn, finish), delay, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            dropped.increment();
            finish.run();
        }
    }

    private Runnable once(Runnable done) {
        java.util.concurrent.atomic.AtomicBoolean ran = new java.util.concurrent.atomic.AtomicBoolean();
        return () -> {
            if (ran.compareAndSet(false, true)) {
                inFlight.decrementAndGet();
                done.run();
            }
        };
    }

    private void decide(Turn turn, Runnable finish) {
        try {
            if (!running || !current.test(turn)) {
                dropped.increment();
                finish.run();
                return;
            }
            long t0 = System.nanoTime();
            Daily daily = turn.rules().daily();
            // a daily game's bots answer the same position the same way for every player (docs/daily.md)
            Policy policy = daily != null ? DailyBots.policy(turn.level(), turn.rules())
                    : Policies.forLevel(turn.level(), turn.rules());
            Move move;
            live.begin();
            try {
                move = policy.choose(turn.view(), daily != null ? DailyBots.random(daily, dailySecret, turn.view())
                        : new SplittableRandom());
            } finally {
                live.end();
            }
            Timer.builder("durak.bot.decision").description("Time a policy took to choose a move")
                    .tag("level", turn.level().name()).publishPercentiles(0.5, 0.95, 0.99).register(registry)
                    .record(System.nanoTime() - t0, TimeUnit.NANOSECONDS);
            if (!turn.view().legalMoves().contains(move)) {
                throw new IllegalStateException("the " + turn.level() + " policy chose " + move
                        + ", which is not a legal move");
            }
            CommandMessage command = new CommandMessage(turn.commandId(), turn.tableId(), turn.playerId(),
                    turn.name(), new CommandMessage.Play(move), turn.byComputer());
            send(turn, command, 1, finish);
        } catch (RuntimeException e) {
            failed.increment();
            LOG.warnf(e, "table %s: no move for seat %d (%s %s)", turn.tableId(), turn.seat(), turn.kind(),
                    turn.level());
            finish.run();
        }
    }

    private void send(Turn turn, CommandMessage command, int attempt, Runnable finish) {
        if (!running || !current.test(turn)) {
            dropped.increment();
            finish.run();
            return;
        }
        CompletableFuture<Void> sent;
        try {
            sent = sink.send(command);
        } catch (RuntimeException e) {
            sent = CompletableFuture.failedFuture(e);
        }
        sent.whenComplete((ok, e) -> {
            if (e == null) {
                Counter.builder("durak.bot.moves").description("Moves sent, by policy level and for whom")
                        .tag("level", turn.level().name()).tag("for", turn.kind()).register(registry).increment();
                LOG.debugf("table %s: seat %d plays %s (%s)", turn.tableId(), turn.seat(), command.payload(),
                        command.commandId());
                finish.run();
                return;
            }
            if (attempt < attempts && running) {
                LOG.warnf("table %s: command %s could not be sent (attempt %d of %d): %s; trying again in %d ms",
                        turn.tableId(), command.commandId(), attempt, attempts, e.getMessage(), retryBackoff.toMillis());
                try {
                    workers.schedule(() -> send(turn, command, attempt + 1, finish), retryBackoff.toMillis(),
                            TimeUnit.MILLISECONDS);
                    return;
                } catch (RejectedExecutionException r) {
                    // stopping
                }
            } else {
                LOG.warnf("table %s: command %s could not be sent; gave up after %d attempt(s): %s", turn.tableId(),
                        command.commandId(), attempt, e.getMessage());
            }
            failed.increment();
            finish.run();
        });
    }

    /** Turns handed over and not yet finished. */
    public int inFlight() {
        return inFlight.get();
    }

    /** Stops taking turns: turns waiting for their think time are dropped, decisions under way may finish. */
    @Override
    public void close() {
        running = false;
        workers.shutdown();
        try {
            if (!workers.awaitTermination(5, TimeUnit.SECONDS)) {
                workers.shutdownNow();
            }
        } catch (InterruptedException e) {
            workers.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
