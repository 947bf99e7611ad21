package online.durak.table.it;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import online.durak.messages.Codec;
import online.durak.messages.EventMessage;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.ConfigProvider;

/** Plain Kafka clients for the tests: publishing records and reading a topic from its end. */
public final class Kafka {
    private Kafka() {
    }

    static String bootstrap() {
        return ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class);
    }

    public static KafkaProducer<String, byte[]> producer() {
        return new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName(),
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName(),
                ProducerConfig.ACKS_CONFIG, "all"));
    }

    /** Publishes events to durak.table-events, keyed by table id, and waits for the broker's acks. */
    public static void publish(KafkaProducer<String, byte[]> producer, List<EventMessage> events) {
        try {
            for (EventMessage m : events) {
                producer.send(new org.apache.kafka.clients.producer.ProducerRecord<>("durak.table-events", m.tableId(),
                        Codec.toBytes(m))).get(10, TimeUnit.SECONDS);
            }
        } catch (Exception e) {
            throw new IllegalStateException("publishing failed", e);
        }
    }

    /** Reads a topic from its end on a thread of its own, handing every record to {@code handler}. */
    public static final class Reader implements AutoCloseable {
        private final KafkaConsumer<String, byte[]> consumer;
        private final Thread thread;
        private volatile boolean running = true;
        private volatile boolean assigned;
        final List<ConsumerRecord<String, byte[]>> records = new CopyOnWriteArrayList<>();

        public Reader(String topic, Consumer<ConsumerRecord<String, byte[]>> handler) {
            consumer = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap(),
                    ConsumerConfig.GROUP_ID_CONFIG, "table-service-test-" + UUID.randomUUID(),
                    ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest",
                    ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                    ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName(),
                    ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName()));
            thread = new Thread(() -> {
                try {
                    consumer.subscribe(List.of(topic), new ConsumerRebalanceListener() {
                        @Override
                        public void onPartitionsRevoked(java.util.Collection<TopicPartition> parts) {
                        }

                        @Override
                        public void onPartitionsAssigned(java.util.Collection<TopicPartition> parts) {
                            parts.forEach(consumer::position);
                            assigned = true;
                        }
                    });
                    while (running) {
                        for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                            records.add(r);
                            if (handler != null) {
                                handler.accept(r);
                            }
                        }
                    }
                } catch (WakeupException e) {
                    // closing
                } finally {
                    consumer.close();
                }
            }, "test-reader-" + topic);
            thread.setDaemon(true);
            thread.start();
            long deadline = System.currentTimeMillis() + 30_000;
            while (!assigned && System.currentTimeMillis() < deadline) {
                sleep(50);
            }
            if (!assigned) {
                throw new IllegalStateException("no partitions of " + topic + " were assigned in 30 s");
            }
        }

        public List<ConsumerRecord<String, byte[]>> records() {
            return new ArrayList<>(records);
        }

        @Override
        public void close() {
            running = false;
            consumer.wakeup();
            try {
                thread.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
