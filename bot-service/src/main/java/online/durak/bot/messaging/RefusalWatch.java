package online.durak.bot.messaging;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import online.durak.bot.play.Turn;
import online.durak.bot.play.TableTracker;
import online.durak.engine.table.TableDecider;
import online.durak.messages.Codec;
import online.durak.messages.RecordHeaders;
import online.durak.messages.ReplyMessage;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import online.durak.service.kafka.TopicConsumer;
import org.jboss.logging.Logger;

/**
 * Reads {@code durak.replies} (consumer {@code replies}: a group of this instance's own, from the end) and reports every command of this
 * service ({@link Turn#commandId()} starts with {@code bot-}) that the rules service refused, for a table this
 * instance follows: a WARN and {@code durak.bot.moves.refused}. A bot's move is chosen from the engine's own
 * legal moves, so a refusal points at a bug or a table state that differs from the rules service's; the table
 * then waits. A computer's move refused because the player moved in time ({@code NOT_TIMED_OUT}) is expected
 * now and then and only counted.
 */
final class RefusalWatch implements TopicConsumer.Handler {
    private static final Logger LOG = Logger.getLogger(RefusalWatch.class);

    private final TableTracker tracker;
    private final Counter refused;
    private final Counter late;

    RefusalWatch(TableTracker tracker, MeterRegistry registry) {
        this.tracker = tracker;
        this.refused = Counter.builder("durak.bot.moves.refused").tag("why", "other")
                .description("Commands of this service the rules service refused").register(registry);
        this.late = Counter.builder("durak.bot.moves.refused").tag("why", TableDecider.NOT_TIMED_OUT)
                .register(registry);
    }

    @Override
    public void handle(ConsumerRecord<String, byte[]> r, TopicConsumer.Holds holds) {
        check(r);
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
}
