package online.durak.messages;

import static online.durak.messages.MessageException.INVALID_EVENT;
import static online.durak.messages.MessageException.INVALID_JSON;
import static online.durak.messages.MessageException.INVALID_MESSAGE;
import static online.durak.messages.MessageException.INVALID_MOVE;
import static online.durak.messages.MessageException.INVALID_SETTING;
import static online.durak.messages.MessageException.INVALID_VIEW;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import online.durak.engine.Card;
import online.durak.engine.CardSet;
import online.durak.engine.Event;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;

/**
 * Every JSON form of the project's messages (schema/messages.schema.json), through one {@link ObjectMapper} with the
 * {@link Wire} module: writing is Jackson's, and reading is strict (unknown fields, missing fields and bad values
 * raise a {@link MessageException} naming the field, its code saying what kind of message was bad). The mapper
 * refuses duplicate keys and trailing text.
 */
public final class Codec {
    /** The schema on the class path, for services that serve or check it. */
    public static final String SCHEMA_RESOURCE = "/schema/messages.schema.json";
    /** rules.md §1: tables with others have a 60 s clock unless their creator chooses otherwise. */
    public static final int DEFAULT_TURN_CLOCK = 60;

    private static final ObjectMapper MAPPER = Wire.MAPPER;

    private Codec() {
    }

    // ---- JSON text ----

    /** Parses JSON text; anything that is not one JSON value is {@link MessageException#INVALID_JSON}. */
    public static JsonNode parse(String json) {
        if (json == null) {
            throw new MessageException(INVALID_JSON, null, "no JSON given");
        }
        try {
            return nonEmpty(MAPPER.readTree(json));
        } catch (JsonProcessingException e) {
            throw notJson(e);
        }
    }

    /** Parses UTF-8 JSON bytes, like {@link #parse(String)}. */
    public static JsonNode parse(byte[] json) {
        if (json == null) {
            throw new MessageException(INVALID_JSON, null, "no JSON given");
        }
        try {
            return nonEmpty(MAPPER.readTree(json));
        } catch (JsonProcessingException e) {
            throw notJson(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final Pattern UNEXPECTED = Pattern.compile("^Unexpected character \\('(.+?)' \\(code");
    private static final Pattern UNRECOGNIZED = Pattern.compile("^Unrecognized token '(.*?)'");
    private static final Pattern DUPLICATE = Pattern.compile("^Duplicate (?:Object property|field) \"?'?(.*?)'?\"?$");

    /**
     * The parser's complaint in a client's words: Jackson's own message names its classes, its features and the
     * source's line and column, none of which helps the sender.
     */
    static MessageException notJson(JsonProcessingException e) {
        String m = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        String why;
        Matcher x;
        if (e instanceof JsonEOFException) {
            why = "it ends too early";
        } else if (e instanceof MismatchedInputException) {
            why = "there is more text after the JSON value";
        } else if ((x = DUPLICATE.matcher(m)).find()) {
            why = "field \"" + x.group(1) + "\" is given twice";
        } else if ((x = UNEXPECTED.matcher(m)).find()) {
            why = "unexpected character " + x.group(1);
        } else if ((x = UNRECOGNIZED.matcher(m)).find()) {
            why = "unexpected word " + x.group(1) + " (text must be quoted)";
        } else if (m.startsWith("Illegal unquoted character")) {
            why = "a control character in a string must be escaped";
        } else {
            why = "a syntax error";
        }
        return new MessageException(INVALID_JSON, null, "not valid JSON: " + why);
    }

    private static JsonNode nonEmpty(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            throw new MessageException(INVALID_JSON, null, "no JSON given");
        }
        return node;
    }

    public static String write(JsonNode node) {
        return toJson(node);
    }

    public static byte[] writeBytes(JsonNode node) {
        return toBytes(node);
    }

    /** A wire value (command, reply, event, view, move, settings, a JSON tree) as JSON text. */
    public static String toJson(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a wire value could not be written: " + value, e);
        }
    }

    /** A wire value as UTF-8 JSON. */
    public static byte[] toBytes(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a wire value could not be written: " + value, e);
        }
    }

    /** A wire value that is a JSON object (command, reply, event, view, move, settings) as a tree. */
    public static ObjectNode toNode(Object value) {
        return MAPPER.valueToTree(value);
    }

    // ---- cards (rules.md §2) ----

    /** The text form: rank then suit, {@code 10D}. */
    public static String cardText(Card card) {
        return Names.card(card);
    }

    /** A card from its text form; anything else is {@link MessageException#INVALID_MESSAGE}. */
    public static Card readCard(String text) {
        try {
            return Card.parse(text);
        } catch (IllegalArgumentException e) {
            throw new MessageException(INVALID_MESSAGE, null, e.getMessage());
        }
    }

    /** A set of cards as a list of texts, sorted as {@link CardSet#cards()} (suit, then rank). */
    public static ArrayNode toNode(CardSet cards) {
        return MAPPER.valueToTree(cards);
    }

    /** A list of card texts as a set; a card twice is refused. */
    public static CardSet readCards(JsonNode node) {
        return Wire.bind(node, CardSet.class, INVALID_MESSAGE, "cards");
    }

    // ---- table settings (rules.md §1) ----

    /**
     * Settings sent by a client: {@code players} is required, every other missing setting takes its rules.md
     * default ({@link Rules#defaults(int)}, clock {@value #DEFAULT_TURN_CLOCK} s). An unknown field, a bad
     * value or a setting that breaks a rule is {@link MessageException#INVALID_SETTING} naming the setting.
     */
    public static Rules readRules(JsonNode node) {
        return readRules(node, DEFAULT_TURN_CLOCK);
    }

    /** As {@link #readRules(JsonNode)}, with another clock when none is given (e.g. 0 for solo games). */
    public static Rules readRules(JsonNode node, int defaultTurnClock) {
        return Wire.rules(node, null, Rules.defaults(2).withTurnClockSeconds(defaultTurnClock));
    }

    /** As {@link #readRules(JsonNode)}, every missing setting (players too) taken from {@code defaults}. */
    public static Rules readRules(JsonNode node, Rules defaults) {
        return Wire.rules(node, defaults.players(), defaults);
    }

    /**
     * A table's settings as another service sends them, written from {@link Rules} ({@link #toNode(Object)}): every
     * setting there, a daily game's date and practice too; anything else is {@link MessageException#INVALID_SETTING}.
     */
    public static Rules readFullRules(JsonNode node) {
        return Wire.fullRules(node);
    }

    // ---- moves, events, views ----

    /** A move as docs/conformance.md writes it; anything else is {@link MessageException#INVALID_MOVE}. */
    public static Move readMove(JsonNode node) {
        return Wire.move(node);
    }

    /** An event in its stored form; anything else is {@link MessageException#INVALID_EVENT} naming the field. */
    public static Event readEvent(JsonNode node) {
        return Wire.event(node);
    }

    /** An event as a viewer sees it ({@link EventVisibility}): the stored form, or a redacted one. */
    public static VisibleEvent readVisibleEvent(JsonNode node) {
        return Wire.visibleEvent(node);
    }

    /**
     * A seat's view as its client gets it ({@link SeatViewForm}), strictly; anything else is
     * {@link MessageException#INVALID_VIEW} naming the field.
     */
    public static SeatView readSeatView(JsonNode node) {
        return Wire.seatView(node);
    }

    // ---- commands, replies and event envelopes ----

    public static CommandMessage readCommandMessage(JsonNode node) {
        return Wire.bind(node, CommandMessage.class, INVALID_MESSAGE, "a command");
    }

    public static CommandMessage readCommandMessage(byte[] json) {
        return oneReading(json, COMMAND, b -> readCommandMessage(parse(b)));
    }

    /**
     * The reply with its events given as their {@link #toNode(Object)} nodes: a publisher that also sends each
     * event on its own turns every event into JSON once.
     */
    public static ObjectNode toNode(ReplyMessage m, List<ObjectNode> eventNodes) {
        ObjectNode o = toNode(m.withoutEvents());
        if (!eventNodes.isEmpty()) { // left out when empty, as most replies are
            o.putArray("events").addAll(eventNodes);
        }
        return o;
    }

    public static ReplyMessage readReplyMessage(JsonNode node) {
        return Wire.bind(node, ReplyMessage.class, INVALID_MESSAGE, "a reply");
    }

    public static ReplyMessage readReplyMessage(byte[] json) {
        return oneReading(json, REPLY, b -> readReplyMessage(parse(b)));
    }

    /** {@code {"tableId","seq","type","at","commandId","event":{...}}}; {@code at} in ISO-8601 (UTC). */
    public static EventMessage readEventMessage(JsonNode node) {
        return Wire.bind(node, EventMessage.class, INVALID_MESSAGE, "an event message");
    }

    public static EventMessage readEventMessage(byte[] json) {
        return oneReading(json, EVENT, b -> readEventMessage(parse(b)));
    }

    // A record's bytes go straight into its record, in one pass (a command, a reply or an event arrives with every
    // move: a tree first and the records from the tree was most of a consumer's reading). The same mapper and readers
    // refuse the same inputs; what this pass refuses is read again the strict way, through the tree, whose reading
    // names the field, so the refusal is exactly the tree's.
    private static final ObjectReader COMMAND = Wire.oneReading(CommandMessage.class);
    private static final ObjectReader REPLY = Wire.oneReading(ReplyMessage.class);
    private static final ObjectReader EVENT = Wire.oneReading(EventMessage.class);

    private static <T> T oneReading(byte[] json, ObjectReader reader, Function<byte[], T> throughTree) {
        if (json != null) {
            try {
                T read = reader.readValue(json);
                if (read != null) {
                    return read;
                }
            } catch (IOException | RuntimeException refused) {
                // read again below: the tree's reading gives the refusal its code and field
            }
        }
        return throughTree.apply(json);
    }

    /** The same envelope as {@link EventMessage}, the event as the viewer may see it. */
    public static SeatEventMessage readSeatEventMessage(JsonNode node) {
        return Wire.bind(node, SeatEventMessage.class, INVALID_MESSAGE, "an event message");
    }
}
