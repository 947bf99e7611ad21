package online.durak.bot;

import static io.restassured.RestAssured.given;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import online.durak.messages.Codec;
import online.durak.messages.CommandMessage;
import online.durak.messages.EventMessage;
import online.durak.messages.ReplyMessage;
import online.durak.testkit.TestInfra;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import online.durak.testkit.Management;

/**
 * The test's side of the (test) topics with plain clients: publishing table events as the rules service does,
 * and reading the commands the bots send, from the end of the topic as it was when the bus was made.
 */
public final class Bus implements AutoCloseable {
    static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final KafkaProducer<String, byte[]> producer;
    private final KafkaConsumer<String, byte[]> commands;
    private final Map<String, List<CommandMessage>> byTable = new HashMap<>();
    private final Map<String, List<String>> keys = new HashMap<>();

    public Bus() {
        String bootstrap = TestInfra.shared().bootstrapServers();
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        producer = new KafkaProducer<>(p);
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        c.put(ConsumerConfig.GROUP_ID_CONFIG, "bot-test-" + UUID.randomUUID());
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        commands = new KafkaConsumer<>(c);
        List<TopicPartition> parts = commands.partitionsFor(BotTopics.COMMANDS).stream()
                .map(i -> new TopicPartition(BotTopics.COMMANDS, i.partition())).toList();
        commands.assign(parts);
        commands.seekToEnd(parts);
        parts.forEach(commands::position); // fix the start now, before anything is sent
    }

    /** Waits until readiness is UP: the consumer has joined its group and has its partitions. */
    public static void awaitReady() {
        long deadline = System.currentTimeMillis() + 90_000;
        while (System.currentTimeMillis() < deadline) {
            if (Management.given().get("/q/health/ready").statusCode() == 200) {
                return;
            }
            sleep(200);
        }
        throw new AssertionError("not ready within 90 s: " + Management.given().get("/q/health/ready").asString());
    }

    /** Publishes events to the events topic, keyed by table id, waiting for the broker's acks. */
    public void publish(List<EventMessage> events) {
        try {
            for (EventMessage m : events) {
                producer.send(new ProducerRecord<>(BotTopics.EVENTS, m.tableId(), Codec.toBytes(m)))
                        .get(10, TimeUnit.SECONDS);
            }
        } catch (Exception e) {
            throw new IllegalStateException("publishing failed", e);
        }
    }

    /** Publishes a reply to the replies topic, as the rules service does. */
    public void reply(ReplyMessage m) {
        try {
            producer.send(new ProducerRecord<>(BotTopics.REPLIES, m.tableId(), Codec.toBytes(m))).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("publishing failed", e);
        }
    }

    /** The first command for a table, waiting for it. */
    public CommandMessage awaitCommand(String tableId) {
        return awaitCommands(tableId, 1).get(0);
    }

    /** At least {@code n} commands for a table, waiting for them. */
    public List<CommandMessage> awaitCommands(String tableId, int n) {
        long end = System.nanoTime() + TIMEOUT.toNanos();
        while (byTable.getOrDefault(tableId, List.of()).size() < n) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out waiting for " + n + " command(s) for " + tableId + "; got "
                        + byTable.getOrDefault(tableId, List.of()));
            }
            pollOnce();
        }
        return List.copyOf(byTable.get(tableId));
    }

    /** The commands for a table seen within {@code wait}. */
    public List<CommandMessage> commandsWithin(String tableId, Duration wait) {
        long end = System.nanoTime() + wait.toNanos();
        while (System.nanoTime() < end) {
            pollOnce();
        }
        return List.copyOf(byTable.getOrDefault(tableId, List.of()));
    }

    /** The record keys of a table's commands. */
    public List<String> keysOf(String tableId) {
        return List.copyOf(keys.getOrDefault(tableId, List.of()));
    }

    private void pollOnce() {
        for (ConsumerRecord<String, byte[]> r : commands.poll(Duration.ofMillis(100))) {
            CommandMessage m = Codec.readCommandMessage(r.value());
            byTable.computeIfAbsent(m.tableId(), k -> new ArrayList<>()).add(m);
            keys.computeIfAbsent(m.tableId(), k -> new ArrayList<>()).add(r.key());
        }
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(2));
        commands.close();
    }
}
