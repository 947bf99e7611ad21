package online.durak.rules;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Predicate;
import online.durak.messages.Codec;
import online.durak.messages.CommandMessage;
import online.durak.messages.EventMessage;
import online.durak.messages.RecordHeaders;
import online.durak.messages.ReplyMessage;
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

/**
 * The test's side of the topics, with plain clients: a producer for {@code durak.commands}, and consumers of
 * {@code durak.replies} and {@code durak.table-events} (each its own unique group, every partition assigned and
 * read from the end as it was when the bus was made, so only this run's records are seen).
 */
public final class Bus implements AutoCloseable {

    public static final String COMMANDS = "durak.commands";
    public static final String REPLIES = "durak.replies";
    public static final String EVENTS = "durak.table-events";
    static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final KafkaProducer<String, byte[]> producer;
    private final KafkaConsumer<String, byte[]> replies;
    private final KafkaConsumer<String, byte[]> events;
    private final Map<String, List<ReplyMessage>> repliesById = new HashMap<>();
    private final Map<String, List<EventMessage>> eventsByTable = new HashMap<>();

    public Bus(String bootstrapServers) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        producer = new KafkaProducer<>(p);
        replies = consumer(bootstrapServers, REPLIES);
        events = consumer(bootstrapServers, EVENTS);
    }

    private static KafkaConsumer<String, byte[]> consumer(String bootstrapServers, String topic) {
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        c.put(ConsumerConfig.GROUP_ID_CONFIG, "rules-test-" + UUID.randomUUID());
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(c);
        List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
            .map(i -> new TopicPartition(topic, i.partition())).toList();
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position); // fix the start now, before anything is sent
        return consumer;
    }

    /** How many partitions {@code durak.commands} has. */
    public int commandPartitions() {
        return producer.partitionsFor(COMMANDS).size();
    }

    /** The service under test has its own group: waits until it owns every partition (at once after the first). */
    public void awaitOwnedByService(online.durak.rules.messaging.Assignment assignment) throws InterruptedException {
        int partitions = commandPartitions();
        long end = System.nanoTime() + java.time.Duration.ofSeconds(60).toNanos();
        while (assignment.partitions().size() < partitions) {
            org.junit.jupiter.api.Assertions.assertTrue(System.nanoTime() < end,
                "the service owns only " + assignment.partitions());
            Thread.sleep(50);
        }
    }

    /** Sends a command; where it was written. */
    public org.apache.kafka.clients.producer.RecordMetadata send(CommandMessage command) {
        return sendRaw(command.tableId(), Codec.toBytes(command));
    }

    public org.apache.kafka.clients.producer.RecordMetadata sendRaw(String key, byte[] value) {
        try {
            return producer.send(new ProducerRecord<>(COMMANDS, key, value)).get();
        } catch (Exception e) {
            throw new IllegalStateException("could not send a command", e);
        }
    }

    public void sendRaw(String key, String json) {
        sendRaw(key, json.getBytes(StandardCharsets.UTF_8));
    }

    /** Sends and waits for the reply. */
    public ReplyMessage call(CommandMessage command) {
        send(command);
        return awaitReply(command.commandId());
    }

    /** The first reply to a command, waiting for it. */
    public ReplyMessage awaitReply(String commandId) {
        return awaitReplies(commandId, 1).get(0);
    }

    /** At least {@code n} replies to a command, waiting for them. */
    public List<ReplyMessage> awaitReplies(String commandId, int n) {
        pollUntil(() -> repliesById.getOrDefault(commandId, List.of()).size() >= n, "reply to " + commandId);
        return List.copyOf(repliesById.get(commandId));
    }

    /** Replies seen so far for a command (after reading what has arrived). */
    public List<ReplyMessage> repliesSoFar(String commandId, Duration wait) {
        long end = System.nanoTime() + wait.toNanos();
        while (System.nanoTime() < end) {
            pollOnce();
        }
        return List.copyOf(repliesById.getOrDefault(commandId, List.of()));
    }

    /** Every event of a table seen so far, in arrival order (duplicates included). */
    public List<EventMessage> eventsOf(String tableId) {
        pollOnce();
        return List.copyOf(eventsByTable.getOrDefault(tableId, List.of()));
    }

    /** Waits until an event with {@code seq >= upTo} of the table has arrived; returns all of the table's. */
    public List<EventMessage> awaitEvents(String tableId, long upTo) {
        return awaitEvents(tableId, list -> list.stream().anyMatch(e -> e.seq() >= upTo), "events of " + tableId
            + " up to " + upTo);
    }

    public List<EventMessage> awaitEvents(String tableId, Predicate<List<EventMessage>> done, String what) {
        pollUntil(() -> done.test(eventsByTable.getOrDefault(tableId, List.of())), what);
        return List.copyOf(eventsByTable.get(tableId));
    }

    private void pollUntil(java.util.function.BooleanSupplier done, String what) {
        long end = System.nanoTime() + TIMEOUT.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out waiting for " + what);
            }
            pollOnce();
        }
    }

    private void pollOnce() {
        for (ConsumerRecord<String, byte[]> r : replies.poll(Duration.ofMillis(50))) {
            ReplyMessage m = Codec.readReplyMessage(r.value());
            if (!m.tableId().equals(r.key())) {
                throw new AssertionError("reply keyed " + r.key() + " for table " + m.tableId());
            }
            // the headers that let consumers pass over a record say what its JSON says
            if (!m.commandId().equals(RecordHeaders.text(header(r, RecordHeaders.COMMAND_ID)))
                || !Boolean.valueOf(m.accepted()).equals(RecordHeaders.accepted(header(r, RecordHeaders.ACCEPTED)))) {
                throw new AssertionError("reply " + m + " has headers " + r.headers());
            }
            repliesById.computeIfAbsent(m.commandId(), k -> new ArrayList<>()).add(m);
        }
        for (ConsumerRecord<String, byte[]> r : events.poll(Duration.ofMillis(50))) {
            EventMessage m = Codec.readEventMessage(r.value());
            if (!m.tableId().equals(r.key())) {
                throw new AssertionError("event keyed " + r.key() + " for table " + m.tableId());
            }
            if (m.seq() != RecordHeaders.seq(header(r, RecordHeaders.SEQ))) {
                throw new AssertionError("event " + m.tableId() + "#" + m.seq() + " has headers " + r.headers());
            }
            eventsByTable.computeIfAbsent(m.tableId(), k -> new ArrayList<>()).add(m);
        }
    }

    private static byte[] header(ConsumerRecord<String, byte[]> r, String name) {
        org.apache.kafka.common.header.Header h = r.headers().lastHeader(name);
        return h == null ? null : h.value();
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(2));
        replies.close();
        events.close();
    }
}
