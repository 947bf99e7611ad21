package online.durak.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import online.durak.engine.BotLevel;
import online.durak.engine.Card;
import online.durak.engine.CardSet;
import online.durak.engine.DailySecret;
import online.durak.engine.DealDecider;
import online.durak.engine.Event;
import online.durak.engine.Move;
import online.durak.engine.Rejection;
import online.durak.engine.Rules;
import online.durak.engine.ShuffleProof;
import online.durak.engine.table.LoggedTable;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableState;
import online.durak.engine.table.TableStatus;
import online.durak.messages.Codec;
import online.durak.messages.CommandMessage;
import online.durak.messages.EventMessage;
import online.durak.messages.MessageException;
import online.durak.messages.ReplyMessage;
import online.durak.rules.messaging.Assignment;
import online.durak.service.kafka.KafkaConfig;
import online.durak.rules.application.CommandService;
import online.durak.rules.application.TableAggregate;
import online.durak.rules.messaging.Publisher;
import online.durak.testkit.DurakInfraResource;
import online.durak.testkit.TestInfra;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The rules service against the real broker and database of the test run: commands in on
 * {@code durak.commands}, replies and events read back with plain consumers, the store checked directly.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
class RulesFlowTest {

    static Bus bus;

    @Inject
    Pool pool;
    @Inject
    CommandService handler;
    @Inject
    FaultyPublisher publisher;
    @Inject
    Assignment assignment;
    @Inject
    KafkaConfig kafka;
    @Inject
    io.micrometer.core.instrument.MeterRegistry registry;

    @BeforeAll
    static void openBus() {
        bus = new Bus(TestInfra.shared().bootstrapServers());
    }

    /** The service under test has its own group: wait until it owns every partition (at once after the first). */
    @BeforeEach
    void awaitAssignment() throws InterruptedException {
        bus.awaitOwnedByService(assignment);
    }

    @AfterAll
    static void closeBus() {
        if (bus != null) {
            bus.close();
        }
    }

    /**
     * A table of four: the host creates, three guests join, the host starts. Without a clock: these tests are
     * about the flow, and a running clocked table left in the build's shared database would be timed out (and
     * played by the computer) by every later rules service of the build.
     */
    record Table(String id, List<String> players) {
    }

    Table startedTable() {
        String id = Tables.newTableId();
        List<String> players = List.of("host-" + id, "guest1-" + id, "guest2-" + id, "guest3-" + id);
        accepted(bus.call(Tables.create(id, players.get(0), unclocked(4))));
        for (String guest : players.subList(1, 4)) {
            accepted(bus.call(Tables.join(id, guest)));
        }
        ReplyMessage started = accepted(bus.call(Tables.start(id, players.get(0))));
        bus.awaitEvents(id, started.lastSeq());
        return new Table(id, players);
    }

    /** Plays the engine's first legal move for whoever is to act; returns the reply. */
    ReplyMessage playOne(Table table) {
        TableState state = Tables.fold(bus.eventsOf(table.id()));
        Tables.Turn turn = Tables.turn(state);
        ReplyMessage reply = accepted(bus.call(Tables.play(table.id(), turn.playerId(), turn.move())));
        bus.awaitEvents(table.id(), reply.lastSeq());
        return reply;
    }

    /** rules.md's defaults without a clock (see {@link #startedTable}). */
    static Rules unclocked(int players) {
        return Rules.defaults(players).withTurnClockSeconds(0);
    }

    static ReplyMessage accepted(ReplyMessage reply) {
        assertTrue(reply.accepted(), () -> "rejected: " + reply);
        return reply;
    }

    // ---- the flow ----

    @Test
    void aMatchStartsAndMovesArePlayedThroughTheTopics() {
        Table table = startedTable();
        ReplyMessage last = null;
        for (int i = 0; i < 8; i++) {
            last = playOne(table);
        }
        List<EventMessage> published = bus.awaitEvents(table.id(), last.lastSeq());
        // every seq once, in order, without gaps, ending at the last reply's lastSeq
        assertEquals(LongStream.rangeClosed(1, last.lastSeq()).boxed().toList(),
            published.stream().map(EventMessage::seq).toList());
        // and the reply carries the events of its command exactly as published
        assertFalse(last.events().isEmpty());
        assertEquals(published.subList(published.size() - last.events().size(), published.size()), last.events());
        List<String> types = published.stream().map(EventMessage::type).toList();
        assertEquals(List.of("TableCreated", "SeatTaken", "SeatTaken", "SeatTaken", "SeatTaken", "MatchStarted",
            "DealStarted"), types.subList(0, 7));

        // the store holds exactly what was published, all marked published
        List<Row> rows = rows("select seq, type, event::text as event, command_id from table_events"
            + " where table_id = $1 order by seq", table.id());
        assertEquals(published.size(), rows.size());
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            EventMessage e = published.get(i);
            assertEquals(e.seq(), r.getLong("seq"));
            assertEquals(e.type(), r.getString("type"));
            assertEquals(Codec.toNode(e.event()), Codec.parse(r.getString("event")));
            assertEquals(e.commandId(), r.getString("command_id"));
        }
        awaitAllPublished(table.id());

        // and the state folded from the topic is the one the service holds
        LoggedTable cached = handler.tables().peek(table.id());
        assertNotNull(cached);
        assertEquals(last.lastSeq(), cached.seq());
        assertEquals(Tables.fingerprint(Tables.fold(published)), Tables.fingerprint(cached.state()));
        assertEquals(TableStatus.PLAYING, cached.state().status());

        // one commands row per command (create, 3 joins, start, 8 moves), all accepted
        Row counts = rows("select count(*) as n, bool_and(accepted) as ok, max(last_seq) as last from commands"
            + " where table_id = $1", table.id()).get(0);
        assertEquals(13, counts.getLong("n"));
        assertTrue(counts.getBoolean("ok"));
        assertEquals(last.lastSeq(), counts.getLong("last"));
    }

    /** The DealStarted of a table's first deal, as the store holds it. */
    private Event.DealStarted storedDeal(String tableId) {
        return (Event.DealStarted) Codec.readEvent(Codec.parse(rows("select event::text as event from table_events"
            + " where table_id = $1 and type = 'DealStarted' order by seq limit 1", tableId).get(0).getString("event")));
    }

    @Test
    void everyDeal_isSealedWithASaltOfItsOwn_keptWithTheDealInTheStore() {
        Table one = startedTable();
        Table two = startedTable();
        Event.DealStarted a = storedDeal(one.id());
        Event.DealStarted b = storedDeal(two.id());
        assertTrue(ShuffleProof.isSalt(a.salt()), a.salt());
        assertTrue(ShuffleProof.isSalt(b.salt()), b.salt());
        assertNotEquals(a.salt(), b.salt());
        assertNotEquals(a.deckOrder(), b.deckOrder());
        // the table's state holds the seal every seat's view shows
        LoggedTable cached = handler.tables().peek(one.id());
        assertEquals(ShuffleProof.of(a).commitment(), cached.state().match().deal().shuffleCommitment());
    }

    @Test
    void aDailyTable_isDealtFromTheInstallationsSecret_andTheDate() throws Exception {
        java.time.LocalDate day = java.time.LocalDate.of(2026, 12, 1);
        List<List<Card>> decks = new ArrayList<>();
        for (int attempt = 0; attempt < 2; attempt++) {
            String id = Tables.newTableId();
            accepted(bus.call(new CommandMessage(Tables.newCommandId(), id, "daily-" + id, "Ann",
                new CommandMessage.Solo(Rules.daily(day, attempt > 0), List.of(BotLevel.STRONG, BotLevel.STRONG),
                    null))));
            decks.add(storedDeal(id).deckOrder());
        }
        assertEquals(decks.get(0), decks.get(1), "every attempt of the day meets the same cards");
        // the cards the engine deals from this installation's secret (the test JVM's file), and from no other
        DailySecret secret = new DailySecret(java.nio.file.Files.readAllBytes(TestInfra.dailySecretFile()));
        Rules rules = Rules.daily(day, false);
        assertEquals(DealDecider.deal(rules, rules.daily().shuffleSeed(secret, 1), 1, 0, -1).deckOrder(), decks.get(0));
        assertNotEquals(DealDecider.deal(rules, rules.daily().shuffleSeed(new DailySecret(new byte[32]), 1), 1, 0, -1)
            .deckOrder(), decks.get(0));
    }

    @Test
    void aRepeatedCommandIdIsAppliedOnceAndAnsweredTheSame() {
        String id = Tables.newTableId();
        CommandMessage create = Tables.create(id, "host", unclocked(2));
        ReplyMessage first = accepted(bus.call(create));
        CommandMessage join = Tables.join(id, "guest");
        ReplyMessage joined = accepted(bus.call(join));
        assertEquals(3, joined.lastSeq());

        bus.send(create);
        bus.send(join);
        bus.send(join);
        // answered the same, without the events (they were published with the first answer)
        assertEquals(List.of(first, first.withoutEvents()), bus.awaitReplies(create.commandId(), 2));
        assertEquals(List.of(joined, joined.withoutEvents(), joined.withoutEvents()),
            bus.awaitReplies(join.commandId(), 3));

        // the log is unchanged: three events, each published once
        assertEquals(3, count("select count(*) from table_events where table_id = $1", id));
        assertEquals(2, count("select count(*) from commands where table_id = $1", id));

        // a repeat that the engine would accept again (the guest left, so joining is legal once more) is still
        // only answered again: its events and its commands row go in one statement, which the key refuses whole
        ReplyMessage left = accepted(bus.call(new CommandMessage(Tables.newCommandId(), id, "guest", null,
            new CommandMessage.Leave())));
        bus.send(join);
        assertEquals(joined.withoutEvents(), bus.awaitReplies(join.commandId(), 4).get(3));
        assertEquals(left.lastSeq(), count("select count(*) from table_events where table_id = $1", id));
        assertEquals(3, count("select count(*) from commands where table_id = $1", id));
        ReplyMessage after = accepted(bus.call(Tables.join(id, "guest")));
        assertEquals(LongStream.rangeClosed(1, after.lastSeq()).boxed().toList(),
            bus.awaitEvents(id, after.lastSeq()).stream().map(EventMessage::seq).toList());

        // the same commandId from someone else, for another table, is refused and changes nothing
        String other = Tables.newTableId();
        CommandMessage reused = new CommandMessage(join.commandId(), other, "stranger", "S",
            new CommandMessage.Create(unclocked(2)));
        bus.send(reused);
        List<ReplyMessage> replies = bus.awaitReplies(join.commandId(), 5);
        ReplyMessage refused = replies.get(4);
        assertEquals(other, refused.tableId());
        assertFalse(refused.accepted());
        assertEquals(CommandService.COMMAND_ID_IN_USE, refused.code());
        assertEquals(0, count("select count(*) from table_events where table_id = $1", other));
    }

    @Test
    void aCommandIdReusedForAnotherKindOfCommand_isRefused_andPlaysNothing() {
        String id = Tables.newTableId();
        CommandMessage create = Tables.create(id, "host", unclocked(2));
        ReplyMessage created = accepted(bus.call(create));
        assertEquals("create", rows("select kind from commands where command_id = $1", create.commandId()).get(0)
            .getString("kind"));
        // the same player, the same table, the same commandId: but a leave, not the create it named
        bus.send(new CommandMessage(create.commandId(), id, "host", "host's name", new CommandMessage.Leave()));
        ReplyMessage refused = bus.awaitReplies(create.commandId(), 2).get(1);
        assertFalse(refused.accepted());
        assertEquals(CommandService.COMMAND_ID_IN_USE, refused.code());
        assertEquals(created.lastSeq(), count("select count(*) from table_events where table_id = $1", id));
        assertEquals(1, count("select count(*) from commands where table_id = $1", id));
        // the create itself, sent again, is still answered as before
        bus.send(create);
        assertEquals(created.withoutEvents(), bus.awaitReplies(create.commandId(), 3).get(2));
    }

    @Test
    void offsetsAreCommittedWithinTheCommitInterval() throws Exception {
        String id = Tables.newTableId();
        CommandMessage create = Tables.create(id, "host", unclocked(2));
        org.apache.kafka.clients.producer.RecordMetadata sent = bus.send(create);
        accepted(bus.awaitReply(create.commandId()));
        org.apache.kafka.common.TopicPartition tp =
            new org.apache.kafka.common.TopicPartition(sent.topic(), sent.partition());
        try (org.apache.kafka.clients.admin.Admin admin = org.apache.kafka.clients.admin.Admin.create(java.util.Map.of(
                "bootstrap.servers", TestInfra.shared().bootstrapServers()))) {
            long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (true) {
                org.apache.kafka.clients.consumer.OffsetAndMetadata committed = admin
                    .listConsumerGroupOffsets(kafka.consumers().get("commands").group().orElseThrow()).partitionsToOffsetAndMetadata().get().get(tp);
                if (committed != null && committed.offset() > sent.offset()) {
                    break;
                }
                assertTrue(System.nanoTime() < end, "offset " + sent.offset() + " of " + tp + " not committed: "
                    + committed);
                Thread.sleep(100);
            }
        }
    }

    @Test
    void illegalMovesAndStrangersAreRejectedWithTheEngineCodesAndChangeNothing() {
        Table table = startedTable();
        playOne(table);
        TableState state = Tables.fold(bus.eventsOf(table.id()));
        long lastSeq = bus.eventsOf(table.id()).size();
        long storedBefore = count("select count(*) from table_events where table_id = $1", table.id());
        assertEquals(lastSeq, storedBefore);
        Tables.Turn turn = Tables.turn(state);

        // someone seated but not to act
        String idle = table.players().stream().filter(p -> !p.equals(turn.playerId())).findFirst().orElseThrow();
        assertRejected(bus.call(Tables.play(table.id(), idle, turn.move())), Rejection.NOT_YOUR_TURN, lastSeq);
        // the one to act, with a card they do not hold
        online.durak.engine.DealState deal = state.match().deal();
        Card notHeld = otherCard(state, turn.seat()).orElseThrow();
        Move bad = switch (deal.phase()) {
            case ATTACK -> new Move.Attack(CardSet.of(notHeld));
            case DEFENSE -> new Move.Cover(deal.table().get(0)[0], notHeld);
            default -> new Move.Throw(CardSet.of(notHeld));
        };
        assertRejected(bus.call(Tables.play(table.id(), turn.playerId(), bad)), Rejection.CARD_NOT_IN_HAND, lastSeq);
        // a player without a seat
        assertRejected(bus.call(Tables.play(table.id(), "stranger-" + table.id(), turn.move())),
            TableDecider.NOT_SEATED, lastSeq);
        // a join at a full, running table
        assertRejected(bus.call(Tables.join(table.id(), "late-" + table.id())), TableDecider.MATCH_STARTED, lastSeq);
        // a table that does not exist
        String none = Tables.newTableId();
        assertRejected(bus.call(Tables.join(none, "x")), TableDecider.NO_SUCH_TABLE, 0);

        // the log did not change, nothing was published, rejections are recorded
        assertEquals(storedBefore, count("select count(*) from table_events where table_id = $1", table.id()));
        assertEquals(lastSeq, bus.eventsOf(table.id()).size());
        assertEquals(4, count("select count(*) from commands where table_id = $1 and not accepted", table.id()));
        // and the right move is still accepted
        accepted(bus.call(Tables.play(table.id(), turn.playerId(), turn.move())));
    }

    @Test
    void aLeaveMidMatch_seatsABotForThePerson_andLeavesFromStrangersOrTwiceChangeNothing() {
        Table table = startedTable();
        playOne(table);
        long lastSeq = bus.eventsOf(table.id()).size();
        assertRejected(bus.call(new CommandMessage(Tables.newCommandId(), table.id(), "stranger-" + table.id(), null,
            new CommandMessage.Leave())), TableDecider.NOT_SEATED, lastSeq);
        String leaver = table.players().get(2);
        ReplyMessage left = accepted(bus.call(new CommandMessage(Tables.newCommandId(), table.id(), leaver, null,
            new CommandMessage.Leave())));
        assertEquals(lastSeq + 1, left.lastSeq());
        List<EventMessage> published = bus.awaitEvents(table.id(), left.lastSeq());
        assertEquals(new Event.MatchLeft(2, leaver, online.durak.engine.BotLevel.NORMAL),
            published.get(published.size() - 1).event(), "people only: a NORMAL bot takes the seat");
        assertEquals(1, count("select count(*) from table_events where table_id = $1 and type = 'MatchLeft'",
            table.id()));
        TableState state = Tables.fold(published);
        assertEquals("bot-2", state.holder(2).playerId());
        assertEquals(TableStatus.PLAYING, state.status());
        assertRejected(bus.call(new CommandMessage(Tables.newCommandId(), table.id(), leaver, null,
            new CommandMessage.Leave())), TableDecider.NOT_SEATED, left.lastSeq());
        assertEquals(left.lastSeq(), count("select count(*) from table_events where table_id = $1", table.id()));
    }

    private static java.util.Optional<Card> otherCard(TableState state, int seat) {
        CardSet hand = state.match().deal().hand(seat);
        for (int s = 0; s < state.seats().size(); s++) {
            if (s != seat) {
                for (Card c : state.match().deal().hand(s).cards()) {
                    if (!hand.cards().contains(c)) {
                        return java.util.Optional.of(c);
                    }
                }
            }
        }
        return java.util.Optional.empty();
    }

    static void assertRejected(ReplyMessage reply, String code, long lastSeq) {
        assertFalse(reply.accepted(), () -> "accepted: " + reply);
        assertEquals(code, reply.code(), reply::toString);
        assertNotNull(reply.message());
        assertEquals(lastSeq, reply.lastSeq());
    }

    @Test
    void malformedRecordsAreSkippedAndAnsweredWhenTheyNameACommand() {
        String id = Tables.newTableId();
        bus.sendRaw(id, "this is not JSON");
        bus.sendRaw(id, new byte[] {(byte) 0xff, 0, 1});
        bus.sendRaw(id, "{\"commandId\":\"bad-1-" + id + "\",\"tableId\":\"" + id + "\",\"playerId\":\"p\","
            + "\"payload\":{\"type\":\"start\"},\"extra\":true}");
        bus.sendRaw(id, "{\"commandId\":\"bad-2-" + id + "\",\"tableId\":\"" + id + "\",\"playerId\":\"p\","
            + "\"payload\":{\"type\":\"fly\"}}");
        ReplyMessage unknownField = bus.awaitReply("bad-1-" + id);
        assertRejected(unknownField, MessageException.INVALID_MESSAGE, 0);
        assertTrue(unknownField.message().contains("extra"), unknownField.message());
        assertRejected(bus.awaitReply("bad-2-" + id), MessageException.INVALID_MESSAGE, 0);
        // the consumer goes on: a good command after them is handled
        accepted(bus.call(Tables.create(id, "host", unclocked(2))));
        assertEquals(0, count("select count(*) from commands where command_id like 'bad-%' and table_id = $1", id));
    }

    // ---- recovery ----

    @Test
    void theRelayPublishesEventsCommittedButNeverPublished() {
        String id = Tables.newTableId();
        Event created = new Event.TableCreated(unclocked(2), "crashed-host");
        Event seated = new Event.SeatTaken(0, "crashed-host", "H", null);
        OffsetDateTime at = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(30).withNano(0);
        for (Event e : List.of(created, seated)) {
            long seq = e == created ? 1 : 2;
            pool.preparedQuery("insert into table_events (table_id, seq, type, event, command_id, at)"
                    + " values ($1, $2, $3, $4::text::jsonb, $5, $6)")
                .execute(Tuple.tuple(java.util.Arrays.asList(id, seq, e.type(), Codec.toJson(e), "lost-" + id, at)))
                .await().atMost(Duration.ofSeconds(10));
        }
        // the outbox row of the command, whose publish a crash cut off
        pool.preparedQuery("insert into outbox (table_id, first_seq, last_seq, at) values ($1, 1, 2, $2)")
            .execute(Tuple.of(id, at)).await().atMost(Duration.ofSeconds(10));
        List<EventMessage> events = bus.awaitEvents(id, 2);
        assertEquals(List.of(1L, 2L), events.stream().map(EventMessage::seq).toList());
        assertEquals(List.of("TableCreated", "SeatTaken"), events.stream().map(EventMessage::type).toList());
        assertEquals(at.toInstant(), events.get(0).at());
        awaitAllPublished(id);
    }

    @Test
    void aPublishThatFailsAfterTheCommitIsDoneByTheRetry() {
        String id = Tables.newTableId();
        accepted(bus.call(Tables.create(id, "host", unclocked(2))));
        bus.awaitEvents(id, 2);
        int failuresBefore = publisher.injectedFailures();
        publisher.failNextPublish(id);
        CommandMessage join = Tables.join(id, "guest");
        ReplyMessage reply = accepted(bus.call(join));
        assertEquals(failuresBefore + 1, publisher.injectedFailures(), "the publish failed once");
        assertEquals(3, reply.lastSeq());
        List<EventMessage> events = bus.awaitEvents(id, 3);
        assertEquals(List.of(1L, 2L, 3L), events.stream().map(EventMessage::seq).distinct().toList());
        assertEquals(3, count("select count(*) from table_events where table_id = $1", id));
        assertEquals(1, count("select count(*) from commands where command_id = $1", join.commandId()));
        awaitAllPublished(id);
    }

    @Test
    void aDroppedCacheIsRebuiltFromTheStoreToTheSameState() {
        Table table = startedTable();
        playOne(table);
        playOne(table);
        LoggedTable before = handler.tables().peek(table.id());
        assertNotNull(before);
        handler.tables().remove(table.id());
        assertNull(handler.tables().peek(table.id()));

        LoggedTable rebuilt = handler.table(table.id(), publisher.commandPartition(table.id()));
        assertEquals(before.seq(), rebuilt.seq());
        assertEquals(before.turnStartedAt(), rebuilt.turnStartedAt());
        assertEquals(before.createdAt(), rebuilt.createdAt());
        assertEquals(Tables.fingerprint(before.state()), Tables.fingerprint(rebuilt.state()));

        // the service, with nothing cached, rebuilds it itself and plays on
        handler.tables().remove(table.id());
        ReplyMessage next = playOne(table);
        assertEquals(before.seq() + 1, bus.awaitEvents(table.id(), next.lastSeq()).stream()
            .filter(e -> e.seq() > before.seq()).findFirst().orElseThrow().seq());
        assertEquals(Tables.fingerprint(Tables.fold(bus.eventsOf(table.id()))),
            Tables.fingerprint(handler.tables().peek(table.id()).state()));
    }

    @Test
    void aStaleCacheLosesTheRaceForTheNextSeqAndDecidesAgain() {
        Table table = startedTable();
        LoggedTable stale = handler.tables().peek(table.id());
        playOne(table); // the log moves on; then pretend another writer did it behind our back
        handler.tables().put(table.id(), stale, publisher.commandPartition(table.id()));

        ReplyMessage reply = playOne(table);
        List<EventMessage> events = bus.awaitEvents(table.id(), reply.lastSeq());
        List<Long> seqs = new ArrayList<>(events.stream().map(EventMessage::seq).toList());
        assertEquals(LongStream.rangeClosed(1, reply.lastSeq()).boxed().toList(), seqs);
        assertEquals(Tables.fingerprint(Tables.fold(events)),
            Tables.fingerprint(handler.tables().peek(table.id()).state()));
    }

    @Test
    void anAppendOnAStaleStateHitsTheSeqKeyAndIsDecidedAgain() {
        String id = Tables.newTableId();
        accepted(bus.call(Tables.create(id, "host", unclocked(4))));
        LoggedTable stale = handler.tables().peek(id);
        assertEquals(2, stale.seq());
        accepted(bus.call(Tables.join(id, "guest1")));
        handler.tables().put(id, stale, publisher.commandPartition(id)); // as if another writer had seated guest1

        // on the stale state guest2's join is legal too (seat 1, seq 3): the primary key refuses it
        ReplyMessage joined = accepted(bus.call(Tables.join(id, "guest2")));
        assertEquals(4, joined.lastSeq());
        List<EventMessage> events = bus.awaitEvents(id, 4);
        assertEquals(List.of(1L, 2L, 3L, 4L), events.stream().map(EventMessage::seq).toList());
        assertEquals(new Event.SeatTaken(2, "guest2", "guest2's name", null), events.get(3).event());
        assertEquals(List.of("host", "guest1", "guest2"), handler.tables().peek(id).state().seats().stream()
            .filter(java.util.Objects::nonNull).map(h -> h.playerId()).toList());
    }

    // ---- group commit: the commands of one poll together ----

    @Test
    void aGroupOfCommands_isDecidedInOrder_onWhatTheOnesBeforeLeft_andStoredAndPublishedTogether() {
        String id = Tables.newTableId();
        accepted(bus.call(Tables.create(id, "host", unclocked(4))));
        int partition = publisher.commandPartition(id);
        CommandMessage join1 = Tables.join(id, "guest1");
        CommandMessage join1Again = Tables.join(id, "guest1"); // legal only before the first join
        CommandMessage join2 = Tables.join(id, "guest2");
        long groups = registry.get("durak.rules.batch.commands").summary().count();
        handler.handleAll(List.of(new TableAggregate.Submitted(join1, partition),
            new TableAggregate.Submitted(join1Again, partition), new TableAggregate.Submitted(join2, partition)));

        assertEquals(3, accepted(bus.awaitReply(join1.commandId())).lastSeq());
        ReplyMessage refused = bus.awaitReply(join1Again.commandId());
        assertFalse(refused.accepted(), () -> "decided after the first join: " + refused);
        assertEquals(3, refused.lastSeq());
        assertEquals(4, accepted(bus.awaitReply(join2.commandId())).lastSeq());
        assertEquals(List.of(1L, 2L, 3L, 4L), bus.awaitEvents(id, 4).stream().map(EventMessage::seq).toList());
        assertEquals(4, count("select count(*) from table_events where table_id = $1", id));
        assertEquals(4, count("select count(*) from commands where table_id = $1", id));
        assertEquals(1, count("select count(*) from commands where table_id = $1 and not accepted", id));
        assertTrue(registry.get("durak.rules.batch.commands").summary().count() > groups, "stored as one group");
        awaitAllPublished(id);
    }

    @Test
    void aGroupWithARepeatedCommand_storesNothingAtOnce_andThenEachOnItsOwn() {
        String id = Tables.newTableId();
        accepted(bus.call(Tables.create(id, "host", unclocked(4))));
        CommandMessage join1 = Tables.join(id, "guest1");
        ReplyMessage joined = accepted(bus.call(join1));
        int partition = publisher.commandPartition(id);
        CommandMessage join2 = Tables.join(id, "guest2");
        CommandMessage join3 = Tables.join(id, "guest3");
        handler.handleAll(List.of(new TableAggregate.Submitted(join2, partition),
            new TableAggregate.Submitted(join1, partition), new TableAggregate.Submitted(join3, partition)));

        assertEquals(4, accepted(bus.awaitReply(join2.commandId())).lastSeq());
        assertEquals(List.of(joined, joined.withoutEvents()), bus.awaitReplies(join1.commandId(), 2));
        assertEquals(5, accepted(bus.awaitReply(join3.commandId())).lastSeq());
        // answering the repeat publishes again whatever of the table is not yet marked published (the marks are
        // written behind): a duplicate that consumers pass over by seq, so only the distinct seqs count
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L),
            bus.awaitEvents(id, 5).stream().map(EventMessage::seq).distinct().sorted().toList());
        assertEquals(5, count("select count(*) from table_events where table_id = $1", id));
        assertEquals(4, count("select count(*) from commands where table_id = $1", id));
        List<EventMessage> once = new ArrayList<>(bus.eventsOf(id).stream().collect(java.util.stream.Collectors.toMap(
            EventMessage::seq, e -> e, (a, b) -> a, java.util.TreeMap::new)).values());
        assertEquals(Tables.fingerprint(Tables.fold(once)), Tables.fingerprint(handler.tables().peek(id).state()));
    }

    // ---- helpers ----

    private List<Row> rows(String sql, Object... params) {
        List<Row> list = new ArrayList<>();
        pool.preparedQuery(sql).execute(Tuple.tuple(java.util.Arrays.asList(params)))
            .await().atMost(Duration.ofSeconds(10)).forEach(list::add);
        return list;
    }

    private long count(String sql, Object... params) {
        return rows(sql, params).get(0).getLong(0);
    }

    private void awaitAllPublished(String tableId) {
        long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (count("select coalesce(sum(last_seq - first_seq + 1), 0) from outbox where table_id = $1", tableId) > 0) {
            assertTrue(System.nanoTime() < end, "events of " + tableId + " still unpublished");
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }
}
