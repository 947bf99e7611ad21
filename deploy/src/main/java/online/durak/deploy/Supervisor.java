package online.durak.deploy;

import java.time.Duration;
import java.time.Instant;
import java.util.OptionalInt;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Keeps one process running on one machine: when it ends on its own, it is started again by its {@link Target}
 * (the same command, port and environment) after the {@link RestartPolicy}'s delay, until the policy's limit;
 * then it stays down and {@code onGiveUp} runs. Each step is one line on {@code console}:
 *
 * <pre>
 * rules-service exited with code 137; restarting (restart 1 of 5 in 10 min) in 1 s
 * rules-service ready again on port 8081 (pid 4242) after restart 1
 * rules-service exited with code 1; restarted 5 times in 10 min already: giving up, it stays down
 * </pre>
 *
 * A start that fails (the target throws) counts as one more end. After {@link #stop()} nothing is started any more,
 * and ends are expected (the owner stops the process itself).
 */
public final class Supervisor {

    /** What is kept running. */
    public interface Target {
        /** Starts it (again) and waits until it is ready; throws when it did not come up. */
        Run start() throws Exception;
    }

    /**
     * One run of the process: where it is (for the console, e.g. {@code on port 8081 (pid 4242)}) and its end, with
     * the exit code when it is known (a child process) or empty (e.g. the postmaster, which is not a child).
     */
    public record Run(String where, CompletionStage<OptionalInt> end) {

        /** A child process: its end is its exit code. */
        public static Run of(String where, Process p) {
            return new Run(where, p.onExit().thenApply(x -> OptionalInt.of(x.exitValue())));
        }
    }

    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "durak-supervisor");
        t.setDaemon(true);
        return t;
    });

    private final String name;
    private final Target target;
    private final RestartPolicy policy;
    private final RestartPolicy.History history;
    private final Consumer<String> console;
    private final Runnable onGiveUp;
    private boolean stopped;
    private boolean gaveUp;
    private ScheduledFuture<?> pending;

    /**
     * @param console  where each restart is told (one line each)
     * @param onGiveUp runs once when the limit is reached (the process stays down)
     */
    public Supervisor(String name, Target target, RestartPolicy policy, Consumer<String> console, Runnable onGiveUp) {
        this.name = name;
        this.target = target;
        this.policy = policy;
        this.history = policy.history();
        this.console = console;
        this.onGiveUp = onGiveUp;
    }

    /** Follows a run started by the owner; its end (unless after {@link #stop()}) leads to a restart. */
    public Supervisor supervise(Run run) {
        run.end().whenComplete((code, error) -> ended(code == null ? OptionalInt.empty() : code, null));
        return this;
    }

    /** No more restarts (a pending one is called off); from now on the process may end. Idempotent. */
    public synchronized void stop() {
        stopped = true;
        if (pending != null) {
            pending.cancel(false);
        }
    }

    public synchronized boolean isStopped() {
        return stopped;
    }

    /** Whether the limit was reached and the process left down. */
    public synchronized boolean gaveUp() {
        return gaveUp;
    }

    /** Restarts so far. */
    public synchronized int restarts() {
        return history.total();
    }

    public String name() {
        return name;
    }

    /** The process ended (exit code when known), or a restart failed ({@code failure}). */
    private void ended(OptionalInt code, String failure) {
        String what = failure != null ? "did not start again (" + failure + ")"
            : code.isPresent() ? "exited with code " + code.getAsInt() : "ended";
        RestartPolicy.Decision d;
        synchronized (this) {
            if (stopped) {
                return;
            }
            d = history.next(Instant.now());
            if (!d.restart()) {
                gaveUp = true;
            } else {
                pending = TIMER.schedule(() -> restart(d.number()), d.delay().toMillis(), TimeUnit.MILLISECONDS);
            }
        }
        if (!d.restart()) {
            console.accept(name + " " + what + "; " + (policy.maxRestarts() == 0 ? "not restarted (restarts are off)"
                : "restarted " + (d.number() - 1) + (d.number() == 2 ? " time" : " times") + " in "
                + RestartPolicy.human(policy.window())
                + " already: giving up, it stays down"));
            onGiveUp.run();
            return;
        }
        console.accept(name + " " + what + "; restarting (restart " + d.number() + " of " + policy.maxRestarts()
            + " in " + RestartPolicy.human(policy.window()) + ") in " + RestartPolicy.human(d.delay()));
    }

    private void restart(int number) {
        synchronized (this) {
            if (stopped) {
                return;
            }
        }
        long t0 = System.nanoTime();
        Run run;
        try {
            run = target.start();
        } catch (Exception e) {
            if (!isStopped()) {
                ended(OptionalInt.empty(), firstLine(e));
            }
            return;
        }
        if (isStopped()) {
            return; // the owner stops what the target started
        }
        console.accept(name + " ready again " + run.where() + " after restart " + number + " ("
            + RestartPolicy.human(Duration.ofNanos(System.nanoTime() - t0)) + ")");
        supervise(run);
    }

    private static String firstLine(Throwable e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
