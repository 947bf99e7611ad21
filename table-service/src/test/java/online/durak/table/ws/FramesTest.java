package online.durak.table.ws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import online.durak.messages.MessageException;
import java.time.Instant;
import online.durak.engine.Event;
import online.durak.engine.Move;
import online.durak.messages.SeatEventMessage;
import online.durak.messages.VisibleEvent;
import online.durak.service.api.ApiException;
import online.durak.table.play.Answers;
import org.junit.jupiter.api.Test;

class FramesTest {

    @Test
    void everyClientFrame_isReadAsItsRecord() {
        assertEquals(new ClientFrame.Ping(), Frames.read("{\"type\":\"ping\"}"));
        assertEquals(new ClientFrame.Resync(7L), Frames.read("{\"type\":\"resync\",\"lastSeq\":7}"));
        assertEquals(new ClientFrame.Continue(null), Frames.read("{\"type\":\"continue\"}"));
        assertEquals(new ClientFrame.Start("s1"), Frames.read("{\"type\":\"start\",\"commandId\":\"s1\"}"));
        assertEquals(new ClientFrame.Hint("h1"), Frames.read("{\"commandId\":\"h1\",\"type\":\"hint\"}"));
        ClientFrame.Play p = (ClientFrame.Play) Frames.read("{\"type\":\"move\",\"commandId\":\"c1\",\"move\":{\"type\":\"take\"}}");
        assertEquals("c1", p.commandId());
        assertEquals("take", p.move().get("type").textValue());
    }

    @Test
    void badFrames_areRefusedNamingTheField() {
        invalid("{\"type\":\"ping\",\"x\":1}", "x: is not a field of this frame");
        invalid("{\"type\":\"hint\",\"seat\":1}", "seat: is not a field of this frame");
        invalid("{\"type\":\"fly\"}", "type: must be move, continue, start, hint, resync or ping, not \"fly\"");
        invalid("{}", "type: is required (move, continue, start, hint, resync or ping)");
        invalid("{\"type\":\"start\",\"commandId\":5}", "commandId: must be a string");
        invalid("{\"type\":\"start\",\"commandId\":true}", "commandId: must be a string");
        invalid("{\"type\":\"resync\",\"lastSeq\":\"3\"}", "lastSeq: must be a whole number");
        invalid("{\"type\":\"resync\",\"lastSeq\":1.5}", "lastSeq: must be a whole number");
        invalid("[1]", "a frame must be a JSON object");
        invalid("{\"type\":\"ping\",\"type\":\"ping\"}", "type: is given twice");
        invalid("{\"type\":\"ping\"} {}", "");
    }

    @Test
    void textThatIsNotJson_isInvalidJson_withoutTheParsersInternals() {
        MessageException e = assertThrows(MessageException.class, () -> Frames.read("{\"type\":"));
        assertEquals("INVALID_JSON", e.code());
        assertEquals(false, e.getMessage().contains("Source"), e.getMessage());
        assertEquals(true, e.getMessage().startsWith("not valid JSON (line 1, column "), e.getMessage());
    }

    @Test
    void serverFrames_areWrittenWithTheirType() {
        assertEquals("{\"type\":\"pong\"}", Frames.write(new ServerFrame.Pong()));
        assertEquals("{\"type\":\"view\",\"seq\":3,\"view\":null}", Frames.write(new ServerFrame.View(3, null)));
        assertEquals("{\"type\":\"error\",\"code\":\"INVALID_FRAME\",\"message\":\"m\"}",
                Frames.write(new ServerFrame.Error("INVALID_FRAME", "m", null)));
        assertEquals("{\"type\":\"reply\",\"commandId\":\"c\",\"accepted\":true,\"seq\":9}",
                Frames.write(ServerFrame.Reply.accepted("c", 9)));
        assertEquals("{\"type\":\"reply\",\"commandId\":\"c\",\"accepted\":false,\"code\":\"X\",\"message\":\"m\"}",
                Frames.write(ServerFrame.Reply.refused("c", "X", "m")));
        assertEquals("{\"type\":\"hint\",\"tableId\":\"t\",\"commandId\":\"h\",\"seq\":5,\"seat\":1,"
                + "\"move\":{\"type\":\"take\"},\"reason\":\"r\",\"reasons\":{\"en\":\"r\",\"de\":\"g\"},"
                + "\"clear\":false,\"candidates\":[],\"hints\":1}",
                Frames.write(new ServerFrame.Hint(new Answers.HintAnswer("t", "h", 5, 1, new Move.Take(), "r",
                        new Answers.HintReasons("r", "g"), false, JsonNodeFactory.instance.arrayNode(), 1))));
        assertEquals("{\"type\":\"event\",\"seq\":4,\"event\":{\"tableId\":\"t\",\"seq\":4,\"type\":\"HintTaken\","
                + "\"at\":\"1970-01-01T00:00:00Z\",\"commandId\":null,\"event\":{\"type\":\"HintTaken\",\"seat\":0}}}",
                Frames.write(new ServerFrame.ResyncEvent(4, new SeatEventMessage("t", 4, "HintTaken",
                        new VisibleEvent.Open(new Event.HintTaken(0)), null, Instant.EPOCH))));
    }

    private static void invalid(String text, String message) {
        ApiException e = assertThrows(ApiException.class, () -> Frames.read(text), text);
        assertEquals("INVALID_FRAME", e.code(), text);
        assertEquals(true, e.getMessage().startsWith(message), text + " -> " + e.getMessage());
    }
}
