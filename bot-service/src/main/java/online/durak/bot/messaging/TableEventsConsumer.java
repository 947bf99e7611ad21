package online.durak.bot.messaging;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import online.durak.bot.play.BotPlayer;
import online.durak.bot.play.TableTracker;
import online.durak.bot.play.Turn;
import online.durak.messages.Codec;
import online.durak.messages.EventMessage;
import online.durak.messages.RecordHeaders;
import online.durak.service.kafka.TopicConsumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jboss.logging.Logger;

/**
 * Handles {@code durak.table-events} (consumer {@code events}, the group {@code bot-service}; one thread): every
 * record is folded into its table ({@link TableTracker}); after each poll, every table that changed is asked once
 * whether it now waits for a bot or for the computer, and such a turn goes to the {@link BotPlayer}, which decides
 * and sends off the consumer's thread.
 *
 * <p>Offsets: the record whose turn is being played is {@linkplain TopicConsumer.Holds held}, so a partition's
 * committed offset never passes it and after a crash the next owner reads it again and plays the turn (with the
 * same command id, so a move that did go out is answered from the rules service's store and not played twice). A
 * record whose gap cannot be filled because the store is down is thrown back and read again after a pause.
 */
final class TableEventsConsumer implements TopicConsumer.Handler {
    private static final Logger LOG = Logger.getLogger(TableEventsConsumer.class);

    private final TableTracker tracker;
    private final BotPlayer player;
    private final Duration maxAge;
    /** The tables changed by this poll's records, with the last record that changed each. */
    private final Map<String, Touched> touched = new LinkedHashMap<>();
    private volatile long turns;
    private volatile long tooOld;

    private record Touched(ConsumerRecord<String, byte[]> record, TopicConsumer.Holds holds) {
    }

    /** @param maxAge turns owed for longer than this are not played; null: no limit */
    TableEventsConsumer(TableTracker tracker, BotPlayer player, Duration maxAge) {
        this.tracker = tracker;
        this.player = player;
        this.maxAge = maxAge;
    }

    long turns() {
        return turns;
    }

    long tooOld() {
        return tooOld;
    }

    @Override
    public void handle(ConsumerRecord<String, byte[]> r, TopicConsumer.Holds holds) {
        org.apache.kafka.common.header.Header type = r.headers().lastHeader(RecordHeaders.EVENT_TYPE);
        boolean maySeatABot = type != null && TableTracker.maySeatABot(RecordHeaders.text(type.value()));
        if (r.key() != null && !maySeatABot && tracker.passesOver(r.key())) {
            return; // a table no bot acts at: passed over unread (unless a person left its match for a bot)
        }
        EventMessage m;
        try {
            m = Codec.readEventMessage(r.value());
        } catch (RuntimeException e) {
            LOG.warnf("an event at %s-%d@%d cannot be read and is skipped: %s", r.topic(), r.partition(), r.offset(),
                    e.getMessage());
            return;
        }
        if (tracker.accept(m, r.partition())) { // TableTracker.StoreUnavailable: read again after the backoff
            touched.put(m.tableId(), new Touched(r, holds));
        }
    }

    /** One decision per table and poll: the newest state wins, stale positions of a catch-up are skipped. */
    @Override
    public void polled() {
        Instant oldest = maxAge == null ? null : Instant.now().minus(maxAge);
        for (Map.Entry<String, Touched> e : touched.entrySet()) {
            Turn turn = tracker.owed(e.getKey());
            if (turn != null && turn.waitingSinceBefore(oldest)) {
                tooOld++;
                LOG.debugf("table %s: waiting since %s, longer than %s; not played", turn.tableId(), turn.since(),
                        maxAge);
            } else if (turn != null) {
                Touched t = e.getValue();
                turns++;
                player.play(turn, t.holds().hold(t.record()));
            }
        }
        touched.clear();
    }

    @Override
    public void released(List<Integer> partitions, boolean lost) {
        touched.clear();
        int dropped = tracker.dropPartitions(partitions);
        LOG.infof("dropped %d table(s) of partitions %s", dropped, partitions);
    }
}
