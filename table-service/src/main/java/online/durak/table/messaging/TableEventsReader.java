package online.durak.table.messaging;

import jakarta.enterprise.context.ApplicationScoped;
import online.durak.messages.Codec;
import online.durak.messages.EventMessage;
import online.durak.messages.RecordHeaders;
import online.durak.table.projection.Projections;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jboss.logging.Logger;

/**
 * Feeds {@code durak.table-events} into the projections. Once its consumer has its partitions (and so a
 * fixed position at the end of the topic) every projection is rebuilt from the store; events published
 * after that position come through Kafka, anything before it is in the store.
 */
@ApplicationScoped
public class TableEventsReader {
    private static final Logger LOG = Logger.getLogger(TableEventsReader.class);

    private final KafkaSettings settings;
    private final Projections projections;
    private TopicReader reader;
    private volatile boolean rebuilt;

    private final io.micrometer.core.instrument.MeterRegistry registry;

    public TableEventsReader(KafkaSettings settings, Projections projections,
                             io.micrometer.core.instrument.MeterRegistry registry) {
        this.registry = registry;
        this.settings = settings;
        this.projections = projections;
    }

    void start() {
        reader = new TopicReader("table-events-reader", settings.consumer("events"), settings.eventsTopic(),
                this::onRecord, this::rebuild, registry);
        reader.start();
    }

    /** Asks the reader to stop without waiting (so that both readers leave their groups at the same time). */
    void requestStop() {
        if (reader != null) {
            reader.requestClose();
        }
    }

    void stop() {
        if (reader != null) {
            reader.close();
        }
    }

    /** The projections were rebuilt from the store and follow the topic. */
    public boolean ready() {
        return rebuilt && reader != null && reader.ready();
    }

    private boolean rebuild() {
        long started = System.currentTimeMillis();
        long events = projections.rebuildAll();
        rebuilt = true;
        LOG.infof("projections rebuilt from the store: %d event(s) in %d ms; following %s", events,
                System.currentTimeMillis() - started, settings.eventsTopic());
        return true;
    }

    private void onRecord(ConsumerRecord<String, byte[]> r) {
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
        projections.accept(m);
    }
}
