package online.durak.bot.messaging;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import online.durak.bot.play.BotPlayer;
import online.durak.messages.Codec;
import online.durak.messages.CommandMessage;
import online.durak.service.kafka.KafkaClients;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;

/** Sends {@code play} commands to {@code durak.commands}, keyed by table id (idempotent producer, acks=all). */
@ApplicationScoped
public class CommandProducer implements BotPlayer.CommandSink {

    private final KafkaClients kafka;
    private volatile Producer<String, byte[]> producer;

    public CommandProducer(KafkaClients kafka) {
        this.kafka = kafka;
    }

    private Producer<String, byte[]> producer() {
        Producer<String, byte[]> p = producer;
        if (p == null) {
            synchronized (this) {
                if (producer == null) {
                    producer = kafka.producer("commands");
                }
                p = producer;
            }
        }
        return p;
    }

    @Override
    public CompletableFuture<Void> send(CommandMessage command) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        producer().send(new ProducerRecord<>(kafka.topics().commands(), command.tableId(), Codec.toBytes(command)),
                (meta, e) -> {
                    if (e == null) {
                        done.complete(null);
                    } else {
                        done.completeExceptionally(e);
                    }
                });
        return done;
    }

    /** Sends what is buffered and closes. */
    synchronized void close() {
        if (producer != null) {
            producer.close(Duration.ofSeconds(5));
            producer = null;
        }
    }
}
