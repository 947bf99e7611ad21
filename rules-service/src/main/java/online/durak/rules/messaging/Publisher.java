package online.durak.rules.messaging;

import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import online.durak.messages.Codec;
import online.durak.messages.CommandMessage;
import online.durak.messages.EventMessage;
import online.durak.messages.RecordHeaders;
import online.durak.messages.ReplyMessage;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.utils.Utils;
import online.durak.service.kafka.KafkaClients;
import online.durak.service.kafka.KafkaConfig;

/**
 * Sends events to {@code durak.table-events}, replies to {@code durak.replies} and the clock's commands to
 * {@code durak.commands}, keyed by table id, with the {@link RecordHeaders} that let consumers pass over records, and
 * waits until the broker has them (idempotent producer, acks=all), so a caller marks events published only
 * once they are.
 */
@ApplicationScoped
public class Publisher {

    static final long SEND_TIMEOUT_SECONDS = 30;

    private final Producer<String, byte[]> producer;
    private final KafkaConfig.Topics topics;
    private volatile int commandPartitions;

    public Publisher(KafkaClients kafka) {
        this.producer = kafka.producer("events");
        this.topics = kafka.topics();
    }

    /** Sends a table's events in order, then waits for every one. */
    public void publishEvents(List<EventMessage> events) {
        publish(events, null);
    }

    /**
     * Sends the outcomes of one or more commands (one group commit), each accepted one's events before its reply,
     * which carries them, in their order, and waits for all at once: one wait for the broker on the path of a move.
     * Each event becomes JSON once, for its own record and for the reply.
     */
    public void publishAll(List<ReplyMessage> replies) {
        List<Future<RecordMetadata>> sent = new ArrayList<>();
        for (ReplyMessage reply : replies) {
            send(reply.events(), reply, sent);
        }
        await(sent);
    }

    /** {@code reply} is null, or the reply whose events are {@code events}. */
    private void publish(List<EventMessage> events, ReplyMessage reply) {
        if (events.isEmpty() && reply == null) {
            return;
        }
        List<Future<RecordMetadata>> sent = new ArrayList<>(events.size() + 1);
        send(events, reply, sent);
        await(sent);
    }

    private void send(List<EventMessage> events, ReplyMessage reply, List<Future<RecordMetadata>> sent) {
        List<ObjectNode> nodes = new ArrayList<>(events.size());
        for (EventMessage e : events) {
            ObjectNode node = Codec.toNode(e);
            nodes.add(node);
            ProducerRecord<String, byte[]> r = new ProducerRecord<>(topics.tableEvents(), e.tableId(),
                Codec.writeBytes(node));
            r.headers().add(RecordHeaders.SEQ, RecordHeaders.seq(e.seq()));
            r.headers().add(RecordHeaders.EVENT_TYPE, RecordHeaders.text(e.event().type()));
            sent.add(producer.send(r));
        }
        if (reply != null) {
            sent.add(producer.send(replyRecord(reply, Codec.toNode(reply, nodes))));
        }
    }

    /** A reply without events (a rejection, or a repeated command answered again). */
    public void publishReply(ReplyMessage reply) {
        await(List.of(producer.send(replyRecord(reply, Codec.toNode(reply)))));
    }

    private ProducerRecord<String, byte[]> replyRecord(ReplyMessage reply, ObjectNode json) {
        ProducerRecord<String, byte[]> r = new ProducerRecord<>(topics.replies(), reply.tableId(),
            Codec.writeBytes(json));
        r.headers().add(RecordHeaders.COMMAND_ID, RecordHeaders.text(reply.commandId()));
        r.headers().add(RecordHeaders.ACCEPTED, RecordHeaders.accepted(reply.accepted()));
        return r;
    }

    /**
     * Sends a command of this service's own (the clock's) to {@code durak.commands}, keyed by its table, so it
     * reaches the table's single writer behind the commands already there; waits until the broker has it.
     */
    public void publishCommand(CommandMessage command) {
        await(List.of(producer.send(new ProducerRecord<>(topics.commands(), command.tableId(),
            Codec.toBytes(command)))));
    }

    /** The partition of {@code durak.commands} that a table's commands arrive on (the default partitioner). */
    public int commandPartition(String tableId) {
        int n = commandPartitions;
        if (n == 0) {
            List<PartitionInfo> info = producer.partitionsFor(topics.commands());
            n = info.size();
            commandPartitions = n;
        }
        return partitionOf(tableId, n);
    }

    static int partitionOf(String key, int partitions) {
        return Utils.toPositive(Utils.murmur2(key.getBytes(java.nio.charset.StandardCharsets.UTF_8))) % partitions;
    }

    private static void await(List<Future<RecordMetadata>> sent) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SEND_TIMEOUT_SECONDS);
        for (Future<RecordMetadata> f : sent) {
            try {
                f.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (ExecutionException e) {
                throw new PublishException("send failed: " + e.getCause(), e.getCause());
            } catch (TimeoutException e) {
                throw new PublishException("send not acknowledged within " + SEND_TIMEOUT_SECONDS + " s", e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new PublishException("interrupted while sending", e);
            }
        }
    }

    @PreDestroy
    void close() {
        producer.close(Duration.ofSeconds(5));
    }

    /** A record could not be published; the caller tries again later (the store keeps it unpublished). */
    public static final class PublishException extends RuntimeException {
        public PublishException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
