package online.durak.leaderboard.messaging;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import online.durak.engine.Event;
import online.durak.leaderboard.chips.ChipsEvents;
import online.durak.leaderboard.daily.DailyProjector;
import online.durak.messages.Codec;
import online.durak.messages.RecordHeaders;
import org.apache.kafka.common.header.Header;

import online.durak.messages.EventMessage;
import online.durak.service.kafka.TopicConsumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jboss.logging.Logger;

/**
 * Handles {@code durak.table-events} (consumer {@code events}, the group {@code leaderboard-service}): only a
 * {@code MatchEnded} changes the leaderboard, the seats, the start, the end and the close of a table with a stake
 * move chips ({@link ChipsEvents}), and a daily game's start, deal ends, leave and end change its daily list
 * ({@link DailyProjector}); each is applied at once, on the consumer's thread, so its offset is
 * committed only after the match is stored. A failure (the database down) is thrown and the record read again after
 * the backoff; an unreadable record is skipped.
 */
final class TableEventsHandler implements TopicConsumer.Handler {
    private static final Logger LOG = Logger.getLogger(TableEventsHandler.class);

    private final MatchProjector projector;
    private final ChipsEvents chips;
    private final DailyProjector daily;
    private final AtomicLong unreadable = new AtomicLong();
    /** How old the newest event handled was when it was handled, in ms: how far the projection is behind. */
    private final AtomicLong lagMillis = new AtomicLong();

    TableEventsHandler(MatchProjector projector, ChipsEvents chips, DailyProjector daily) {
        this.projector = projector;
        this.chips = chips;
        this.daily = daily;
    }

    @Override
    public void handle(ConsumerRecord<String, byte[]> r, TopicConsumer.Holds holds) {
        Header type = r.headers().lastHeader(RecordHeaders.EVENT_TYPE);
        if (type != null && !ChipsEvents.TYPES.contains(RecordHeaders.text(type.value()))
                && !DailyProjector.TYPES.contains(RecordHeaders.text(type.value()))) {
            // most events change nothing here: passed over without reading the JSON
            lagMillis.set(Math.max(0, System.currentTimeMillis() - r.timestamp()));
            return;
        }
        EventMessage m;
        try {
            m = Codec.readEventMessage(r.value());
        } catch (RuntimeException e) {
            unreadable.incrementAndGet();
            LOG.warnf("an event at %s-%d@%d cannot be read and is skipped: %s", r.topic(), r.partition(), r.offset(),
                    e.getMessage());
            return;
        }
        if (m.event() instanceof Event.MatchEnded) {
            projector.project(m.tableId(), m.seq());
        }
        chips.apply(m, () -> projector.reader().read(m.tableId(), 0, m.seq() + 1).orElse(List.of()));
        if (DailyProjector.TYPES.contains(m.type())) {
            daily.project(m.tableId(), m.seq()); // the daily list (docs/daily.md): after the leaderboard, same retry
        }
        lagMillis.set(Math.max(0, System.currentTimeMillis() - m.at().toEpochMilli()));
    }

    long unreadable() {
        return unreadable.get();
    }

    /** How old the newest event handled was when it was handled, in seconds; 0 before the first. */
    double lagSeconds() {
        return lagMillis.get() / 1000.0;
    }
}
