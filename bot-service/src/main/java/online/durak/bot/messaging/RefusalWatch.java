package online.durak.bot.messaging;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import online.durak.bot.play.Turn;
import online.durak.bot.play.TableTracker;
import online.durak.engine.table.TableDecider;
import online.durak.messages.Codec;
import online.durak.messages.RecordHeaders;
import online.durak.messages.ReplyMessage;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.errors.WakeupException;
import org.jboss.logging.Logger;

/**
 * Reads {@code durak.replies} (a group of this instance's own, from the end) and reports every command of this
 * service ({@link Turn#commandId()} starts with {@code bot-}) that the rules service refused, for a table this
 * instance follows: a WARN and {@code durak.bot.moves.refused}. A bot's move is chosen from the engine's own
 * legal moves, so a refusal points at a bug or a table state that differs from the rules service's; the table
 * then waits. A computer's move refused because the player moved in time ({@code NOT_TIMED_OUT}) is expected
 * now and then and only counted.
 */
final class RefusalWatch implements Runnable {
    private static final Logger LOG = Logger.getLogger(RefusalWatch.class);

    private final Map<String, Object> config;
    private final String topic;
    private final TableTracker tracker;
    private final Counter refused;
    private final Counter late;
    private volatile boolean running = true;
    private volatile KafkaConsumer<String, byte[]> consumer;
    private Thread thread;

    RefusalWatch(Map<String, Object> config, String topic, TableTracker tracker, MeterRegistry registry) {
        this.config = config;
        this.topic = topic;
        this.tracker = tracker;
        this.refused = Counter.builder("durak.bot.moves.refused").tag("why", "other")
                .description("Commands of this service the rules service refused").register(registry);
        this.late = Counter.builder("durak.bot.moves.refused").tag("why", TableDecider.NOT_TIMED_OUT)
                .register(registry);
    }

    void start() {
        thread = new Thread(this, "bot-replies-watch");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void run() {
        while (running) {
            try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(config)) {
                consumer = c;
                if (!running) {
                    return;
                }
                c.subscribe(List.of(topic));
                while (running) {
                    for (ConsumerRecord<String, byte[]> r : c.poll(Duration.ofMillis(500))) {
                        check(r);
                    }
                }
            } catch (WakeupException e) {
                if (running) {
                    LOG.warn("the replies watch was woken up unexpectedly; starting it again");
                }
            } catch (RuntimeException e) {
                LOG.warnf("the replies watch failed (%s); starting it again", e.getMessage());
            }
            if (running) {
                try {
                    Thread.sleep(2000);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    private void check(ConsumerRecord<String, byte[]> r) {
        if (r.value() == null) {
            return;
        }
        String commandId = RecordHeaders.text(header(r, RecordHeaders.COMMAND_ID));
        if (Boolean.TRUE.equals(RecordHeaders.accepted(header(r, RecordHeaders.ACCEPTED)))
                || commandId != null && !commandId.startsWith("bot-")) {
            return; // passed over unread: only refusals of our own commands matter
        }
        ReplyMessage m;
        try {
            m = Codec.readReplyMessage(r.value());
        } catch (RuntimeException e) {
            return; // not ours to judge
        }
        if (m.accepted() || !m.commandId().startsWith("bot-") || tracker.state(m.tableId()) == null) {
            return;
        }
        if (TableDecider.NOT_TIMED_OUT.equals(m.code())) {
            late.increment();
            LOG.debugf("table %s: the computer's move %s came after the player's own", m.tableId(), m.commandId());
            return;
        }
        refused.increment();
        LOG.warnf("table %s: the rules service refused command %s: %s %s", m.tableId(), m.commandId(), m.code(),
                m.message());
    }

    private static byte[] header(ConsumerRecord<String, byte[]> r, String name) {
        org.apache.kafka.common.header.Header h = r.headers().lastHeader(name);
        return h == null ? null : h.value();
    }

    void close() {
        running = false;
        KafkaConsumer<String, byte[]> c = consumer;
        if (c != null) {
            c.wakeup();
        }
        if (thread != null) {
            try {
                thread.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
