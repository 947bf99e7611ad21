package online.durak.messages;

import static online.durak.messages.MessageException.INVALID_EVENT;
import static online.durak.messages.MessageException.INVALID_JSON;
import static online.durak.messages.MessageException.INVALID_MESSAGE;
import static online.durak.messages.MessageException.INVALID_MOVE;
import static online.durak.messages.MessageException.INVALID_SETTING;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import online.durak.engine.Card;
import online.durak.engine.CardSet;
import online.durak.engine.Deck;
import online.durak.engine.Event;
import online.durak.engine.FirstBoutLimit;
import online.durak.engine.InvalidSettingException;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.engine.ThrowIn;
import online.durak.engine.Variant;

/**
 * Every JSON form of the project's messages (schema/messages.schema.json), written and read by hand: no
 * reflection on engine classes, so renaming a Java class or constant never changes the wire format.
 * Reading is strict: unknown fields, missing fields and bad values raise a {@link MessageException} naming
 * the field. One configured {@link ObjectMapper} is shared; it refuses duplicate keys and trailing text.
 */
public final class Codec {
    /** The schema on the class path, for services that serve or check it. */
    public static final String SCHEMA_RESOURCE = "/schema/messages.schema.json";
    /** rules.md §1: tables with others have a 60 s clock unless their creator chooses otherwise. */
    public static final int DEFAULT_TURN_CLOCK = 60;

    private static final ObjectMapper MAPPER = Wire.mapper();
    private static final JsonNodeFactory NODES = MAPPER.getNodeFactory();

    /** The settings in rules.md §1 order, so that the first missing one is always the same. */
    private static final List<String> RULES_ORDER = List.of("variant", "deck", "players", "teams", "throwIn",
            "firstBoutLimit", "showTrumpToTransfer", "discardVisible", "dealsPerMatch", "turnClock", "stake");
    private static final Set<String> RULES_FIELDS = Set.copyOf(RULES_ORDER);

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
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree could not be written", e);
        }
    }

    public static byte[] writeBytes(JsonNode node) {
        try {
            return MAPPER.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree could not be written", e);
        }
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
        return cardsNode(cards.cards());
    }

    /** A list of card texts as a set; a card twice is refused. */
    public static CardSet readCards(JsonNode node) {
        ObjectNode holder = NODES.objectNode();
        holder.set("cards", node);
        return Fields.of(holder, INVALID_MESSAGE, "cards", Set.of("cards")).cardSet("cards");
    }

    private static ArrayNode cardsNode(List<Card> cards) {
        ArrayNode a = NODES.arrayNode(cards.size());
        for (Card c : cards) {
            a.add(Names.card(c));
        }
        return a;
    }

    private static void putCard(ObjectNode o, String field, Card card) {
        if (card == null) {
            o.putNull(field);
        } else {
            o.put(field, Names.card(card));
        }
    }

    private static ArrayNode intsNode(List<Integer> ints) {
        ArrayNode a = NODES.arrayNode(ints.size());
        for (int i : ints) {
            a.add(i);
        }
        return a;
    }

    /** -1 is the engine's "nobody"; on the wire it is null. */
    private static void putSeat(ObjectNode o, String field, int seat) {
        if (seat < 0) {
            o.putNull(field);
        } else {
            o.put(field, seat);
        }
    }

    // ---- table settings (rules.md §1) ----

    /** The settings by their rules.md names; {@code turnClock} is null for no clock. */
    public static ObjectNode toNode(Rules r) {
        ObjectNode o = NODES.objectNode();
        o.put("variant", Names.variant(r.variant()));
        o.put("deck", r.deck().size());
        o.put("players", r.players());
        o.put("teams", r.teams());
        o.put("throwIn", Names.throwIn(r.throwIn()));
        o.put("firstBoutLimit", Names.firstBoutLimit(r.firstBoutLimit()));
        o.put("showTrumpToTransfer", r.showTrumpToTransfer());
        o.put("discardVisible", r.discardVisible());
        o.put("dealsPerMatch", r.dealsPerMatch());
        if (r.turnClockSeconds() == 0) {
            o.putNull("turnClock");
        } else {
            o.put("turnClock", r.turnClockSeconds());
        }
        o.put("stake", r.stake());
        return o;
    }

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
        return readRules(node, null, Rules.defaults(2).withTurnClockSeconds(defaultTurnClock));
    }

    /** As {@link #readRules(JsonNode)}, every missing setting (players too) taken from {@code defaults}. */
    public static Rules readRules(JsonNode node, Rules defaults) {
        return readRules(node, defaults.players(), defaults);
    }

    private static Rules readRules(JsonNode node, Integer defaultPlayers, Rules d) {
        Fields f = Fields.of(node, INVALID_SETTING, "the table settings", RULES_FIELDS);
        Integer players = f.optInteger("players");
        if (players == null) {
            players = defaultPlayers;
        }
        Variant variant = d.variant();
        String v = f.optText("variant");
        if (v != null) {
            variant = Names.variant(v);
            if (variant == null) {
                throw f.error("variant", "must be PODKIDNOI or PEREVODNOI, not \"" + v + "\"");
            }
        }
        Deck deck = d.deck();
        Integer size = f.optInteger("deck");
        if (size != null) {
            try {
                deck = Deck.ofSize(size);
            } catch (InvalidSettingException e) {
                throw settingError(e);
            }
        }
        ThrowIn throwIn = d.throwIn();
        String t = f.optText("throwIn");
        if (t != null) {
            throwIn = Names.throwIn(t);
            if (throwIn == null) {
                throw f.error("throwIn", "must be ALL, NEIGHBOURS or NEIGHBOURS_ONLY, not \"" + t + "\"");
            }
        }
        FirstBoutLimit limit = d.firstBoutLimit();
        String l = f.optText("firstBoutLimit");
        if (l != null) {
            limit = Names.firstBoutLimit(l);
            if (limit == null) {
                throw f.error("firstBoutLimit",
                        "must be FIRST_BOUT, UNTIL_FIRST_DISCARD or NONE, not \"" + l + "\"");
            }
        }
        JsonNode teams = f.get("teams");
        JsonNode showTrump = f.get("showTrumpToTransfer");
        JsonNode discardVisible = f.get("discardVisible");
        Integer deals = f.optInteger("dealsPerMatch");
        Integer stake = f.optInteger("stake", 0);
        int clock = d.turnClockSeconds();
        if (f.has("turnClock")) {
            Integer c = f.optInteger("turnClock");
            clock = c == null ? 0 : c;
        }
        boolean team = teams == null ? d.teams() : f.toBool("teams", teams);
        boolean show = showTrump == null ? d.showTrumpToTransfer() : f.toBool("showTrumpToTransfer", showTrump);
        boolean visible = discardVisible == null ? d.discardVisible() : f.toBool("discardVisible", discardVisible);
        // Without a number of players, the other settings are still checked (with one they allow), so that
        // the answer names a bad setting first and the missing number only when everything else is right.
        int n = players != null ? players : team ? 4 : 2;
        try {
            Rules rules = new Rules(variant, deck, n, team, throwIn, limit, show, visible,
                    deals == null ? d.dealsPerMatch() : deals, clock, stake == null ? d.stake() : stake);
            if (players == null) {
                throw f.error("players", "is required (2 to 6)");
            }
            return rules;
        } catch (InvalidSettingException e) {
            throw settingError(e);
        }
    }

    /** Settings written by {@link #toNode(Rules)}: every setting must be there. */
    static Rules readFullRules(JsonNode node) {
        if (node != null && node.isObject()) {
            for (String name : RULES_ORDER) {
                if (!node.has(name)) {
                    throw new MessageException(INVALID_SETTING, name, "is required");
                }
            }
        }
        return readRules(node);
    }

    private static MessageException settingError(InvalidSettingException e) {
        String prefix = e.setting() + ": ";
        String m = e.getMessage();
        return new MessageException(INVALID_SETTING, e.setting(), m.startsWith(prefix) ? m.substring(prefix.length()) : m);
    }

    // ---- moves (conformance/FORMAT.md) ----

    public static ObjectNode toNode(Move m) {
        ObjectNode o = NODES.objectNode();
        o.put("type", m.type());
        if (m instanceof Move.Attack a) {
            o.set("cards", cardsNode(a.cards()));
        } else if (m instanceof Move.Cover c) {
            putCard(o, "attack", c.attack());
            putCard(o, "card", c.card());
        } else if (m instanceof Move.Transfer t) {
            putCard(o, "card", t.card());
        } else if (m instanceof Move.ShowTrump s) {
            putCard(o, "showTrump", s.trump());
        } else if (m instanceof Move.Throw t) {
            o.set("cards", cardsNode(t.cards()));
        } else if (!(m instanceof Move.Take) && !(m instanceof Move.Pass)) {
            throw new IllegalArgumentException("no wire form for move " + m);
        }
        return o;
    }

    /** A move as FORMAT.md writes it; anything else is {@link MessageException#INVALID_MOVE} naming the field. */
    public static Move readMove(JsonNode node) {
        String type = typeOf(node, INVALID_MOVE, "a move");
        switch (type) {
            case "attack":
                return new Move.Attack(someCards(Fields.of(node, INVALID_MOVE, "attack", Set.of("type", "cards"))));
            case "cover": {
                Fields f = Fields.of(node, INVALID_MOVE, "cover", Set.of("type", "attack", "card"));
                return new Move.Cover(f.card("attack"), f.card("card"));
            }
            case "transfer": {
                Fields f = Fields.of(node, INVALID_MOVE, "transfer", Set.of("type", "card", "showTrump"));
                boolean card = f.get("card") != null;
                boolean showTrump = f.get("showTrump") != null;
                if (card == showTrump) {
                    throw f.error(card ? "showTrump" : "card", "a transfer names either card or showTrump");
                }
                return card ? new Move.Transfer(f.card("card")) : new Move.ShowTrump(f.card("showTrump"));
            }
            case "take":
                Fields.of(node, INVALID_MOVE, "take", Set.of("type"));
                return Move.TAKE;
            case "throw":
                return new Move.Throw(someCards(Fields.of(node, INVALID_MOVE, "throw", Set.of("type", "cards"))));
            case "pass":
                Fields.of(node, INVALID_MOVE, "pass", Set.of("type"));
                return Move.PASS;
            default:
                throw new MessageException(INVALID_MOVE, "type",
                        "must be attack, cover, transfer, take, throw or pass, not \"" + type + "\"");
        }
    }

    private static List<Card> someCards(Fields f) {
        List<Card> cards = f.cardList("cards");
        if (cards.isEmpty()) {
            throw f.error("cards", "must hold one or more cards");
        }
        return cards;
    }

    /** The {@code type} of a message object. */
    private static String typeOf(JsonNode node, String code, String what) {
        if (node == null || !node.isObject()) {
            throw new MessageException(code, null, what + " must be a JSON object");
        }
        JsonNode type = node.get("type");
        if (type == null || type.isNull()) {
            throw new MessageException(code, "type", "is required");
        }
        if (!type.isTextual()) {
            throw new MessageException(code, "type", "must be a string, not " + type);
        }
        return type.textValue();
    }

    // ---- events ----

    /** {@code {"type": e.type(), ...}} with every field of the event, nothing hidden (the stored form). */
    public static ObjectNode toNode(Event e) {
        return MAPPER.valueToTree(e);
    }

    /** An event in its stored form; anything else is {@link MessageException#INVALID_EVENT} naming the field. */
    public static Event readEvent(JsonNode node) {
        String type = typeOf(node, INVALID_EVENT, "an event");
        Event e = bind(node, Event.class, INVALID_EVENT, type);
        if (e instanceof Event.TableClosed c && !c.reason().equals(Event.TableClosed.EMPTY)
                && !c.reason().equals(Event.TableClosed.EXPIRED)) {
            throw new MessageException(INVALID_EVENT, "reason", "must be EMPTY or EXPIRED, not \"" + c.reason() + "\"");
        }
        return e;
    }

    /** {@code node} bound to {@code type} by {@link Wire}; a refusal names the field, in {@code code}. */
    private static <T> T bind(JsonNode node, Class<T> type, String code, String what) {
        try {
            return MAPPER.treeToValue(node, type);
        } catch (JsonMappingException e) {
            throw Wire.refusal(e, code, what, node);
        } catch (JsonProcessingException e) {
            throw new MessageException(code, null, "cannot be read as " + what);
        }
    }

    private static Fields event(JsonNode node, String type, String... fields) {
        Set<String> allowed = new HashSet<>(List.of(fields));
        allowed.add("type");
        return Fields.of(node, INVALID_EVENT, type, allowed);
    }

    /** An event as a viewer sees it: the stored form, or with the hidden cards left out and counted. */
    public static ObjectNode toNode(VisibleEvent v) {
        if (v instanceof VisibleEvent.Open open) {
            return toNode(open.event());
        }
        ObjectNode o = NODES.objectNode();
        o.put("type", v.type());
        if (v instanceof VisibleEvent.RedactedDealStarted d) {
            o.put("deal", d.deal());
            o.put("dealer", d.dealer());
            o.put("redeals", d.redeals());
            o.put("attacker", d.attacker());
            putCard(o, "shownTrump", d.shownTrump());
            putCard(o, "trumpCard", d.trumpCard());
            o.put("count", d.count());
            if (d.hand() != null) {
                o.set("hand", toNode(d.hand()));
            }
        } else {
            VisibleEvent.RedactedCardsDrawn c = (VisibleEvent.RedactedCardsDrawn) v;
            o.put("seat", c.seat());
            o.put("count", c.count());
        }
        return o;
    }

    /** Reads what {@link #toNode(VisibleEvent)} writes: a redacted form when its hidden fields are absent. */
    public static VisibleEvent readVisibleEvent(JsonNode node) {
        String type = typeOf(node, INVALID_EVENT, "an event");
        if (type.equals("DealStarted") && !node.has("deckOrder")) {
            Fields f = event(node, type, "deal", "dealer", "redeals", "attacker", "shownTrump", "trumpCard", "count",
                    "hand");
            return new VisibleEvent.RedactedDealStarted(f.integer("deal"), f.integer("dealer"), f.integer("redeals"),
                    f.integer("attacker"), f.optCard("shownTrump"), f.optCard("trumpCard"), f.integer("count"),
                    f.get("hand") == null ? null : f.cardSet("hand"));
        }
        if (type.equals("CardsDrawn") && !node.has("cards")) {
            Fields f = event(node, type, "seat", "count");
            return new VisibleEvent.RedactedCardsDrawn(f.integer("seat"), f.integer("count"));
        }
        return new VisibleEvent.Open(readEvent(node));
    }

    // ---- a seat's view (rules.md §8) ----

    /**
     * A seat's view for its client. Seats that nobody fills are null (e.g. {@code toAct} once the deal is
     * over, {@code durak} after a draw). The open view ({@code seat} -1, written as null) has {@code hands}
     * for every seat instead of {@code hand}. {@code discard} and {@code trumpsInPlay} appear only when the
     * discard lies face up.
     */
    public static ObjectNode toNode(SeatView v) {
        ObjectNode o = NODES.objectNode();
        putSeat(o, "seat", v.seat());
        o.put("phase", Names.phase(v.phase()));
        putSeat(o, "toAct", v.toAct());
        putSeat(o, "attacker", v.attacker());
        putSeat(o, "defender", v.defender());
        if (v.seat() >= 0) {
            o.set("hand", cardsNode(v.hands().getOrDefault(v.seat(), List.of())));
        } else {
            o.set("hands", seatCards(v.hands()));
        }
        o.set("handSizes", intsNode(v.handSizes()));
        o.set("known", seatCards(v.known()));
        ArrayNode table = o.putArray("table");
        for (Card[] pair : v.table()) {
            ArrayNode p = table.addArray();
            p.add(Names.card(pair[0]));
            if (pair[1] == null) {
                p.addNull();
            } else {
                p.add(Names.card(pair[1]));
            }
        }
        o.put("trump", Names.suit(v.trump()));
        putCard(o, "trumpCard", v.trumpCard());
        o.put("stockCount", v.stockCount());
        o.put("discardCount", v.discardCount());
        if (v.discard() != null) {
            o.set("discard", cardsNode(v.discard()));
        }
        if (v.trumpsInPlay() >= 0) {
            o.put("trumpsInPlay", v.trumpsInPlay());
        }
        o.put("boutsPlayed", v.boutsPlayed());
        o.set("out", intsNode(v.out()));
        o.put("roomLeft", v.roomLeft());
        o.set("stillToCome", intsNode(v.stillToCome()));
        o.set("passed", intsNode(v.passed()));
        ArrayNode moves = o.putArray("legalMoves");
        for (Move m : v.legalMoves()) {
            moves.add(toNode(m));
        }
        putSeat(o, "durak", v.durak());
        if (v.points() == null) {
            o.putNull("points");
        } else {
            o.set("points", intsNode(v.points()));
        }
        return o;
    }

    /** Seat number (as text, JSON keys being text) to cards. */
    private static ObjectNode seatCards(Map<Integer, List<Card>> bySeat) {
        ObjectNode o = NODES.objectNode();
        bySeat.keySet().stream().sorted().forEach(seat -> o.set(Integer.toString(seat), cardsNode(bySeat.get(seat))));
        return o;
    }

    private static final Set<String> VIEW_FIELDS = Set.of("seat", "phase", "toAct", "attacker", "defender", "hand",
            "hands", "handSizes", "known", "table", "trump", "trumpCard", "stockCount", "discardCount", "discard",
            "trumpsInPlay", "boutsPlayed", "out", "roomLeft", "stillToCome", "passed", "legalMoves", "durak", "points");
    /** Fields that must be present, in the order of {@link #toNode(SeatView)} (some may be null). */
    private static final List<String> VIEW_REQUIRED = List.of("seat", "phase", "toAct", "attacker", "defender",
            "handSizes", "known", "table", "trump", "trumpCard", "stockCount", "discardCount", "boutsPlayed", "out",
            "roomLeft", "stillToCome", "passed", "legalMoves", "durak", "points");

    /**
     * Reads what {@link #toNode(SeatView)} writes, strictly: every field of the schema's SeatView must be there
     * (null where a seat or card may be missing), no other field, {@code hand} for a seat's view or {@code hands}
     * for the open view, seats within {@code handSizes}, no card twice in one list. Anything else is
     * {@link MessageException#INVALID_VIEW} naming the field. Whether the view could occur in a deal of some
     * settings is not checked here (a reader has no settings).
     */
    public static SeatView readSeatView(JsonNode node) {
        Fields f = Fields.of(node, MessageException.INVALID_VIEW, "a seat view", VIEW_FIELDS);
        for (String name : VIEW_REQUIRED) {
            if (!f.has(name)) {
                throw f.error(name, "is required");
            }
        }
        List<Integer> handSizes = f.intList("handSizes");
        int players = handSizes.size();
        if (players < 2) {
            throw f.error("handSizes", "must have one entry per seat (2 to 6), not " + players);
        }
        for (int size : handSizes) {
            if (size < 0) {
                throw f.error("handSizes", "must not be negative, not " + size);
            }
        }
        int seat = viewSeat(f, "seat", players);
        String phaseText = f.text("phase");
        online.durak.engine.Phase phase = Names.phase(phaseText);
        if (phase == null) {
            throw f.error("phase", "must be ATTACK, DEFENSE, THROW_IN, TAKE_ADDING or DEAL_OVER, not \"" + phaseText
                    + "\"");
        }
        Map<Integer, List<Card>> hands = new java.util.LinkedHashMap<>();
        if (seat >= 0) {
            if (f.has("hands")) {
                throw f.error("hands", "only the open view (seat null) has hands; a seat's view has hand");
            }
            if (!f.has("hand")) {
                throw f.error("hand", "is required in a seat's view");
            }
            hands.put(seat, List.copyOf(f.cardList("hand")));
        } else {
            if (f.has("hand")) {
                throw f.error("hand", "the open view (seat null) has hands, not hand");
            }
            if (!f.has("hands")) {
                throw f.error("hands", "is required in the open view (seat null)");
            }
            hands.putAll(viewSeatCards(f, "hands", players));
        }
        String trumpText = f.text("trump");
        online.durak.engine.Suit trump = null;
        for (online.durak.engine.Suit s : online.durak.engine.Suit.values()) {
            if (Names.suit(s).equals(trumpText)) {
                trump = s;
            }
        }
        if (trump == null) {
            throw f.error("trump", "must be C, D, H or S, not \"" + trumpText + "\"");
        }
        boolean discardShown = f.has("discard");
        if (discardShown != f.has("trumpsInPlay")) {
            throw f.error(discardShown ? "trumpsInPlay" : "discard",
                    "discard and trumpsInPlay are given together (when the discard lies face up) or not at all");
        }
        List<Move> legal = new java.util.ArrayList<>();
        JsonNode moves = f.required("legalMoves");
        if (!moves.isArray()) {
            throw f.error("legalMoves", "must be a list of moves, not " + moves);
        }
        for (int i = 0; i < moves.size(); i++) {
            try {
                legal.add(readMove(moves.get(i)));
            } catch (MessageException e) {
                throw f.error("legalMoves", "move " + i + ": " + e.getMessage());
            }
        }
        List<Integer> points = f.get("points") == null ? null : f.intList("points");
        if (points != null && points.size() != players) {
            throw f.error("points", "must have one entry per seat (" + players + "), not " + points.size());
        }
        return new SeatView(seat, phase, viewSeat(f, "toAct", players), viewSeat(f, "attacker", players),
                viewSeat(f, "defender", players), java.util.Collections.unmodifiableMap(hands), handSizes,
                java.util.Collections.unmodifiableMap(viewSeatCards(f, "known", players)), viewTable(f), trump,
                f.optCard("trumpCard"), count(f, "stockCount"), count(f, "discardCount"),
                discardShown ? List.copyOf(f.cardList("discard")) : null,
                discardShown ? count(f, "trumpsInPlay") : -1, count(f, "boutsPlayed"), viewSeats(f, "out", players),
                count(f, "roomLeft"), viewSeats(f, "stillToCome", players), viewSeats(f, "passed", players),
                List.copyOf(legal), viewSeat(f, "durak", players), points);
    }

    /** A seat or null (-1); a seat must be one of {@code 0..players-1}. */
    private static int viewSeat(Fields f, String field, int players) {
        Integer seat = f.optInteger(field);
        if (seat == null) {
            return -1;
        }
        if (seat < 0 || seat >= players) {
            throw f.error(field, "must be a seat 0.." + (players - 1) + " or null, not " + seat);
        }
        return seat;
    }

    private static List<Integer> viewSeats(Fields f, String field, int players) {
        List<Integer> seats = f.intList(field);
        for (int seat : seats) {
            if (seat < 0 || seat >= players) {
                throw f.error(field, "must hold seats 0.." + (players - 1) + ", not " + seat);
            }
        }
        return seats;
    }

    private static int count(Fields f, String field) {
        int n = f.integer(field);
        if (n < 0) {
            throw f.error(field, "must not be negative, not " + n);
        }
        return n;
    }

    /** The inverse of {@link #seatCards}: seat numbers as keys, in seat order. */
    private static Map<Integer, List<Card>> viewSeatCards(Fields f, String field, int players) {
        JsonNode o = f.required(field);
        if (!o.isObject()) {
            throw f.error(field, "must be an object from seat number to cards, not " + o);
        }
        java.util.TreeMap<Integer, List<Card>> bySeat = new java.util.TreeMap<>();
        for (java.util.Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            int seat;
            try {
                seat = Integer.parseInt(e.getKey());
            } catch (NumberFormatException x) {
                throw f.error(field, "keys must be seat numbers, not \"" + e.getKey() + "\"");
            }
            if (seat < 0 || seat >= players || !e.getKey().equals(Integer.toString(seat))) {
                throw f.error(field, "keys must be seats 0.." + (players - 1) + ", not \"" + e.getKey() + "\"");
            }
            ObjectNode holder = NODES.objectNode();
            holder.set("cards", e.getValue());
            try {
                bySeat.put(seat, List.copyOf(
                        Fields.of(holder, MessageException.INVALID_VIEW, field, Set.of("cards")).cardList("cards")));
            } catch (MessageException x) {
                throw f.error(field, "seat " + seat + ": " + x.reason());
            }
        }
        return new java.util.LinkedHashMap<>(bySeat);
    }

    /** The inverse of the table in {@link #toNode(SeatView)}: {@code [attack, cover or null]} pairs. */
    private static List<Card[]> viewTable(Fields f) {
        JsonNode t = f.required("table");
        if (!t.isArray()) {
            throw f.error("table", "must be a list of [attack, cover or null] pairs, not " + t);
        }
        List<Card[]> pairs = new java.util.ArrayList<>(t.size());
        long seen = 0;
        for (JsonNode p : t) {
            if (!p.isArray() || p.size() != 2 || !p.get(0).isTextual() || !(p.get(1).isTextual() || p.get(1).isNull())) {
                throw f.error("table", "each entry must be [attack card, cover card or null], not " + p);
            }
            Card[] pair = new Card[2];
            for (int i = 0; i < 2; i++) {
                if (p.get(i).isNull()) {
                    continue;
                }
                try {
                    pair[i] = Card.parse(p.get(i).textValue());
                } catch (IllegalArgumentException e) {
                    throw f.error("table", e.getMessage());
                }
                if ((seen & pair[i].bit()) != 0) {
                    throw f.error("table", "card " + Names.card(pair[i]) + " lies on the table twice");
                }
                seen |= pair[i].bit();
            }
            pairs.add(pair);
        }
        return java.util.Collections.unmodifiableList(pairs);
    }

    // ---- commands, replies and event envelopes: bound by Jackson (the records' annotations, Wire) ----

    public static ObjectNode toNode(CommandMessage m) {
        return MAPPER.valueToTree(m);
    }

    public static CommandMessage readCommandMessage(JsonNode node) {
        return bind(node, CommandMessage.class, INVALID_MESSAGE, "a command");
    }

    public static byte[] toBytes(CommandMessage m) {
        return writeBytes(toNode(m));
    }

    public static CommandMessage readCommandMessage(byte[] json) {
        return readCommandMessage(parse(json));
    }

    public static ObjectNode toNode(ReplyMessage m) {
        return MAPPER.valueToTree(m);
    }

    /**
     * The reply with its events given as their {@link #toNode(EventMessage)} nodes: a publisher that also sends
     * each event on its own turns every event into JSON once.
     */
    public static ObjectNode toNode(ReplyMessage m, List<ObjectNode> eventNodes) {
        ObjectNode o = toNode(m.withoutEvents());
        if (!eventNodes.isEmpty()) { // left out when empty, as most replies are
            o.putArray("events").addAll(eventNodes);
        }
        return o;
    }

    public static ReplyMessage readReplyMessage(JsonNode node) {
        return bind(node, ReplyMessage.class, INVALID_MESSAGE, "a reply");
    }

    public static byte[] toBytes(ReplyMessage m) {
        return writeBytes(toNode(m));
    }

    public static ReplyMessage readReplyMessage(byte[] json) {
        return readReplyMessage(parse(json));
    }

    /** {@code {"tableId","seq","type","at","commandId","event":{...}}}; {@code at} in ISO-8601 (UTC). */
    public static ObjectNode toNode(EventMessage m) {
        return MAPPER.valueToTree(m);
    }

    public static EventMessage readEventMessage(JsonNode node) {
        return bind(node, EventMessage.class, INVALID_MESSAGE, "an event message");
    }

    public static byte[] toBytes(EventMessage m) {
        return writeBytes(toNode(m));
    }

    public static EventMessage readEventMessage(byte[] json) {
        return readEventMessage(parse(json));
    }

    /** The same envelope as {@link #toNode(EventMessage)}, the event as the viewer may see it. */
    public static ObjectNode toNode(SeatEventMessage m) {
        return MAPPER.valueToTree(m);
    }

    public static SeatEventMessage readSeatEventMessage(JsonNode node) {
        return bind(node, SeatEventMessage.class, INVALID_MESSAGE, "an event message");
    }

    // ---- text, for REST and WebSocket bodies ----

    public static String toJson(Rules r) {
        return write(toNode(r));
    }

    public static String toJson(Move m) {
        return write(toNode(m));
    }

    public static String toJson(Event e) {
        return write(toNode(e));
    }

    public static String toJson(VisibleEvent e) {
        return write(toNode(e));
    }

    public static String toJson(SeatView v) {
        return write(toNode(v));
    }

    public static String toJson(CommandMessage m) {
        return write(toNode(m));
    }

    public static String toJson(ReplyMessage m) {
        return write(toNode(m));
    }

    public static String toJson(EventMessage m) {
        return write(toNode(m));
    }

    public static String toJson(SeatEventMessage m) {
        return write(toNode(m));
    }
}
