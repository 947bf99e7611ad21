package online.durak.table.messaging;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import online.durak.messages.Codec;
import online.durak.messages.CommandMessage;
import online.durak.messages.RecordHeaders;
import online.durak.messages.ReplyMessage;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Commands out, replies in (docs/spine.md): a {@link CommandMessage} goes to {@code durak.commands} keyed by
 * its table id, and the future completes with the {@link ReplyMessage} of the same {@code commandId} read from
 * {@code durak.replies} (this instance's own group, from the end), or fails with {@link RulesTimeoutException}
 * after {@code durak.rules.timeout}.
 */
@ApplicationScoped
public class CommandBus {
    private static final Logger LOG = Logger.getLogger(CommandBus.class);

    private final KafkaSettings settings;
    private final Duration timeout;
    private final ConcurrentHashMap<String, CompletableFuture<ReplyMessage>> pending = new ConcurrentHashMap<>();
    private final Counter sent;
    private final Counter timeouts;
    private final Counter accepted;
    private final Counter rejected;
    private final Timer roundTrip;
    private volatile KafkaProducer<String, byte[]> producer;
    private KafkaClientMetrics producerMetrics;
    private final MeterRegistry registry;
    private TopicReader replies;

    public CommandBus(KafkaSettings settings, MeterRegistry registry,
                      @ConfigProperty(name = "durak.rules.timeout", defaultValue = "5s") Duration timeout) {
        this.settings = settings;
        this.timeout = timeout;
        this.registry = registry;
        this.sent = registry.counter("durak.commands.sent");
        this.timeouts = registry.counter("durak.commands.timeouts");
        this.accepted = registry.counter("durak.commands.replies", "accepted", "true");
        this.rejected = registry.counter("durak.commands.replies", "accepted", "false");
        this.roundTrip = registry.timer("durak.commands.round.trip");
        registry.gaugeMapSize("durak.commands.pending", java.util.List.of(), pending);
    }

    void start() {
        java.util.Map<String, Object> p = settings.producer();
        p.putIfAbsent(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) Math.max(1000, timeout.toMillis()));
        p.putIfAbsent(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) Math.max(30000, timeout.toMillis() * 2));
        producer = new KafkaProducer<>(p);
        producerMetrics = new KafkaClientMetrics(producer);
        producerMetrics.bindTo(registry); // kafka_producer_*
        replies = new TopicReader("replies-reader", settings.consumer("replies"), settings.repliesTopic(),
                this::onReply, () -> {
                    LOG.infof("reading replies from %s (group %s)", settings.repliesTopic(),
                            settings.consumer("replies").get("group.id"));
                    return true;
                }, registry);
        replies.start();
    }

    /** Asks the replies reader to stop without waiting. */
    void requestStop() {
        if (replies != null) {
            replies.requestClose();
        }
    }

    void stop() {
        if (replies != null) {
            replies.close();
        }
        if (producerMetrics != null) {
            producerMetrics.close();
        }
        KafkaProducer<String, byte[]> p = producer;
        if (p != null) {
            p.close(TopicReader.CLOSE); // flushes what is still being sent
        }
        pending.values().forEach(f -> f.completeExceptionally(new RulesTimeoutException("the service is stopping")));
    }

    /** Replies can be received (their consumer has its partitions). */
    public boolean ready() {
        return replies != null && replies.ready();
    }

    /**
     * Publishes the command and waits for its reply without blocking. A command whose id is already waiting
     * is not published again; both callers get the same reply.
     */
    public CompletableFuture<ReplyMessage> send(CommandMessage command) {
        CompletableFuture<ReplyMessage> mine = new CompletableFuture<>();
        CompletableFuture<ReplyMessage> existing = pending.putIfAbsent(command.commandId(), mine);
        if (existing != null) {
            return existing.exceptionallyCompose(CommandBus::asRulesTimeout);
        }
        long started = System.nanoTime();
        mine.whenComplete((r, e) -> {
            pending.remove(command.commandId(), mine);
            roundTrip.record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
        });
        try {
            producer.send(new ProducerRecord<>(settings.commandsTopic(), command.tableId(), Codec.toBytes(command)),
                    (meta, e) -> {
                        if (e != null) {
                            LOG.warnf("command %s for table %s could not be published: %s", command.commandId(),
                                    command.tableId(), e.getMessage());
                            mine.completeExceptionally(new RulesTimeoutException("the command could not be published"));
                        }
                    });
            sent.increment();
        } catch (RuntimeException e) {
            LOG.warnf("command %s for table %s could not be published: %s", command.commandId(), command.tableId(),
                    e.getMessage());
            mine.completeExceptionally(new RulesTimeoutException("the command could not be published"));
            return mine;
        }
        mine.orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS).exceptionally(e -> {
            if (e instanceof TimeoutException) {
                timeouts.increment();
                LOG.warnf("no reply to command %s (%s) for table %s within %s", command.commandId(),
                        command.payload().type(), command.tableId(), timeout);
            }
            return null;
        });
        return mine.exceptionallyCompose(CommandBus::asRulesTimeout);
    }

    private static CompletableFuture<ReplyMessage> asRulesTimeout(Throwable e) {
        Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        if (cause instanceof TimeoutException) {
            return CompletableFuture.failedFuture(new RulesTimeoutException("the rules service did not answer in time"));
        }
        return CompletableFuture.failedFuture(cause);
    }

    private void onReply(ConsumerRecord<String, byte[]> r) {
        String commandId = RecordHeaders.text(header(r, RecordHeaders.COMMAND_ID));
        if (commandId != null && !pending.containsKey(commandId)) {
            return; // another instance's command (or one that timed out): not worth reading
        }
        ReplyMessage reply;
        try {
            reply = Codec.readReplyMessage(r.value());
        } catch (RuntimeException e) {
            LOG.warnf("a reply at %s-%d@%d cannot be read: %s", r.topic(), r.partition(), r.offset(), e.getMessage());
            return;
        }
        CompletableFuture<ReplyMessage> f = pending.get(reply.commandId());
        if (f != null) {
            (reply.accepted() ? accepted : rejected).increment();
            f.complete(reply);
        }
    }

    static byte[] header(ConsumerRecord<String, byte[]> r, String name) {
        org.apache.kafka.common.header.Header h = r.headers().lastHeader(name);
        return h == null ? null : h.value();
    }

    /** The rules service did not answer in time (or the command could not be published). */
    public static final class RulesTimeoutException extends RuntimeException {
        public RulesTimeoutException(String message) {
            super(message, null, false, false);
        }
    }
}
