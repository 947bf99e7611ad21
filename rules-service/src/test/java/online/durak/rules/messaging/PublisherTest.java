package online.durak.rules.messaging;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.junit.jupiter.api.Test;

class PublisherTest {

    /** The relay's idea of a table's partition is the producer's (and the table service's) default. */
    @Test
    void aTablesPartitionIsTheDefaultPartitionersForItsKey() {
        for (int i = 0; i < 500; i++) {
            String key = "t-" + i * 7919;
            for (int n : new int[] {1, 3, 12}) {
                assertEquals(BuiltInPartitioner.partitionForKey(key.getBytes(StandardCharsets.UTF_8), n),
                    Publisher.partitionOf(key, n));
            }
        }
    }
}
