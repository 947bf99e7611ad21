package online.durak.service.kafka;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithDefaults;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Topics, groups and client settings of every service ({@code durak.kafka.*}); the broker and any other client
 * property come from {@code kafka.*} (env {@code DURAK_KAFKA} for {@code kafka.bootstrap.servers}).
 */
@ConfigMapping(prefix = "durak.kafka")
public interface KafkaConfig {

    /** This service's name in client and group ids. */
    @WithDefault("${quarkus.application.name}")
    String service();

    /** This instance's name in the ids of its own groups; random when unset or blank. */
    Optional<String> instanceId();

    Topics topics();

    Producer producer();

    /** The consumers by name ({@code durak.kafka.consumers.<name>.*}); an unnamed one gets the defaults. */
    @WithDefaults
    Map<String, Consumer> consumers();

    /** The topics of docs/spine.md. */
    interface Topics {
        @WithDefault("durak.commands")
        String commands();

        @WithDefault("durak.table-events")
        String tableEvents();

        @WithDefault("durak.replies")
        String replies();
    }

    interface Producer {
        /** How long a send may wait for metadata or buffer space before it fails. */
        @WithDefault("10s")
        Duration maxBlock();
    }

    interface Consumer {
        /**
         * A group that every instance shares (partitions split between them, offsets committed); absent: a group of
         * this instance's own that reads every partition from the end and commits nothing.
         */
        Optional<String> group();

        /** Where a shared group without committed offsets starts ({@code earliest}; tests {@code latest}). */
        @WithDefault("earliest")
        String offsetReset();

        /** Consumer threads of this instance, each its own member of the group with its own partitions. */
        @WithDefault("1")
        int threads();

        /**
         * How often handled offsets are committed (asynchronously; at once and waited for when a partition is given
         * up or the consumer stops). Handling is idempotent, so a crash only repeats what came since.
         */
        @WithDefault("1s")
        Duration commitInterval();

        /** Pause before a record whose handling failed is read again (and before a failed consumer restarts). */
        @WithDefault("1s")
        Duration retryBackoff();

        @WithDefault("500")
        int maxPollRecords();

        /** Unset: the client's default (answer a fetch as soon as there is a byte). */
        OptionalInt fetchMinBytes();

        Optional<Duration> fetchMaxWait();
    }
}
