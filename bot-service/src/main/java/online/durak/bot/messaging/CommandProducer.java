package online.durak.bot.messaging;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import online.durak.bot.play.BotPlayer;
import online.durak.messages.Codec;
import online.durak.messages.CommandMessage;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/** Sends {@code play} commands to {@code durak.commands}, keyed by table id (idempotent producer, acks=all). */
@ApplicationScoped
public class CommandProducer implements BotPlayer.CommandSink {

    private final KafkaSettings settings;
    private volatile KafkaProducer<String, byte[]> producer;

    public CommandProducer(KafkaSettings settings) {
        this.settings = settings;
    }

    private KafkaProducer<String, byte[]> producer() {
        KafkaProducer<String, byte[]> p = producer;
        if (p == null) {
            synchronized (this) {
                if (producer == null) {
                    producer = new KafkaProducer<>(settings.producer());
                }
                p = producer;
            }
        }
        return p;
    }

    @Override
    public CompletableFuture<Void> send(CommandMessage command) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        producer().send(new ProducerRecord<>(settings.commandsTopic(), command.tableId(), Codec.toBytes(command)),
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
