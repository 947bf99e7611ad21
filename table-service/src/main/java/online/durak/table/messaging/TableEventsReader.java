package online.durak.table.messaging;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import online.durak.messages.Codec;
import online.durak.messages.EventMessage;
import online.durak.messages.RecordHeaders;
import online.durak.messages.ReplyMessage;
import online.durak.service.kafka.KafkaClients;
import online.durak.service.kafka.TopicConsumer;
import online.durak.table.projection.Projections;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jboss.logging.Logger;

/**
 * Feeds {@code durak.table-events} into the projections (consumer {@code events}: this instance's own group, from
 * the end). Once it has its partitions, and so a fixed position at the end of the topic, every projection is
 * rebuilt from the store (again a little later if the store is down; not ready until then): events published
 * after that position come through Kafka, anything before it is in the store, and an event seen both ways is
 * skipped by seq. Every edge reads every partition, and folds the tables of its share ({@link EdgeShare}) and those
 * asked for here; of the others' tables it keeps outlines, and their deals' events are passed over unread.
 *
 * <p>The events of a table folded here mostly come sooner in replies, which carry them: this edge's own commands'
 * ({@link online.durak.table.play.TableCommands}) and, through {@link #fromReply}, everyone else's (bots, the clock,
 * other edges). So this topic is the backstop (events republished from the store's outbox) and the outlines' source,
 * and its consumer waits for fuller fetches ({@code durak.kafka.consumers.events.fetch-*}): under load most of its
 * records are passed over by seq, and fewer, larger fetches cost the broker and this service less.
 */
@ApplicationScoped
public class TableEventsReader implements TopicConsumer.Handler {
    private static final Logger LOG = Logger.getLogger(TableEventsReader.class);

    private final KafkaClients kafka;
    private final Projections projections;
    private final EdgeShare share;
    private volatile TopicConsumer consumer;

    public TableEventsReader(KafkaClients kafka, Projections projections, EdgeShare share) {
        this.kafka = kafka;
        this.projections = projections;
        this.share = share;
    }

    void start() {
        consumer = kafka.consume("events", kafka.topics().tableEvents(), this);
    }

    TopicConsumer consumer() {
        return consumer;
    }

    /**
     * A reply to a command this edge did not send, read from {@code durak.replies} (CommandBus): when it was accepted and
     * its table is folded here, its events are applied now rather than when the events topic brings them.
     */
    void fromReply(ConsumerRecord<String, byte[]> r) {
        if (r.key() == null || Boolean.FALSE.equals(RecordHeaders.accepted(CommandBus.header(r, RecordHeaders.ACCEPTED)))
                || !(share.owns(r.partition()) || projections.folds(r.key()))) {
            return;
        }
        ReplyMessage reply = CommandBus.read(r);
        for (EventMessage m : reply == null ? List.<EventMessage>of() : reply.events()) {
            if (projections.has(m.tableId(), m.seq())) {
                continue;
            }
            try {
                projections.accept(m);
            } catch (RuntimeException e) { // as for the topic's events: one table must not hold up the others
                LOG.warnf(e, "event %d of table %s from a reply could not be applied", m.seq(), m.tableId());
            }
        }
    }

    @Override
    public boolean assigned(List<Integer> partitions) {
        long started = System.currentTimeMillis();
        long events = projections.rebuildAll();
        LOG.infof("projections rebuilt from the store: %d event(s) in %d ms; following %s", events,
                System.currentTimeMillis() - started, kafka.topics().tableEvents());
        return true;
    }

    @Override
    public void handle(ConsumerRecord<String, byte[]> r, TopicConsumer.Holds holds) {
        if (r.key() != null && !share.owns(r.partition()) && !projections.folds(r.key()) && outlined(r)) {
            return;
        }
        long seq = RecordHeaders.seq(CommandBus.header(r, RecordHeaders.SEQ));
        if (seq >= 0 && r.key() != null && projections.has(r.key(), seq)) {
            projections.skipped(); // mostly a move of this instance's, applied from its reply already
            return;
        }
        EventMessage m;
        try {
            m = Codec.readEventMessage(r.value());
        } catch (RuntimeException e) {
            LOG.warnf("an event at %s-%d@%d cannot be read: %s", r.topic(), r.partition(), r.offset(), e.getMessage());
            return;
        }
        try {
            projections.accept(m);
        } catch (RuntimeException e) { // one table's trouble must not hold up every other table's events
            LOG.warnf(e, "the event at %s-%d@%d could not be applied", r.topic(), r.partition(), r.offset());
        }
    }

    /**
     * An event of a table another edge folds: a deal's is passed over unread, any other moves the table's outline on.
     * False when the table turned out to be folded here (the event is applied as one of this edge's).
     */
    private boolean outlined(ConsumerRecord<String, byte[]> r) {
        String type = RecordHeaders.text(CommandBus.header(r, RecordHeaders.EVENT_TYPE));
        if (type != null && Projections.dealEvent(type)) {
            projections.passedOver();
            return true;
        }
        try {
            return projections.outline(Codec.readEventMessage(r.value()));
        } catch (RuntimeException e) { // unreadable, or the store could not fill an unknown table's outline
            LOG.warnf("the event at %s-%d@%d was not outlined: %s", r.topic(), r.partition(), r.offset(),
                    e.getMessage());
            return true;
        }
    }
}
