package online.durak.bot.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Deck;
import online.durak.engine.FirstBoutLimit;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.engine.Shuffle;
import online.durak.engine.ThrowIn;
import online.durak.engine.Variant;
import online.durak.engine.Views;
import online.durak.engine.table.TableCommand;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableState;
import online.durak.engine.table.TableStatus;
import online.durak.messages.Codec;
import online.durak.messages.MessageException;
import org.junit.jupiter.api.Test;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;

/** Reading and checking a hint request ({@link Hints#read}) over real views, and refusing made-up ones. */
class HintsReadTest {

    record Sample(Rules rules, SeatView view) {
    }

    /** Every seat's view before every move of whole random matches under varied settings. */
    static List<Sample> samples() {
        List<Rules> settings = List.of(
                Rules.defaults(2).withDealsPerMatch(3),
                Rules.defaults(3).withDiscardVisible(false).withDealsPerMatch(1),
                Rules.defaults(4).withVariant(Variant.PEREVODNOI).withShowTrumpToTransfer(true).withDeck(Deck.D24)
                        .withTeams(true).withThrowIn(ThrowIn.NEIGHBOURS)
                        .withFirstBoutLimit(FirstBoutLimit.UNTIL_FIRST_DISCARD).withDealsPerMatch(1),
                Rules.defaults(5).withVariant(Variant.PEREVODNOI).withDeck(Deck.D52)
                        .withThrowIn(ThrowIn.NEIGHBOURS_ONLY).withFirstBoutLimit(FirstBoutLimit.NONE)
                        .withDealsPerMatch(1));
        List<Sample> out = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(42);
        for (Rules rules : settings) {
            TableState t = send(TableState.NONE, new TableCommand.Create("p0", "P0", rules));
            for (int seat = 1; seat < rules.players(); seat++) {
                t = send(t, new TableCommand.Join("p" + seat, "P" + seat, seat));
            }
            t = send(t, new TableCommand.Start("p0", Shuffle.of(9)));
            int moves = 0;
            while (t.status() == TableStatus.PLAYING && moves++ < 3000) {
                if (t.onBoard()) {
                    for (int seat = 0; seat < rules.players(); seat++) {
                        if (!t.continued().contains(seat) && t.onBoard()) {
                            t = send(t, new TableCommand.Continue("p" + seat, Shuffle.of(random.nextLong())));
                        }
                    }
                    continue;
                }
                DealState d = t.match().deal();
                for (int seat = 0; seat < rules.players(); seat++) {
                    out.add(new Sample(t.rules(), Views.seatView(d, seat)));
                }
                List<Move> legal = DealDecider.legalMoves(d, t.toAct());
                t = send(t, new TableCommand.Play("p" + t.toAct(), legal.get(random.nextInt(legal.size()))));
            }
        }
        return out;
    }

    private static TableState send(TableState t, TableCommand c) {
        return ((online.durak.engine.Decision.Accepted<TableState>) TableDecider.TABLE.decide(c, t)).state();
    }

    static String body(Rules rules, SeatView view) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.set("rules", Codec.toNode(rules));
        o.set("view", Codec.toNode(view));
        return Codec.write(o);
    }

    @Test
    void everyRealView_ofTheSeatToAct_isAccepted_andTheOthersAreNotTheirTurn() {
        int accepted = 0;
        int notTheirTurn = 0;
        for (Sample s : samples()) {
            String body = body(s.rules(), s.view());
            if (s.view().legalMoves().isEmpty()) {
                ApiException e = assertThrows(ApiException.class, () -> Hints.read(body));
                assertEquals(409, e.status());
                assertEquals("NOT_YOUR_TURN", e.code());
                notTheirTurn++;
            } else {
                Hints.Request r = Hints.read(body);
                assertEquals(s.view().legalMoves(), r.view().legalMoves());
                assertEquals(Codec.toJson(s.rules()), Codec.toJson(r.rules()));
                accepted++;
            }
        }
        assertTrue(accepted > 500 && notTheirTurn > 500, accepted + " / " + notTheirTurn);
    }

    private static Sample toAct() {
        for (Sample s : samples()) {
            if (!s.view().legalMoves().isEmpty() && !s.view().table().isEmpty() && s.view().discard() != null
                    && s.view().stockCount() > 1 && s.rules().players() == 2) {
                return s;
            }
        }
        throw new AssertionError("no sample");
    }

    private static void assertBad(String code, String field, Consumer<ObjectNode> change) {
        Sample s = toAct();
        ObjectNode o = (ObjectNode) Codec.parse(body(s.rules(), s.view()));
        change.accept(o);
        MessageException e = assertThrows(MessageException.class, () -> Hints.read(Codec.write(o)), o.toString());
        assertEquals(code, e.code(), e.getMessage());
        assertEquals(field, e.field(), e.getMessage());
    }

    private static ObjectNode view(ObjectNode body) {
        return (ObjectNode) body.get("view");
    }

    @Test
    void madeUpViews_areRefused_namingTheField() {
        String v = MessageException.INVALID_VIEW;
        assertBad(v, "view.hand", o -> ((ArrayNode) view(o).get("hand")).set(0, "2C"));
        assertBad(v, "view.table", o -> ((ArrayNode) view(o).get("table")).addArray().add(view(o).get("hand").get(0))
                .addNull());
        assertBad(v, "view.handSizes", o -> view(o).put("stockCount", view(o).get("stockCount").intValue() - 1));
        assertBad(v, "view.trumpCard", o -> view(o).put("trumpCard", view(o).get("hand").get(0).textValue()));
        assertBad(v, "view.handSizes", o -> ((ObjectNode) o.get("rules")).put("players", 3));
        assertBad(v, "view.legalMoves", o -> ((ArrayNode) view(o).get("legalMoves")).addObject().put("type", "pass"));
        assertBad(v, "view.legalMoves", o -> ((ArrayNode) view(o).get("legalMoves")).add(view(o).get("legalMoves")
                .get(0).deepCopy()));
        assertBad(v, "view.discard", o -> ((ObjectNode) o.get("rules")).put("discardVisible", false));
        assertBad(v, "view.phase", o -> view(o).put("phase", "NAP"));
        assertBad(v, "view.extra", o -> view(o).put("extra", true));
        assertBad(MessageException.INVALID_SETTING, "rules.deck", o -> ((ObjectNode) o.get("rules")).put("deck", 40));
    }

    @Test
    void aBodyThatIsNotARequest_isRefused() {
        MessageException json = assertThrows(MessageException.class, () -> Hints.read("{\"rules\": "));
        assertEquals(MessageException.INVALID_JSON, json.code());
        assertEquals(MessageException.INVALID_JSON, assertThrows(MessageException.class, () -> Hints.read("")).code());
        for (String body : List.of("[]", "{}", "{\"rules\":{\"players\":2}}", "{\"view\":{}, \"rules\":null}",
                "{\"rules\":{\"players\":2},\"view\":{},\"seat\":1}")) {
            ApiException e = assertThrows(ApiException.class, () -> Hints.read(body), body);
            assertEquals(400, e.status());
            assertEquals(ErrorCodes.INVALID_REQUEST, e.code(), body);
        }
    }
}
