package online.durak.rules.messaging;

import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.ArrayList;
import java.util.List;
import online.durak.engine.Rejection;
import online.durak.messages.Codec;
import online.durak.messages.CommandMessage;
import online.durak.messages.MessageException;
import online.durak.messages.ReplyMessage;
import online.durak.rules.application.CommandService;
import online.durak.rules.application.TableAggregate;
import online.durak.service.kafka.KafkaClients;
import online.durak.service.kafka.TopicConsumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jboss.logging.Logger;

/**
 * Consumes {@code durak.commands} (consumer {@code commands}: the group every instance shares, so each table has
 * one writer) and hands the readable commands of each poll to the {@link CommandService} together (group commit); an unreadable record, or one whose
 * key is not its table id, is answered with {@code INVALID_MESSAGE} when it names whom to answer. Partitions
 * assigned are this instance's ({@link Assignment}) and their clocked tables are loaded by the {@link ClockWatch};
 * partitions given up drop their tables from the cache.
 */
@ApplicationScoped
public class CommandRecords implements TopicConsumer.BatchHandler {

    private static final Logger LOG = Logger.getLogger(CommandRecords.class);

    private final KafkaClients kafka;
    private final CommandService commands;
    private final Publisher publisher;
    private final Assignment assignment;
    private final ClockWatch clock;
    private final Counter invalid;
    private volatile TopicConsumer consumer;

    public CommandRecords(KafkaClients kafka, CommandService commands, Publisher publisher, Assignment assignment,
                          ClockWatch clock, MeterRegistry registry) {
        this.kafka = kafka;
        this.commands = commands;
        this.publisher = publisher;
        this.assignment = assignment;
        this.clock = clock;
        this.invalid = CommandService.commands(registry, "invalid");
    }

    void start(@Observes @Priority(100) StartupEvent event) {
        consumer = kafka.consume("commands", kafka.topics().commands(), this);
    }

    /** Finishes the record at hand, commits, leaves the group. */
    void stop(@Observes @Priority(100) ShutdownEvent event) {
        TopicConsumer c = consumer;
        if (c != null) {
            c.stop();
            LOG.infof("stopped consuming after %d command(s)", c.records());
        }
    }

    @Override
    public void handle(ConsumerRecord<String, byte[]> record, TopicConsumer.Holds holds) {
        CommandMessage command = read(record);
        if (command != null) {
            commands.handle(command, record.partition());
        }
    }

    /** A poll's commands together: one transaction and one wait for the broker for all (group commit). */
    @Override
    public void handleAll(List<ConsumerRecord<String, byte[]>> records, TopicConsumer.Holds holds) {
        List<TableAggregate.Submitted> batch = new ArrayList<>(records.size());
        for (ConsumerRecord<String, byte[]> record : records) {
            CommandMessage command = read(record);
            if (command != null) {
                batch.add(new TableAggregate.Submitted(command, record.partition()));
            }
        }
        if (!batch.isEmpty()) {
            commands.handleAll(batch);
        }
    }

    /** The record's command, or null when it is refused (answered when it names whom to answer). */
    private CommandMessage read(ConsumerRecord<String, byte[]> record) {
        CommandMessage command;
        try {
            command = Codec.readCommandMessage(record.value());
        } catch (MessageException e) {
            rejectUnreadable(record, e.getMessage());
            return null;
        } catch (RuntimeException e) { // anything else a hostile record can provoke in the reader
            rejectUnreadable(record, "unreadable command: " + e);
            return null;
        }
        if (record.key() != null && !record.key().equals(command.tableId())) {
            invalid.increment();
            LOG.warnf("command %s at %s-%d@%d: key %s is not its table id %s; refused", command.commandId(),
                record.topic(), record.partition(), record.offset(), record.key(), command.tableId());
            publisher.publishReply(ReplyMessage.rejected(command.commandId(), command.tableId(),
                new Rejection(MessageException.INVALID_MESSAGE, "the record's key must be the table id"), 0));
            return null;
        }
        return command;
    }

    @Override
    public boolean assigned(List<Integer> partitions) {
        partitions.forEach(assignment::add);
        clock.assigned(partitions); // their clocked tables are loaded by the clock's next tick
        return true;
    }

    @Override
    public void released(List<Integer> partitions, boolean lost) {
        partitions.forEach(assignment::remove);
        clock.revoked(partitions);
        int dropped = commands.tables().dropPartitions(partitions);
        LOG.infof("dropped %d cached table(s) of partitions %s", dropped, partitions);
    }

    private void rejectUnreadable(ConsumerRecord<String, byte[]> record, String reason) {
        invalid.increment();
        String commandId = null;
        String tableId = null;
        try {
            JsonNode node = Codec.parse(record.value());
            commandId = text(node, "commandId");
            tableId = text(node, "tableId");
        } catch (RuntimeException e) {
            // not JSON at all: nobody to answer
        }
        if (tableId == null && record.key() != null && !record.key().isBlank()) {
            tableId = record.key();
        }
        LOG.warnf("skipping malformed command at %s-%d@%d (commandId %s, table %s): %s", record.topic(),
            record.partition(), record.offset(), commandId, tableId, reason);
        if (commandId != null && tableId != null) {
            publisher.publishReply(ReplyMessage.rejected(commandId, tableId,
                new Rejection(MessageException.INVALID_MESSAGE, reason), 0));
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        return v != null && v.isTextual() && !v.asText().isBlank() ? v.asText() : null;
    }
}
