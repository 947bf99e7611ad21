package online.durak.bot;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** The bot service's own settings ({@code durak.bot.*}). */
@ConfigMapping(prefix = "durak.bot")
public interface BotConfig {

    /**
     * How long a bot "thinks" before its move is sent (env {@code DURAK_BOT_THINK}); 0 in tests. A timed-out
     * player's move, played by the computer, is sent without it: that player has waited long enough.
     */
    @WithDefault("700ms")
    Duration think();

    /**
     * Whether a solo table's tempo (FAST 250 ms, NORMAL 700 ms, SLOW 1500 ms, chosen by its person) replaces
     * {@link #think} at that table (env {@code DURAK_BOT_TEMPO}); off in tests and on test systems, where no bot
     * thinks.
     */
    @WithDefault("true")
    boolean tempo();

    /** Threads that choose moves (the search of STRONG takes up to ~150 ms of one core). */
    @WithDefault("2")
    int workers();

    /**
     * Tables that have waited longer than this for their move (by the time of the event that asked for it) get
     * none: for test systems whose broker holds old, abandoned tables (env {@code DURAK_BOT_MAX_AGE}). Unset in
     * production, where a table waits for its bot however long this service was away.
     */
    java.util.Optional<Duration> maxAge();

    /** How often a send that failed is tried again, and how many times, while the table still waits for it. */
    @WithDefault("2s")
    Duration retryBackoff();

    @WithDefault("5")
    int sendAttempts();

    /** Tables that need no bot (finished, or without bots and clock) remembered so that their events are skipped. */
    @WithDefault("100000")
    int closedTablesRemembered();

    /** Hints computed at the same time; a request waits up to {@code hint-wait} for a turn, else 503 BUSY. */
    @WithDefault("2")
    int hintConcurrency();

    @WithDefault("2s")
    Duration hintWait();
}
