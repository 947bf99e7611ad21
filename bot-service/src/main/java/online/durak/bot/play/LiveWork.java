package online.durak.bot.play;

import jakarta.inject.Singleton;

/**
 * The searches people are waiting for (a bot's move, a hint) that run now: background work (the analysis of a
 * finished match) waits until there are none before each step, so live bots always go first whatever the threads'
 * priorities (which Linux ignores for Java threads by default). One per service (a CDI singleton; tests make their own).
 */
@Singleton
public class LiveWork {
    private int running;

    /** A live search starts; {@link #end} must follow. */
    public synchronized void begin() {
        running++;
    }

    public synchronized void end() {
        running--;
        if (running == 0) {
            notifyAll();
        }
    }

    /** Waits until no live search runs. */
    public synchronized void awaitIdle() throws InterruptedException {
        while (running > 0) {
            wait();
        }
    }
}
