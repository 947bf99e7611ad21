package online.durak.messages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RecordHeadersTest {

    @Test
    void seq_roundTripsAndRefusesWhatIsNotANumber() {
        for (long seq : new long[] {0, 1, 42, 1_000_000_007L, Long.MAX_VALUE}) {
            assertEquals(seq, RecordHeaders.seq(RecordHeaders.seq(seq)));
        }
        assertEquals(-1, RecordHeaders.seq(null));
        assertEquals(-1, RecordHeaders.seq(new byte[0]));
        assertEquals(-1, RecordHeaders.seq("-5".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(-1, RecordHeaders.seq("12a".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(-1, RecordHeaders.seq("99999999999999999999".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void accepted_roundTripsAndIsNullWhenUnclear() {
        assertEquals(Boolean.TRUE, RecordHeaders.accepted(RecordHeaders.accepted(true)));
        assertEquals(Boolean.FALSE, RecordHeaders.accepted(RecordHeaders.accepted(false)));
        assertNull(RecordHeaders.accepted(null));
        assertNull(RecordHeaders.accepted("yes".getBytes(StandardCharsets.US_ASCII)));
        assertEquals("p-1:move-ä", RecordHeaders.text(RecordHeaders.text("p-1:move-ä")));
        assertNull(RecordHeaders.text((byte[]) null));
    }
}
