package online.durak.table.messaging;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
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
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import online.durak.service.kafka.KafkaClients;
import online.durak.service.kafka.TopicConsumer;
import org.jboss.logging.Logger;

/**
 * Commands out, replies in (docs/spine.md): a {@link CommandMessage} goes to {@code durak.commands} keyed by
 * its table id, and the future completes with the {@link ReplyMessage} of the same {@code commandId} read from
 * {@code durak.replies} (this instance's own group, every partition from the end: a command's outcome reaches the
 * edge that sent it, whichever edge folds its table), or fails with {@link RulesTimeoutException} after
 * {@code durak.rules.timeout}. Every reply read, any edge's, says the rules service answers: a timeout without one
 * since the command was sent is {@linkplain RulesTimeoutException#silent() silence}, any other is a late reply.
 */
@ApplicationScoped
public class CommandBus {
    private static final Logger LOG = Logger.getLogger(CommandBus.class);

    private final KafkaClients kafka;
    private final Duration timeout;
    private final ConcurrentHashMap<String, CompletableFuture<ReplyMessage>> pending = new ConcurrentHashMap<>();
    private final Counter sent;
    private final Counter timeouts;
    private final Counter accepted;
    private final Counter rejected;
    private final Timer roundTrip;
    private volatile Producer<String, byte[]> producer;
    private volatile TopicConsumer replies;
    private volatile boolean topicKnown;
    private volatile boolean stopping;
    private volatile java.util.function.Consumer<ConsumerRecord<String, byte[]>> others = r -> { };
    /** When the last reply of any command was read (System.nanoTime). */
    private volatile long lastReply = System.nanoTime();

    public CommandBus(KafkaClients kafka, MeterRegistry registry,
                      @ConfigProperty(name = "durak.rules.timeout", defaultValue = "5s") Duration timeout) {
        this.kafka = kafka;
        this.timeout = timeout;
        this.sent = registry.counter("durak.commands.sent");
        this.timeouts = registry.counter("durak.commands.timeouts");
        this.accepted = registry.counter("durak.commands.replies", "accepted", "true");
        this.rejected = registry.counter("durak.commands.replies", "accepted", "false");
        this.roundTrip = registry.timer("durak.commands.round.trip");
        registry.gaugeMapSize("durak.commands.pending", java.util.List.of(), pending);
    }

    /** {@code others}: each reply to a command this edge did not send (or no longer waits for). */
    void start(java.util.function.Consumer<ConsumerRecord<String, byte[]>> others) {
        this.others = others;
        producer = kafka.producer("commands");
        knowTopic(producer);
        replies = kafka.consume("replies", kafka.topics().replies(), (r, holds) -> onReply(r));
    }

    TopicConsumer replies() {
        return replies;
    }

    /**
     * Asks for the commands topic's metadata in the background until the producer has it: from then on a send never
     * blocks ({@link #sendsWithoutBlocking}; KafkaClients keeps a topic's metadata for good).
     */
    private void knowTopic(Producer<String, byte[]> p) {
        Thread asking = new Thread(() -> {
            while (!topicKnown && !stopping) {
                try {
                    p.partitionsFor(kafka.topics().commands());
                    topicKnown = true;
                } catch (RuntimeException e) { // the broker not there yet (it waited max-block): again
                    LOG.debugf("the commands topic's metadata is not known yet: %s", e.toString());
                }
            }
        }, "commands-metadata");
        asking.setDaemon(true);
        asking.start();
    }

    /** Whether {@link #send} returns without blocking: the producer knows the commands topic. */
    public boolean sendsWithoutBlocking() {
        return topicKnown;
    }

    /** After the replies consumer has stopped: flushes what is still being sent; whoever still waits is told. */
    void stop() {
        stopping = true;
        Producer<String, byte[]> p = producer;
        if (p != null) {
            p.close(Duration.ofSeconds(2));
        }
        pending.values().forEach(f -> f.completeExceptionally(new RulesTimeoutException("the service is stopping",
                false)));
    }

    /**
     * Publishes the command and waits for its reply without blocking. A command whose id is already waiting
     * is not published again; both callers get the same reply.
     */
    public CompletableFuture<ReplyMessage> send(CommandMessage command) {
        CompletableFuture<ReplyMessage> mine = new CompletableFuture<>();
        long started = System.nanoTime();
        CompletableFuture<ReplyMessage> existing = pending.putIfAbsent(command.commandId(), mine);
        if (existing != null) {
            return existing.exceptionallyCompose(e -> asRulesTimeout(e, started - timeout.toNanos()));
        }
        mine.whenComplete((r, e) -> {
            pending.remove(command.commandId(), mine);
            roundTrip.record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
        });
        try {
            producer.send(new ProducerRecord<>(kafka.topics().commands(), command.tableId(), Codec.toBytes(command)),
                    (meta, e) -> {
                        if (e != null) {
                            LOG.warnf("command %s for table %s could not be published: %s", command.commandId(),
                                    command.tableId(), e.getMessage());
                            mine.completeExceptionally(new RulesTimeoutException("the command could not be published",
                                    true));
                        }
                    });
            sent.increment();
        } catch (RuntimeException e) {
            LOG.warnf("command %s for table %s could not be published: %s", command.commandId(), command.tableId(),
                    e.getMessage());
            mine.completeExceptionally(new RulesTimeoutException("the command could not be published", true));
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
        return mine.exceptionallyCompose(e -> asRulesTimeout(e, started));
    }

    /** A timeout as {@link RulesTimeoutException}: silence when no reply at all was read since {@code sent}. */
    private CompletableFuture<ReplyMessage> asRulesTimeout(Throwable e, long sent) {
        Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        if (cause instanceof TimeoutException) {
            boolean silent = lastReply - sent < 0;
            return CompletableFuture.failedFuture(new RulesTimeoutException(silent
                    ? "the rules service did not answer in time" : "the rules service is busy and did not answer "
                    + "this command in time; send it again with the same commandId", silent));
        }
        return CompletableFuture.failedFuture(cause);
    }

    private void onReply(ConsumerRecord<String, byte[]> r) {
        lastReply = System.nanoTime();
        String commandId = RecordHeaders.text(header(r, RecordHeaders.COMMAND_ID));
        if (commandId != null && !pending.containsKey(commandId)) {
            others.accept(r); // another's command (or one that timed out): its events, if its table is folded here
            return;
        }
        ReplyMessage reply = read(r);
        if (reply == null) {
            return;
        }
        CompletableFuture<ReplyMessage> f = pending.get(reply.commandId());
        if (f != null) {
            (reply.accepted() ? accepted : rejected).increment();
            f.complete(reply);
        } else {
            others.accept(r); // a record without headers, of another's command
        }
    }

    /** The reply a record holds; null (and a warning) when it cannot be read. */
    static ReplyMessage read(ConsumerRecord<String, byte[]> r) {
        try {
            return Codec.readReplyMessage(r.value());
        } catch (RuntimeException e) {
            LOG.warnf("a reply at %s-%d@%d cannot be read: %s", r.topic(), r.partition(), r.offset(), e.getMessage());
            return null;
        }
    }

    static byte[] header(ConsumerRecord<String, byte[]> r, String name) {
        org.apache.kafka.common.header.Header h = r.headers().lastHeader(name);
        return h == null ? null : h.value();
    }

    /** The rules service did not answer in time (or the command could not be published). */
    public static final class RulesTimeoutException extends RuntimeException {
        private final boolean silent;

        public RulesTimeoutException(String message, boolean silent) {
            super(message, null, false, false);
            this.silent = silent;
        }

        /** No reply at all (to any command) reached this edge meanwhile, or the command could not be published. */
        public boolean silent() {
            return silent;
        }
    }
}
