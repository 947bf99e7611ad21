package online.durak.messages;

import java.nio.charset.StandardCharsets;

/**
 * Headers the rules service puts on its records beside the JSON, so that a consumer can pass over a record it
 * does not need without reading it: {@value #SEQ} on every table event (its seq, in decimal) and {@value #EVENT_TYPE}
 * (its type name, e.g. {@code MatchEnded}); {@value #COMMAND_ID}
 * and {@value #ACCEPTED} ({@code true} or {@code false}) on every reply. The JSON stays the truth; a record without
 * the header is read.
 */
public final class RecordHeaders {
    public static final String SEQ = "durak-seq";
    public static final String EVENT_TYPE = "durak-event-type";
    public static final String ACCEPTED = "durak-accepted";
    public static final String COMMAND_ID = "durak-command-id";

    private RecordHeaders() {
    }

    public static byte[] seq(long seq) {
        return Long.toString(seq).getBytes(StandardCharsets.US_ASCII);
    }

    /** The seq a {@value #SEQ} header holds, or -1 when it is missing or not a number. */
    public static long seq(byte[] header) {
        if (header == null || header.length == 0 || header.length > 19) {
            return -1;
        }
        long v = 0;
        for (byte b : header) {
            if (b < '0' || b > '9') {
                return -1;
            }
            v = v * 10 + (b - '0');
        }
        return v;
    }

    public static byte[] text(String value) {
        return value.getBytes(StandardCharsets.UTF_8);
    }

    /** A text header's value, or null when it is missing. */
    public static String text(byte[] header) {
        return header == null ? null : new String(header, StandardCharsets.UTF_8);
    }

    public static byte[] accepted(boolean accepted) {
        return (accepted ? "true" : "false").getBytes(StandardCharsets.US_ASCII);
    }

    /** Whether an {@value #ACCEPTED} header says the reply was accepted; null when it is missing or unclear. */
    public static Boolean accepted(byte[] header) {
        if (header == null) {
            return null;
        }
        String v = new String(header, StandardCharsets.US_ASCII);
        return "true".equals(v) ? Boolean.TRUE : "false".equals(v) ? Boolean.FALSE : null;
    }
}
