package online.durak.matchmaking.messaging;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import online.durak.messages.Codec;
import online.durak.messages.CommandMessage;
import online.durak.messages.RecordHeaders;
import online.durak.messages.ReplyMessage;
import online.durak.service.kafka.KafkaClients;
import online.durak.service.kafka.TopicConsumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Commands out on {@code durak.commands}, keyed by the table, and their replies in from {@code durak.replies} (a group
 * of this instance's own, from the end), as the table service does it (docs/spine.md). The commands of one table go
 * out in order on one partition, so the rules service decides them in that order.
 */
@ApplicationScoped
public class CommandSender {
    private final KafkaClients kafka;
    private final Duration timeout;
    private final ConcurrentHashMap<String, CompletableFuture<ReplyMessage>> pending = new ConcurrentHashMap<>();
    private volatile Producer<String, byte[]> producer;
    private volatile TopicConsumer replies;

    public CommandSender(KafkaClients kafka,
                         @ConfigProperty(name = "durak.matchmaking.reply-timeout") Duration timeout) {
        this.kafka = kafka;
        this.timeout = timeout;
    }

    public void start() {
        producer = kafka.producer("commands");
        replies = kafka.consume("replies", kafka.topics().replies(), (r, holds) -> onReply(r));
    }

    public void stop() {
        TopicConsumer c = replies;
        if (c != null) {
            c.stop();
        }
        Producer<String, byte[]> p = producer;
        if (p != null) {
            p.close(Duration.ofSeconds(2));
        }
        pending.values().forEach(f -> f.completeExceptionally(new IllegalStateException("the service is stopping")));
    }

    /**
     * Sends the commands in order and completes with their replies in the same order, or fails when one could not
     * be published or a reply did not come within {@code durak.matchmaking.reply-timeout}.
     */
    public CompletableFuture<List<ReplyMessage>> send(List<CommandMessage> commands) {
        List<CompletableFuture<ReplyMessage>> futures = commands.stream().map(this::send).toList();
        return CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new))
                .thenApply(v -> futures.stream().map(CompletableFuture::join).toList());
    }

    private CompletableFuture<ReplyMessage> send(CommandMessage command) {
        CompletableFuture<ReplyMessage> mine = new CompletableFuture<>();
        CompletableFuture<ReplyMessage> existing = pending.putIfAbsent(command.commandId(), mine);
        if (existing != null) {
            return existing;
        }
        mine.whenComplete((r, e) -> pending.remove(command.commandId(), mine));
        try {
            producer.send(new ProducerRecord<>(kafka.topics().commands(), command.tableId(), Codec.toBytes(command)),
                    (meta, e) -> {
                        if (e != null) {
                            mine.completeExceptionally(e);
                        }
                    });
        } catch (RuntimeException e) {
            mine.completeExceptionally(e);
        }
        return mine.orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void onReply(ConsumerRecord<String, byte[]> r) {
        Header h = r.headers().lastHeader(RecordHeaders.COMMAND_ID);
        String commandId = h == null ? null : RecordHeaders.text(h.value());
        if (commandId != null && !pending.containsKey(commandId)) {
            return; // another service's command: not worth reading
        }
        ReplyMessage reply;
        try {
            reply = Codec.readReplyMessage(r.value());
        } catch (RuntimeException e) {
            return; // not one of ours to wait for; the rules service's log has it
        }
        CompletableFuture<ReplyMessage> f = pending.get(reply.commandId());
        if (f != null) {
            f.complete(reply);
        }
    }
}
