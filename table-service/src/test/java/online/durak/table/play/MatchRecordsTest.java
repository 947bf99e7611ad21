package online.durak.table.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import online.durak.engine.BotLevel;
import online.durak.engine.Event;
import online.durak.engine.record.MatchRecord;
import online.durak.engine.record.RecordReader;
import online.durak.engine.table.TableCommand;
import online.durak.messages.EventMessage;
import online.durak.messages.Wire;
import online.durak.service.api.ApiException;
import online.durak.table.Script;
import online.durak.table.projection.TableSnapshot;
import org.junit.jupiter.api.Test;

/** A finished match's record (GET /api/tables/{id}/record) and a pasted record read back (POST /api/records). */
class MatchRecordsTest {
    private static final ObjectMapper MAPPER = new ObjectMapper().registerModule(Wire.module());

    private static Script finished() {
        Script g = Script.started("t-rec", "p0", "p1", Script.twoPlayers(3), 5).playDeal();
        for (int deal = 2; deal <= 3; deal++) {
            g.run(new TableCommand.Continue("p0", Script.shuffle(deal))).run(new TableCommand.Continue("p1",
                    Script.shuffle(deal))).playDeal();
        }
        return g;
    }

    @Test
    void aFinishedMatchsRecord_readsBackIntoItsLog() throws Exception {
        Script g = finished();
        String text = MatchRecords.export(TableViewsTest.snapshot(g));
        assertTrue(text.startsWith("[Durak \"1\"]\n[Table \"t-rec\"]\n"), text);
        assertTrue(text.contains("[Seat0 \"Anna\"]\n[Seat1 \"Boris\"]\n"), text);
        MatchRecord r = RecordReader.read(text);
        assertEquals(g.messages.size(), r.log().size());
        for (int i = 0; i < g.messages.size(); i++) {
            assertEquals(g.messages.get(i).seq(), r.log().get(i).seq());
            assertEquals(g.messages.get(i).event(), r.log().get(i).event());
        }
    }

    @Test
    void aRunningMatch_hasNoRecordYet() {
        Script g = Script.started("t-run", "p0", "p1", Script.twoPlayers(3), 5).playDeal();
        ApiException e = assertThrows(ApiException.class, () -> MatchRecords.export(TableViewsTest.snapshot(g)));
        assertEquals(409, e.status());
        assertEquals("MATCH_NOT_OVER", e.code());
    }

    @Test
    void aDealThatNeverEnded_leavesNothingOfItsCardsInTheRecord() throws Exception {
        Script g = new Script("t-left").run(new TableCommand.CreateSolo("p0", "Anna", Script.twoPlayers(3),
                List.of(BotLevel.NORMAL), Script.shuffle(3))).playDeal()
                .run(new TableCommand.Continue("p0", Script.shuffle(4))).play(5)
                .run(new TableCommand.Leave("p0"));
        String text = MatchRecords.export(TableViewsTest.snapshot(g));
        assertTrue(text.contains("[Deal1Deck "), text);
        assertFalse(text.contains("[Deal2Deck "), text);
        assertFalse(text.contains("deal 2 "), text);
        MatchRecord r = RecordReader.read(text);
        List<Event> kept = g.messages.stream().map(EventMessage::event).filter(e -> !(e instanceof Event.DealStarted d
                && d.deal() == 2)).toList();
        int second = g.messages.stream().map(EventMessage::event).toList().indexOf(g.messages.stream()
                .map(EventMessage::event).filter(e -> e instanceof Event.DealStarted d && d.deal() == 2).findFirst()
                .orElseThrow());
        List<Event> expected = new java.util.ArrayList<>(kept.subList(0, second));
        kept.subList(second, kept.size()).stream().filter(e -> !(e instanceof Event.DealEvent)).forEach(expected::add);
        assertEquals(expected, r.log().stream().map(MatchRecord.Entry::event).toList());
        assertTrue(expected.get(expected.size() - 1) instanceof Event.MatchEnded);
    }

    @Test
    void aPastedRecord_isAnsweredAsTheTablesReplays() {
        Script g = finished();
        TableSnapshot s = TableViewsTest.snapshot(g);
        Answers.RecordReplay r = MatchRecords.read(MatchRecords.export(s));
        assertEquals("t-rec", r.tableId());
        assertEquals(3, r.deals().size());
        assertEquals(s.state().match().totals(), r.totals());
        assertEquals(s.state().match().places(), r.places());
        assertEquals("Boris", r.seats().get(1).name());
        for (int deal = 1; deal <= 3; deal++) {
            JsonNode replayed = MAPPER.valueToTree(r.deals().get(deal - 1));
            JsonNode table = MAPPER.valueToTree(TableViews.replay(s, deal));
            // the same steps, views and proof; a record keeps no command ids, and one time per move (its events' own
            // are the move's)
            for (JsonNode step : replayed.get("steps")) {
                ((ObjectNode) step.get("event")).remove(List.of("at", "commandId"));
            }
            for (JsonNode step : table.get("steps")) {
                ((ObjectNode) step.get("event")).remove(List.of("at", "commandId"));
            }
            assertEquals(table, replayed, "deal " + deal);
        }
    }

    @Test
    void aRecordThatDoesNotHold_isRefusedWithTheLineAndTheReason() {
        String text = MatchRecords.export(TableViewsTest.snapshot(finished()));
        ApiException e = assertThrows(ApiException.class, () -> MatchRecords.read(text.replace("[Seat1 \"Boris\"]",
                "[Seat1 \"Bob\"]")));
        assertEquals(400, e.status());
        assertEquals("INVALID_RECORD", e.code());
        assertTrue(e.getMessage().matches("line \\d+: Seat1 is \"Bob\", but the moves come to \"Boris\""), e.getMessage());
        ApiException empty = assertThrows(ApiException.class, () -> MatchRecords.read(""));
        assertEquals("INVALID_RECORD", empty.code());
    }
}
