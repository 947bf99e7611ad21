package online.durak.messages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import online.durak.engine.BotLevel;
import online.durak.engine.Card;
import online.durak.engine.CardSet;
import online.durak.engine.Move;
import online.durak.engine.Rejection;
import online.durak.engine.Rules;
import online.durak.engine.Shuffle;
import online.durak.engine.table.TableCommand;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.Tempo;
import org.junit.jupiter.api.Test;

/** Commands and replies on Kafka: exact round trips, the engine command they stand for, strict reading. */
class CodecMessagesTest {

    static List<CommandMessage> sampleCommands() {
        Rules rules = Rules.defaults(3).withTurnClockSeconds(0);
        return List.of(
                new CommandMessage("c1", "t1", "player-0", "Anna", new CommandMessage.Create(rules)),
                new CommandMessage("c2", "t1", "player-1", "Boris", new CommandMessage.Join(null)),
                new CommandMessage("c3", "t1", "player-2", "Chen", new CommandMessage.Join(2)),
                new CommandMessage("c4", "t1", "player-0", null, new CommandMessage.AddBot(2, BotLevel.STRONG)),
                new CommandMessage("c5", "t1", "player-1", null, new CommandMessage.Leave()),
                new CommandMessage("c6", "t1", "player-0", null, new CommandMessage.Start()),
                new CommandMessage("c7", "t1", "player-0", null,
                        new CommandMessage.Play(new Move.Cover(Card.parse("8D"), Card.parse("10D")))),
                new CommandMessage("c8", "t1", "player-1", null,
                        new CommandMessage.Play(new Move.Throw(CardSet.parse("8C", "10H"))), true),
                new CommandMessage("c9", "t1", "player-2", null, new CommandMessage.Continue()),
                new CommandMessage("c10", "t2", "player-0", "Anna", new CommandMessage.Solo(rules,
                        List.of(BotLevel.EASY, BotLevel.STRONG))),
                new CommandMessage("c11", "t2", "player-0", null, new CommandMessage.Hint()),
                new CommandMessage("c12", "t3", "player-1", "Boris", new CommandMessage.Again(rules, 1,
                        java.util.Arrays.asList(null, null, BotLevel.NORMAL))),
                new CommandMessage("clock-t1-42", "t1", "clock", null, new CommandMessage.Clock()),
                new CommandMessage("c13", "t4", "player-0", "Anna", new CommandMessage.Solo(rules,
                        List.of(BotLevel.NORMAL, BotLevel.NORMAL), Tempo.SLOW)),
                new CommandMessage("c14", "t5", "player-0", "Anna", new CommandMessage.Again(rules, 0,
                        java.util.Arrays.asList(null, BotLevel.EASY, BotLevel.EASY), Tempo.FAST)));
    }

    @Test
    void tableCreated_carriesTheTempo_andReadsEventsStoredWithoutOne() {
        Rules rules = Rules.defaults(2).withTurnClockSeconds(0);
        online.durak.engine.Event.TableCreated plain = new online.durak.engine.Event.TableCreated(rules, "p1");
        String json = Codec.toJson(plain);
        assertFalse(json.contains("tempo"), json); // the same JSON as before tempo existed
        assertEquals(plain, Codec.readEvent(Codec.parse(json)));
        online.durak.engine.Event.TableCreated slow = new online.durak.engine.Event.TableCreated(rules, "p1",
                Tempo.SLOW);
        assertTrue(Codec.toJson(slow).contains("\"tempo\":\"SLOW\""), Codec.toJson(slow));
        assertEquals(slow, Codec.readEvent(Codec.parse(Codec.toJson(slow))));
    }

    @Test
    void tempo_travelsWithSoloAndAgain_andIsLeftOutWithoutOne() {
        List<CommandMessage> c = sampleCommands();
        assertEquals(new TableCommand.CreateSolo("player-0", "Anna", Rules.defaults(3).withTurnClockSeconds(0),
                List.of(BotLevel.NORMAL, BotLevel.NORMAL), Shuffle.of(7), Tempo.SLOW), c.get(13).toTableCommand(Shuffle.of(7)));
        assertEquals(Tempo.FAST, ((TableCommand.Again) c.get(14).toTableCommand(Shuffle.of(7))).tempo());
        assertTrue(Codec.toJson(c.get(13)).contains("\"tempo\":\"SLOW\""), Codec.toJson(c.get(13)));
        assertFalse(Codec.toJson(c.get(9)).contains("tempo"), "no tempo: left out");
        assertNull(((CommandMessage.Solo) c.get(9).payload()).tempo());
        MessageException e = assertThrows(MessageException.class, () -> Codec.readCommandMessage(Codec.parse(
                Codec.toJson(c.get(13)).replace("\"SLOW\"", "\"QUICK\""))));
        assertEquals("tempo", e.field());
    }

    static List<ReplyMessage> sampleReplies() {
        java.time.Instant at = java.time.Instant.parse("2026-11-30T12:00:00.123456Z");
        return List.of(ReplyMessage.accepted("c1", "t1", 42),
                ReplyMessage.accepted("c4", List.of(new EventMessage("t1", 43, new online.durak.engine.Event.Took(1),
                        "c4", at), new EventMessage("t1", 44, new online.durak.engine.Event.Took(2), "c4", at))),
                ReplyMessage.rejected("c2", "t1", new Rejection(Rejection.DOES_NOT_BEAT, "8D does not beat 10D"), 42),
                ReplyMessage.rejected("c3", "t1", new Rejection(TableDecider.NO_SUCH_TABLE, "there is no such table"), 0));
    }

    @Test
    void everyCommand_roundTripsExactly() {
        for (CommandMessage m : sampleCommands()) {
            assertEquals(m, Codec.readCommandMessage(Codec.toBytes(m)), Codec.toJson(m));
        }
    }

    @Test
    void everyReply_roundTripsExactly() {
        for (ReplyMessage m : sampleReplies()) {
            assertEquals(m, Codec.readReplyMessage(Codec.toBytes(m)), Codec.toJson(m));
        }
    }

    @Test
    void command_isWrittenWithItsPayload() {
        assertEquals("{\"commandId\":\"c8\",\"tableId\":\"t1\",\"playerId\":\"player-1\",\"name\":null,"
                        + "\"byComputer\":true,\"payload\":{\"type\":\"play\",\"move\":{\"type\":\"throw\","
                        + "\"cards\":[\"8C\",\"10H\"]}}}",
                Codec.toJson(sampleCommands().get(7)));
    }

    /** The rules service draws a shuffle only for {@link CommandMessage#mayDeal}: every other command ignores it. */
    @Test
    void onlyACommandThatMayDeal_usesItsShuffle() {
        int dealing = 0;
        for (CommandMessage m : sampleCommands()) {
            if (m.payload() instanceof CommandMessage.Clock) {
                assertTrue(m.mayDeal(), "the clock's next deal");
                continue;
            }
            boolean uses = !m.toTableCommand(Shuffle.of(1)).equals(m.toTableCommand(Shuffle.of(2)));
            assertEquals(uses, m.mayDeal(), m.payload().type());
            if (!m.mayDeal()) {
                assertEquals(m.toTableCommand(Shuffle.of(1)), m.toTableCommand(null), m.payload().type());
            }
            dealing += uses ? 1 : 0;
        }
        assertTrue(dealing >= 4, "leave, start, continue, solo and again are among the samples");
    }

    @Test
    void command_becomesTheEngineCommand_withTheSeedAddedByTheRulesService() {
        List<CommandMessage> c = sampleCommands();
        assertEquals(new TableCommand.Create("player-0", "Anna", Rules.defaults(3).withTurnClockSeconds(0)),
                c.get(0).toTableCommand(Shuffle.of(1)));
        assertEquals(new TableCommand.Join("player-1", "Boris", null), c.get(1).toTableCommand(Shuffle.of(1)));
        assertEquals(new TableCommand.Join("player-2", "Chen", 2), c.get(2).toTableCommand(Shuffle.of(1)));
        assertEquals(new TableCommand.AddBot("player-0", 2, BotLevel.STRONG), c.get(3).toTableCommand(Shuffle.of(1)));
        assertEquals(new TableCommand.Leave("player-1", Shuffle.of(1)), c.get(4).toTableCommand(Shuffle.of(1)));
        assertEquals(new TableCommand.Start("player-0", Shuffle.of(99)), c.get(5).toTableCommand(Shuffle.of(99)));
        assertEquals(new TableCommand.Play("player-0", new Move.Cover(Card.parse("8D"), Card.parse("10D"))),
                c.get(6).toTableCommand(Shuffle.of(1)));
        assertEquals(new TableCommand.Continue("player-2", Shuffle.of(-7)), c.get(8).toTableCommand(Shuffle.of(-7)));
        assertEquals(new TableCommand.Again("player-1", "Boris", Rules.defaults(3).withTurnClockSeconds(0), 1,
                java.util.Arrays.asList(null, null, BotLevel.NORMAL), Shuffle.of(5)), c.get(11).toTableCommand(Shuffle.of(5)));
    }

    @Test
    void byComputer_isOnlyForMoves() {
        MessageException e = assertThrows(MessageException.class,
                () -> new CommandMessage("c", "t", "p", null, new CommandMessage.Start(), true));
        assertEquals("byComputer", e.field());
        assertFalse(Codec.readCommandMessage(Codec.parse("{\"commandId\":\"c\",\"tableId\":\"t\",\"playerId\":\"p\","
                + "\"payload\":{\"type\":\"leave\"}}")).byComputer());
    }

    @Test
    void badCommands_areRefusedNamingTheField() {
        assertBad(MessageException.INVALID_MESSAGE, "commandId",
                "{\"tableId\":\"t\",\"playerId\":\"p\",\"payload\":{\"type\":\"start\"}}");
        assertBad(MessageException.INVALID_MESSAGE, "seed",
                "{\"commandId\":\"c\",\"tableId\":\"t\",\"playerId\":\"p\",\"seed\":5,\"payload\":{\"type\":\"start\"}}");
        assertBad(MessageException.INVALID_MESSAGE, "seed", "{\"commandId\":\"c\",\"tableId\":\"t\",\"playerId\":\"p\","
                + "\"payload\":{\"type\":\"start\",\"seed\":5}}");
        assertBad(MessageException.INVALID_MESSAGE, "type", "{\"commandId\":\"c\",\"tableId\":\"t\",\"playerId\":\"p\","
                + "\"payload\":{\"type\":\"dance\"}}");
        assertBad(MessageException.INVALID_MESSAGE, "level", "{\"commandId\":\"c\",\"tableId\":\"t\",\"playerId\":\"p\","
                + "\"payload\":{\"type\":\"addBot\",\"seat\":1,\"level\":\"GOD\"}}");
        assertBad(MessageException.INVALID_MOVE, "card", "{\"commandId\":\"c\",\"tableId\":\"t\",\"playerId\":\"p\","
                + "\"payload\":{\"type\":\"play\",\"move\":{\"type\":\"cover\",\"attack\":\"8D\"}}}");
        assertBad(MessageException.INVALID_SETTING, "deck", "{\"commandId\":\"c\",\"tableId\":\"t\",\"playerId\":\"p\","
                + "\"payload\":{\"type\":\"create\",\"rules\":{\"variant\":\"PODKIDNOI\"}}}");
    }

    @Test
    void reply_isWrittenWithNullsWhenAccepted() {
        assertEquals("{\"commandId\":\"c1\",\"tableId\":\"t1\",\"accepted\":true,\"code\":null,\"message\":null,"
                + "\"lastSeq\":42}", Codec.toJson(ReplyMessage.accepted("c1", "t1", 42)));
        ReplyMessage r = sampleReplies().get(2);
        assertFalse(r.accepted());
        assertEquals(Rejection.DOES_NOT_BEAT, r.code());
        assertNull(ReplyMessage.accepted("c", "t", 1).code());
        assertTrue(assertThrows(MessageException.class, () -> new ReplyMessage("c", "t", false, null, null, 1))
                .getMessage().contains("code"));
    }

    @Test
    void replyEvents_areTheTablesLastEventsInOrder() {
        java.time.Instant at = java.time.Instant.parse("2026-11-30T12:00:00Z");
        EventMessage e5 = new EventMessage("t1", 5, new online.durak.engine.Event.Took(1), "c", at);
        EventMessage e6 = new EventMessage("t1", 6, new online.durak.engine.Event.Took(2), "c", at);
        ReplyMessage r = ReplyMessage.accepted("c", List.of(e5, e6));
        assertEquals(6, r.lastSeq());
        assertEquals("t1", r.tableId());
        assertTrue(Codec.toJson(ReplyMessage.accepted("c", "t1", 6)).indexOf("events") < 0, "no events: left out");
        assertEquals("events", assertThrows(MessageException.class,
                () -> new ReplyMessage("c", "t1", true, null, null, 7, List.of(e5, e6))).field(), "must end at lastSeq");
        assertEquals("events", assertThrows(MessageException.class,
                () -> new ReplyMessage("c", "t1", true, null, null, 6, List.of(e6, e5))).field(), "in seq order");
        assertEquals("events", assertThrows(MessageException.class,
                () -> new ReplyMessage("c", "t2", true, null, null, 6, List.of(e5, e6))).field(), "of this table");
        assertEquals("events", assertThrows(MessageException.class,
                () -> new ReplyMessage("c", "t1", false, "X", "x", 6, List.of(e6))).field(), "none when rejected");
        assertEquals("events", assertThrows(MessageException.class, () -> Codec.readReplyMessage(Codec.parse(
                "{\"commandId\":\"c\",\"tableId\":\"t\",\"accepted\":true,\"code\":null,\"message\":null,"
                        + "\"lastSeq\":1,\"events\":{}}"))).field());
    }

    private static void assertBad(String code, String field, String json) {
        MessageException e = assertThrows(MessageException.class, () -> Codec.readCommandMessage(Codec.parse(json)),
                json);
        assertEquals(code, e.code(), json);
        assertEquals(field, e.field(), json);
    }
}
