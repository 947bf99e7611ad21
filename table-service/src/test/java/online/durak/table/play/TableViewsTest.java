package online.durak.table.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import online.durak.engine.Card;
import online.durak.engine.Event;
import online.durak.engine.Rules;
import online.durak.engine.ShuffleProof;
import online.durak.engine.table.TableCommand;
import online.durak.messages.Codec;
import online.durak.messages.EventMessage;
import online.durak.messages.Wire;
import online.durak.table.Script;
import online.durak.table.projection.Projections;
import online.durak.table.projection.TableSnapshot;
import online.durak.table.store.EventStore;
import org.junit.jupiter.api.Test;
import online.durak.service.api.ApiException;

class TableViewsTest {

    private static TableSnapshot snapshot(Script g) {
        EventStore none = new EventStore(null, Duration.ofSeconds(1)) {
            @Override
            public List<EventMessage> read(String tableId, long after, long before) {
                return List.of();
            }
        };
        Projections p = new Projections(none, Runnable::run, new SimpleMeterRegistry(), Duration.ofSeconds(1));
        g.messages.forEach(p::accept);
        return p.current(g.tableId);
    }

    /** What a client gets: the answer as the service's mapper writes it (the engine's types by durak-messages' Wire). */
    private static final ObjectMapper MAPPER = new ObjectMapper().registerModule(Wire.module());

    @SuppressWarnings("unchecked")
    private static <T extends JsonNode> T json(Object answer) {
        return (T) MAPPER.valueToTree(answer);
    }

    private static Set<String> cards(JsonNode array) {
        Set<String> s = new HashSet<>();
        array.forEach(c -> s.add(c.textValue()));
        return s;
    }

    @Test
    void aViewShowsOnlyTheSeatsOwnHand() {
        Script g = Script.started("t", "p0", "p1", Script.twoPlayers(1), 7).play(5);
        TableSnapshot s = snapshot(g);
        for (int seat = 0; seat < 2; seat++) {
            ObjectNode v = json(TableViews.view(s, seat, 0));
            assertEquals(seat, v.get("seat").intValue());
            assertEquals(g.lastSeq(), v.get("seq").longValue());
            assertEquals("PLAYING", v.at("/table/status").textValue());
            JsonNode deal = v.get("deal");
            assertFalse(deal.has("hands"));
            Set<String> own = cards(deal.get("hand"));
            Set<String> expected = new HashSet<>();
            for (Card c : g.state.match().deal().hand(seat).cards()) {
                expected.add(Codec.cardText(c));
            }
            assertEquals(expected, own);
            Set<String> other = new HashSet<>();
            for (Card c : g.state.match().deal().hand(1 - seat).cards()) {
                other.add(Codec.cardText(c));
            }
            String text = Codec.write(v);
            for (String c : other) {
                // another hand's card may be shown only where everyone knows it
                if (!cards(deal.path("known").path(Integer.toString(1 - seat))).contains(c)) {
                    assertFalse(own.contains(c));
                }
            }
            assertFalse(text.contains("deckOrder"));
            // of the shuffle a running deal shows its seal only, the same to every seat
            String salt = ((Event.DealStarted) g.messages.stream().map(EventMessage::event)
                    .filter(e -> e instanceof Event.DealStarted).findFirst().orElseThrow()).salt();
            assertFalse(text.contains(salt));
            assertFalse(text.contains("\"salt\""));
            assertEquals(g.state.match().deal().shuffleCommitment(), deal.get("shuffleCommitment").textValue());
            assertFalse(Codec.write(json(TableViews.seatEvents(s, 0, seat))).contains(salt));
        }
    }

    @Test
    void aDailyTable_isHiddenFromEveryoneButItsPlayer_untilItsDayIsOver() {
        LocalDate day = LocalDate.of(2026, 12, 1);
        Script daily = Script.daily("daily-1", "ann", day, false).play(5);
        for (LocalDate today : List.of(day.minusDays(1), day)) {
            assertTrue(Tables.hiddenFrom(daily.state, "bob", today), today.toString());
            assertFalse(Tables.hiddenFrom(daily.state, "ann", today), "its own player sees it");
        }
        assertFalse(Tables.hiddenFrom(daily.state, "bob", day.plusDays(1)), "the day is over");
        Script practice = Script.daily("daily-2", "ann", day, true);
        assertTrue(Tables.hiddenFrom(practice.state, "bob", day), "practice deals the same cards");
        // its player left (a solo match ends at once): still its player
        practice.run(new TableCommand.Leave("ann", Script.shuffle(1)));
        assertFalse(Tables.hiddenFrom(practice.state, "ann", day));
        assertFalse(Tables.hiddenFrom(Script.started("t", "p0", "p1", Script.twoPlayers(1), 7).state, "bob", day),
                "an ordinary table");
    }

    @Test
    void aSpectatorsViewShowsNoHandNoMovesAndNoCardOfTheStock_butTheNumberWatching() {
        Script g = Script.started("t", "p0", "p1", Script.twoPlayers(1), 7).play(5);
        TableSnapshot s = snapshot(g);
        ObjectNode v = json(TableViews.view(s, Spectators.NO_SEAT, 3));
        assertEquals(-1, v.get("seat").intValue());
        assertEquals(3, v.at("/table/spectators").intValue());
        JsonNode deal = v.get("deal");
        assertTrue(deal.get("seat").isNull());
        assertFalse(deal.has("hand"));
        assertFalse(deal.has("hands"));
        assertEquals(0, deal.get("legalMoves").size());
        Set<String> hidden = new HashSet<>();
        var d = g.state.match().deal();
        for (int seat = 0; seat < 2; seat++) {
            for (Card c : d.hand(seat).without(d.known(seat)).cards()) {
                hidden.add(Codec.cardText(c));
            }
        }
        for (Card c : d.stock()) {
            if (c != d.trumpCard()) {
                hidden.add(Codec.cardText(c));
            }
        }
        assertFalse(hidden.isEmpty());
        String text = Codec.write(v);
        for (String c : hidden) {
            assertFalse(text.contains("\"" + c + "\""), c + " is hidden from a spectator: " + text);
        }
        // everything public is as every seat sees it
        JsonNode seat0 = json(TableViews.view(s, 0, 3)).get("deal");
        for (String field : List.of("handSizes", "known", "table", "trump", "trumpCard", "stockCount", "discardCount",
                "attacker", "defender", "toAct", "phase")) {
            assertEquals(seat0.get(field), deal.get(field), field);
        }
    }

    @Test
    void eventsAreRedactedPerSeatAndEverySeqIsThere() {
        Script g = Script.started("t", "p0", "p1", Script.twoPlayers(1), 11).playDeal();
        TableSnapshot s = snapshot(g);
        ArrayNode events = json(TableViews.seatEvents(s, 0, 1));
        assertEquals(g.lastSeq(), events.size());
        for (int i = 0; i < events.size(); i++) {
            JsonNode e = events.get(i);
            assertEquals(i + 1, e.get("seq").longValue());
            if (e.get("type").textValue().equals("DealStarted")) {
                assertFalse(e.get("event").has("deckOrder"));
                assertEquals(6, e.at("/event/hand").size());
            }
            if (e.get("type").textValue().equals("CardsDrawn")) {
                boolean mine = e.at("/event/seat").intValue() == 1;
                assertEquals(mine, e.get("event").has("cards"));
                assertEquals(!mine, e.get("event").has("count"));
            }
        }
        assertEquals(3, json(TableViews.seatEvents(s, g.lastSeq() - 3, 0)).size());
        assertEquals(0, json(TableViews.seatEvents(s, g.lastSeq() + 10, 0)).size());
        assertEquals(0, json(TableViews.seatEvents(s, Long.MAX_VALUE, 0)).size());
    }

    @Test
    void theBoardExplainsThePoints() {
        Script g = Script.started("t", "p0", "p1", Script.twoPlayers(1), 3).playDeal();
        ObjectNode b = json(TableViews.board(snapshot(g)));
        assertEquals(1, b.get("deals").size());
        JsonNode deal = b.at("/deals/0");
        assertEquals(1, deal.get("deal").intValue());
        int durak = deal.get("durak").isNull() ? -1 : deal.get("durak").intValue();
        for (JsonNode row : deal.get("rows")) {
            int seat = row.get("seat").intValue();
            if (seat == durak) {
                assertEquals(0, row.get("points").intValue());
                assertEquals("durak: 0", row.get("calculation").textValue());
                assertEquals(2, row.get("place").intValue());
            } else if (durak >= 0) {
                assertEquals(2, row.get("points").intValue());
                assertEquals("1 + 1 player out after you = 2", row.get("calculation").textValue());
                assertEquals(1, row.get("place").intValue());
            }
        }
        assertTrue(b.get("match").get("over").booleanValue());
        assertEquals(b.get("totals"), b.at("/match/totals"));
        assertEquals(b.get("totals"), deal.get("totals"));
        // rules.md §7: 3 × the deal points + 30 / 15 for places 1 / 2 (a draw: both share place 1)
        for (int seat = 0; seat < 2; seat++) {
            int total = b.at("/match/totals/" + seat).intValue();
            int place = b.at("/match/places/" + seat).intValue();
            assertEquals(3 * total + (place == 1 ? 30 : 15), b.at("/match/leaderboardPoints/" + seat).intValue());
        }
    }

    @Test
    void calculationsInTeamPlay() {
        Rules teams = Rules.defaults(4).withTeams(true);
        assertEquals("1 + 1 team out after yours = 2", TableViews.calculation(teams, 0, 2, 1));
        assertEquals("your team is the durak: 0", TableViews.calculation(teams, 3, 0, 1));
        assertEquals("1 + 3 players out after you = 4", TableViews.calculation(Rules.defaults(4), 0, 4, 2));
    }

    @Test
    void aFinishedDealIsReplayedWithEveryCardARunningOneIsNot() {
        Script g = Script.started("t", "p0", "p1", Script.twoPlayers(3), 5).playDeal();
        g.run(new TableCommand.Continue("p0", Script.shuffle(9))).run(new TableCommand.Continue("p1", Script.shuffle(9))).play(2);
        TableSnapshot s = snapshot(g);
        ObjectNode r = json(TableViews.replay(s, 1));
        JsonNode steps = r.get("steps");
        assertEquals("DealStarted", steps.at("/0/event/type").textValue());
        assertTrue(steps.at("/0/event/event").has("deckOrder"));
        assertTrue(steps.at("/0/view").has("hands"));
        assertEquals("DealEnded", steps.get(steps.size() - 1).at("/event/type").textValue());
        for (int i = 1; i < steps.size(); i++) {
            assertEquals(steps.get(i - 1).get("seq").longValue() + 1, steps.get(i).get("seq").longValue());
        }
        // the seal opened: the salt and deck order whose hash every seat saw while the deal ran
        Event.DealStarted dealt = (Event.DealStarted) g.messages.stream().map(EventMessage::event)
                .filter(e -> e instanceof Event.DealStarted).findFirst().orElseThrow();
        JsonNode proof = r.get("shuffleProof");
        assertEquals(dealt.salt(), proof.get("salt").textValue());
        assertEquals(steps.at("/0/event/event/deckOrder"), proof.get("deckOrder"));
        assertEquals(ShuffleProof.commitment(dealt.salt(), dealt.deckOrder()), proof.get("commitment").textValue());
        assertEquals(proof.get("commitment"), steps.at("/0/view/shuffleCommitment"));
        assertEquals(json(Script.twoPlayers(3)), r.get("settings"));
        ApiException running = assertThrows(ApiException.class, () -> TableViews.replay(s, 2));
        assertEquals(409, running.status());
        assertEquals("DEAL_RUNNING", running.code());
        ApiException none = assertThrows(ApiException.class, () -> TableViews.replay(s, 3));
        assertEquals(404, none.status());
        assertEquals("NO_SUCH_DEAL", none.code());
    }

    @Test
    void aSummaryListsSeatsAndFreeSeats() {
        Script g = new Script("t").run(new TableCommand.Create("p0", "Anna", Script.twoPlayers(1)));
        ObjectNode o = json(TableViews.summary(snapshot(g)));
        assertEquals("OPEN", o.get("status").textValue());
        assertEquals(1, o.get("freeSeats").intValue());
        assertEquals("Anna", o.at("/seats/0/name").textValue());
        assertTrue(o.at("/seats/1/free").booleanValue());
        assertEquals(2, o.at("/settings/players").intValue());
        ObjectNode v = json(TableViews.view(snapshot(g), 0, 0));
        assertTrue(v.get("match").isNull());
        assertTrue(v.get("deal").isNull());
        assertNull(null);
    }

    @Test
    void theClockRunsFromTheLastEventThatAskedForADecision() {
        Rules timed = Rules.defaults(2).withDealsPerMatch(1).withTurnClockSeconds(90);
        Script g = Script.started("t", "p0", "p1", timed, 11).play(2);
        TableSnapshot s = snapshot(g);
        int toAct = g.state.toAct();
        java.time.Instant last = g.seq(g.lastSeq()).at();
        for (int seat = 0; seat < 2; seat++) {
            JsonNode c = json(TableViews.view(s, seat, 0)).get("clock");
            assertEquals(toAct, c.get("seat").intValue());
            assertEquals(last.plusSeconds(90).toString(), c.get("turnEnds").textValue());
            assertTrue(c.get("graceEnds").isNull());
            assertFalse(c.get("computerMoves").booleanValue());
        }
        // continue on the board, a hint or a timeout do not restart it; the board's own clock has seat -1
        g.playDeal();
        assertTrue(json(TableViews.view(snapshot(g), 0, 0)).get("clock").isNull(), "the match is over");
        Script three = Script.started("t3", "p0", "p1", timed.withDealsPerMatch(3), 11).playDeal();
        java.time.Instant ended = three.seq(three.lastSeq()).at();
        three.run(new TableCommand.Continue("p0", Script.shuffle(5)));
        JsonNode board = json(TableViews.view(snapshot(three), 1, 0)).get("clock");
        assertEquals(-1, board.get("seat").intValue());
        assertEquals(ended.plusSeconds(90).toString(), board.get("turnEnds").textValue());
    }

    @Test
    void untimedTablesHaveNoClockAndHintsAreCountedPerSeat() {
        Script g = Script.started("t", "p0", "p1", Script.twoPlayers(1), 3).play(3);
        assertTrue(json(TableViews.view(snapshot(g), 0, 0)).get("clock").isNull());
        Script solo = new Script("s").run(new TableCommand.CreateSolo("p0", "Anna", Rules.defaults(3).withDealsPerMatch(1),
                List.of(online.durak.engine.BotLevel.EASY, online.durak.engine.BotLevel.STRONG), Script.shuffle(8)));
        while (solo.state.toAct() != 0) {
            solo.play(1);
        }
        solo.run(new TableCommand.Hint("p0")).run(new TableCommand.Hint("p0"));
        ObjectNode v = json(TableViews.view(snapshot(solo), 0, 0));
        assertTrue(v.get("clock").isNull(), "solo tables have no clock");
        assertTrue(v.at("/table/solo").booleanValue());
        assertEquals("[2,0,0]", v.at("/match/hints").toString());
        assertEquals("[true,false,false]", Codec.write(json(TableViews.summary(snapshot(solo))).get("seats").findValues("human")
                .stream().collect(com.fasterxml.jackson.databind.node.JsonNodeFactory.instance::arrayNode,
                        ArrayNode::add, ArrayNode::addAll)));
        solo.playDeal();
        ObjectNode b = json(TableViews.board(snapshot(solo)));
        assertEquals("[2,0,0]", b.get("hints").toString());
        assertEquals("[2,0,0]", b.at("/match/hints").toString());
        assertEquals("STRONG", b.at("/seats/2/bot").textValue());
    }
}
