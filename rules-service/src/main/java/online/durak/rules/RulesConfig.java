package online.durak.rules;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** The rules service's own settings ({@code durak.rules.*}). */
@ConfigMapping(prefix = "durak.rules")
public interface RulesConfig {

    /** Tables kept in memory; past that some are dropped and rebuilt from the store when needed. */
    @WithDefault("10000")
    int cacheMaxTables();

    /** How often the outbox relay runs (read by its {@code @Scheduled}). */
    @WithDefault("2s")
    Duration relayEvery();

    /** The outbox relay republishes events left unpublished for longer than this. */
    @WithDefault("5s")
    Duration relayMinAge();

    /** Events the relay takes per run. */
    @WithDefault("500")
    int relayBatch();

    /**
     * The clocks ({@code durak.clock.*}, docs/spine.md "The clocks"): the scheduler looks at every cached table of this
     * instance's partitions every {@code tick} and sends the table a clock command when a deadline has passed.
     */
    @ConfigMapping(prefix = "durak.clock")
    interface Clock {

        /** The grace after a turn clock runs out (rules.md §8: 10 s; env {@code DURAK_CLOCK_GRACE}). */
        @WithDefault("10s")
        Duration grace();

        /**
         * How often the scheduler looks at the clocks. Quarkus' simple scheduler checks its triggers once a
         * second and does not honour an {@code every} below 1 s, so 1 s is also the finest tick.
         */
        @WithDefault("1s")
        Duration tick();

        /** A clock command still due after this long (lost, or refused) is sent again, under a new id. */
        @WithDefault("10s")
        Duration resendAfter();

        /**
         * A table whose match has not started this long after it was created is closed and leaves the lobby; its
         * seated players see the {@code TableClosed} event (env {@code DURAK_LOBBY_EXPIRY}).
         */
        @WithDefault("30m")
        Duration lobbyExpiry();
    }
}
