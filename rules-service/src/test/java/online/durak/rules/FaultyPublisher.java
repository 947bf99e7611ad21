package online.durak.rules;

import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import online.durak.messages.EventMessage;
import online.durak.messages.ReplyMessage;
import online.durak.rules.messaging.Publisher;
import online.durak.service.kafka.KafkaClients;

/**
 * The service's {@link Publisher} in the tests, with one fault to inject: the next publish of a table's events
 * fails before sending anything, as if the process had died between the commit and the publish.
 */
@Alternative
@Priority(1)
@Singleton // no client proxy: Publisher has no no-args constructor to subclass
public class FaultyPublisher extends Publisher {

    private final AtomicReference<String> failOnce = new AtomicReference<>();
    private final AtomicInteger injectedFailures = new AtomicInteger();

    public FaultyPublisher(KafkaClients kafka) {
        super(kafka);
    }

    /** The next publish of events ({@link #publishEvents}, an accepted reply in {@link #publishAll}) for this table fails. */
    public void failNextPublish(String tableId) {
        failOnce.set(tableId);
    }

    /** How many failures {@link #failNextPublish} has caused. */
    public int injectedFailures() {
        return injectedFailures.get();
    }

    @Override
    public void publishEvents(List<EventMessage> events) {
        if (!events.isEmpty()) {
            failIfAsked(events.get(0).tableId());
        }
        super.publishEvents(events);
    }

    @Override
    public void publishAll(List<ReplyMessage> replies) {
        for (ReplyMessage reply : replies) {
            if (!reply.events().isEmpty()) {
                failIfAsked(reply.events().get(0).tableId());
            }
        }
        super.publishAll(replies);
    }

    private void failIfAsked(String tableId) {
        String failing = failOnce.get();
        if (tableId.equals(failing) && failOnce.compareAndSet(failing, null)) {
            injectedFailures.incrementAndGet();
            throw new PublishException("injected failure for table " + tableId + " (test hook)", null);
        }
    }
}
