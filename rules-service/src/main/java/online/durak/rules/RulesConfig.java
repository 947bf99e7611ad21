package online.durak.rules;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** The rules service's own settings ({@code durak.rules.*}). */
@ConfigMapping(prefix = "durak.rules")
public interface RulesConfig {

    /** Consumer group on {@code durak.commands}; every instance of the service shares it. */
    @WithDefault("rules-service")
    String group();

    /**
     * Where a group without committed offsets starts: {@code earliest} (the service: no command is lost), or
     * {@code latest} (tests, whose unique group must not replay the shared broker's history).
     */
    @WithDefault("earliest")
    String offsetReset();

    /** Consumer threads of this instance (each its own consumer in the group, its own partitions). */
    @WithDefault("1")
    int consumers();

    /** Tables kept in memory; past that some are dropped and rebuilt from the store when needed. */
    @WithDefault("10000")
    int cacheMaxTables();

    /** Pause before a command whose store or broker call failed is tried again. */
    @WithDefault("1s")
    Duration retryBackoff();

    /** How often the outbox relay runs (read by its {@code @Scheduled}). */
    @WithDefault("2s")
    Duration relayEvery();

    /** The outbox relay republishes events left unpublished for longer than this. */
    @WithDefault("5s")
    Duration relayMinAge();

    /** Events the relay takes per run. */
    @WithDefault("500")
    int relayBatch();
}
