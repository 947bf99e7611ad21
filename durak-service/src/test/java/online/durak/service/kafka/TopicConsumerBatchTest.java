package online.durak.service.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import online.durak.testkit.TestInfra;
import org.junit.jupiter.api.Test;

/**
 * A {@link TopicConsumer.BatchHandler} against the test run's real broker: the records of a poll come together, each
 * partition in order; a batch that throws is read again whole, and nothing is lost or handled twice once it
 * succeeds.
 */
class TopicConsumerBatchTest {

    record Config(Optional<String> group) implements KafkaConfig.Consumer {
        public String offsetReset() {
            return "earliest";
        }

        public int threads() {
            return 1;
        }

        public Duration commitInterval() {
            return Duration.ofMillis(200);
        }

        public Duration retryBackoff() {
            return Duration.ofMillis(200);
        }

        public int maxPollRecords() {
            return 500;
        }

        public OptionalInt fetchMinBytes() {
            return OptionalInt.empty();
        }

        public Optional<Duration> fetchMaxWait() {
            return Optional.empty();
        }
    }

    @Test
    void aPollsRecordsComeTogether_andABatchThatFailsIsReadAgainWhole() throws Exception {
        String bootstrap = TestInfra.shared().bootstrapServers();
        String topic = "batch-test-" + UUID.randomUUID();
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            admin.createTopics(List.of(new NewTopic(topic, 2, (short) 1))).all().get(30, TimeUnit.SECONDS);
        }
        int n = 40;
        Map<String, Object> p = new HashMap<>();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(p)) {
            for (int i = 0; i < n; i++) { // all in the log before the consumer starts: its first poll finds many
                producer.send(new ProducerRecord<>(topic, "key-" + (i % 5), ("" + i).getBytes())).get();
            }
        }

        List<List<ConsumerRecord<String, byte[]>>> calls = new CopyOnWriteArrayList<>();
        List<ConsumerRecord<String, byte[]>> handled = new CopyOnWriteArrayList<>();
        TopicConsumer.BatchHandler handler = new TopicConsumer.BatchHandler() {
            @Override
            public void handleAll(List<ConsumerRecord<String, byte[]>> records, TopicConsumer.Holds holds) {
                calls.add(List.copyOf(records));
                if (calls.size() == 1) {
                    throw new IllegalStateException("the store is down");
                }
                handled.addAll(records);
            }

            @Override
            public void handle(ConsumerRecord<String, byte[]> record, TopicConsumer.Holds holds) {
                calls.add(List.of(record));
                handled.add(record);
            }
        };
        Config config = new Config(Optional.of("batch-test-" + UUID.randomUUID()));
        TopicConsumer consumer = new TopicConsumer("batch", topic, config, index -> {
            Map<String, Object> m = new HashMap<>();
            m.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
            m.put(ConsumerConfig.GROUP_ID_CONFIG, config.group().get());
            m.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
            m.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
            m.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
            m.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
            return m;
        }, handler, new SimpleMeterRegistry());
        consumer.start();
        try {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (handled.size() < n && System.nanoTime() < until) {
                Thread.sleep(50);
            }
            Thread.sleep(500); // anything handled twice would show now
        } finally {
            consumer.stop();
        }

        List<ConsumerRecord<String, byte[]>> failed = calls.get(0);
        assertTrue(failed.size() > 1, "the first poll's records came together: " + failed.size());
        // read again whole: every record of the failed batch was handled afterwards
        List<String> again = handled.stream().map(TopicConsumerBatchTest::id).toList();
        failed.forEach(r -> assertTrue(again.contains(id(r)), "read again: " + id(r)));
        // every record once, and each partition's in order
        assertEquals(n, handled.size(), "every record handled once");
        assertEquals(n, handled.stream().map(TopicConsumerBatchTest::id).distinct().count());
        for (int partition = 0; partition < 2; partition++) {
            List<Long> offsets = new ArrayList<>();
            for (ConsumerRecord<String, byte[]> r : handled) {
                if (r.partition() == partition) {
                    offsets.add(r.offset());
                }
            }
            for (int i = 1; i < offsets.size(); i++) {
                assertEquals(offsets.get(i - 1) + 1, offsets.get(i), "partition " + partition + " in order");
            }
        }
    }

    private static String id(ConsumerRecord<?, ?> r) {
        return r.partition() + "@" + r.offset();
    }
}
