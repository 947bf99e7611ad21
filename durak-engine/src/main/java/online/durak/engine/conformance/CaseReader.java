package online.durak.engine.conformance;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import online.durak.engine.Card;
import online.durak.engine.CardSet;
import online.durak.engine.Deck;
import online.durak.engine.FirstBoutLimit;
import online.durak.engine.InvalidSettingException;
import online.durak.engine.Move;
import online.durak.engine.Phase;
import online.durak.engine.Position;
import online.durak.engine.Rules;
import online.durak.engine.Suit;
import online.durak.engine.ThrowIn;
import online.durak.engine.Variant;

/**
 * Reads a case file (docs/conformance.md) and refuses anything that is not a valid case, naming the field.
 * Jackson reads the JSON; this package is the only one of the engine that uses a JSON library.
 */
public final class CaseReader {
    private static final Set<String> TOP = Set.of("name", "rules", "setup", "steps", "expect");
    private static final Set<String> RULES = Set.of("variant", "deck", "teams", "throwIn", "firstBoutLimit",
            "showTrumpToTransfer", "discardVisible", "dealsPerMatch", "turnClock", "stake", "players");
    private static final Set<String> SETUP = Set.of("trump", "hands", "stock", "discardCount", "boutsPlayed",
            "attacker", "out", "known");
    private static final Set<String> STEP = Set.of("seat", "move", "expect");
    private static final Set<String> EXPECT = Set.of("phase", "toAct", "attacker", "defender", "hands",
            "handSizes", "table", "discardCount", "stockCount", "out", "durak", "points", "known");

    private static final ObjectReader READER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS, DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS,
                    DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build().readerFor(Object.class);

    private CaseReader() {
    }

    public static ConformanceCase read(String json) throws InvalidCaseException {
        Object root = parse(json);
        Map<String, Object> top = object(root, "");
        keys(top, TOP, "");
        String name = string(require(top, "name", ""), "name");
        Map<String, Object> rulesJson = top.containsKey("rules") ? object(top.get("rules"), "rules") : Map.of();
        Map<String, Object> setupJson = object(require(top, "setup", ""), "setup");
        Object handsJson = require(setupJson, "hands", "setup.");
        int players = list(handsJson, "setup.hands").size();
        Rules rules = rules(rulesJson, players);
        Position setup = setup(setupJson, rules);
        List<ConformanceCase.Step> steps = new ArrayList<>();
        if (top.containsKey("steps")) {
            List<Object> stepsJson = list(top.get("steps"), "steps");
            for (int i = 0; i < stepsJson.size(); i++) {
                steps.add(step(stepsJson.get(i), "steps[" + i + "]", rules, players));
            }
        }
        ConformanceCase.Expect expect = top.containsKey("expect")
                ? expect(object(top.get("expect"), "expect"), rules, players)
                : new ConformanceCase.Expect(null, null, null, null, null, null, null, null, null, null, null, null,
                null);
        return new ConformanceCase(name, rules, setup, steps, expect);
    }

    /**
     * The file as plain values (objects {@link Map}, arrays {@link List}, numbers {@link BigInteger} or
     * {@link BigDecimal}, String, Boolean, null), read strictly: one value, no duplicate keys, no extensions.
     */
    private static Object parse(String json) throws InvalidCaseException {
        try {
            return READER.readValue(json);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new InvalidCaseException("", "bad JSON at line " + (at == null ? 1 : Math.max(1, at.getLineNr()))
                    + ", column " + (at == null ? 1 : Math.max(1, at.getColumnNr())) + ": "
                    + reason(e.getOriginalMessage()));
        } catch (NumberFormatException e) { // a number BigDecimal cannot hold, e.g. 1e99999999999
            throw new InvalidCaseException("", "bad JSON: a number is out of range");
        }
    }

    /** The parser's own words without where it keeps its input ("[Source: ...]") or how it is configured. */
    private static String reason(String message) {
        String first = message.lines().findFirst().orElse("").replaceAll(" ?\\(start marker at \\[Source.*", "");
        int hint = first.indexOf(" (for ");
        return hint > 0 ? first.substring(0, hint) : first;
    }

    // ---- rules ----

    private static Rules rules(Map<String, Object> j, int players) throws InvalidCaseException {
        keys(j, RULES, "rules.");
        Variant variant = j.containsKey("variant") ? enumOf(Variant.class, j.get("variant"), "rules.variant")
                : Variant.PODKIDNOI;
        Deck deck = Deck.D36;
        if (j.containsKey("deck")) {
            int size = integer(j.get("deck"), "rules.deck");
            try {
                deck = Deck.ofSize(size);
            } catch (InvalidSettingException e) {
                throw new InvalidCaseException("rules.deck", e.getMessage());
            }
        }
        if (j.containsKey("players") && integer(j.get("players"), "rules.players") != players) {
            throw new InvalidCaseException("rules.players", "does not match the number of hands, " + players);
        }
        boolean teams = j.containsKey("teams") && bool(j.get("teams"), "rules.teams");
        ThrowIn throwIn = j.containsKey("throwIn") ? enumOf(ThrowIn.class, j.get("throwIn"), "rules.throwIn")
                : ThrowIn.ALL;
        FirstBoutLimit limit = j.containsKey("firstBoutLimit")
                ? enumOf(FirstBoutLimit.class, j.get("firstBoutLimit"), "rules.firstBoutLimit")
                : FirstBoutLimit.FIRST_BOUT;
        boolean show = j.containsKey("showTrumpToTransfer")
                && bool(j.get("showTrumpToTransfer"), "rules.showTrumpToTransfer");
        boolean visible = !j.containsKey("discardVisible") || bool(j.get("discardVisible"), "rules.discardVisible");
        int deals = j.containsKey("dealsPerMatch") ? integer(j.get("dealsPerMatch"), "rules.dealsPerMatch") : 5;
        int clock = j.containsKey("turnClock") && j.get("turnClock") != null
                ? integer(j.get("turnClock"), "rules.turnClock") : 0;
        int stake = j.containsKey("stake") ? integer(j.get("stake"), "rules.stake") : 0;
        try {
            return new Rules(variant, deck, players, teams, throwIn, limit, show, visible, deals, clock, stake);
        } catch (InvalidSettingException e) {
            String field = e.setting().equals("players") ? "setup.hands" : "rules." + e.setting();
            throw new InvalidCaseException(field, e.getMessage());
        }
    }

    // ---- setup ----

    private static Position setup(Map<String, Object> j, Rules rules) throws InvalidCaseException {
        keys(j, SETUP, "setup.");
        int n = rules.players();
        Suit trump;
        String trumpText = string(require(j, "trump", "setup."), "setup.trump");
        try {
            trump = Suit.parse(trumpText);
        } catch (IllegalArgumentException e) {
            throw new InvalidCaseException("setup.trump", e.getMessage());
        }
        long seen = 0;
        List<Object> handsJson = list(j.get("hands"), "setup.hands");
        List<CardSet> hands = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String field = "setup.hands[" + i + "]";
            List<Card> cards = cards(handsJson.get(i), field, rules);
            long m = 0;
            for (int k = 0; k < cards.size(); k++) {
                long bit = cards.get(k).bit();
                if ((seen & bit) != 0) {
                    throw new InvalidCaseException(field + "[" + k + "]", "card " + cards.get(k) + " appears twice");
                }
                seen |= bit;
                m |= bit;
            }
            hands.add(new CardSet(m));
        }
        List<Card> stock = j.containsKey("stock") ? cards(j.get("stock"), "setup.stock", rules) : List.of();
        for (int k = 0; k < stock.size(); k++) {
            long bit = stock.get(k).bit();
            if ((seen & bit) != 0) {
                throw new InvalidCaseException("setup.stock[" + k + "]", "card " + stock.get(k) + " appears twice");
            }
            seen |= bit;
        }
        if (!stock.isEmpty() && stock.get(stock.size() - 1).suit() != trump) {
            throw new InvalidCaseException("setup.trump",
                    "the stock's last card " + stock.get(stock.size() - 1) + " is the trump card, so trump must be "
                            + stock.get(stock.size() - 1).suit());
        }
        int outOfPlay = rules.deck().size() - Long.bitCount(seen);
        int discardCount = j.containsKey("discardCount") ? integer(j.get("discardCount"), "setup.discardCount") : 0;
        if (discardCount < 0 || discardCount > outOfPlay) {
            throw new InvalidCaseException("setup.discardCount",
                    "must be 0.." + outOfPlay + " (the deck's cards in no hand and not in the stock)");
        }
        int bouts = j.containsKey("boutsPlayed") ? integer(j.get("boutsPlayed"), "setup.boutsPlayed") : 0;
        if (bouts < 0) {
            throw new InvalidCaseException("setup.boutsPlayed", "must not be negative");
        }
        int attacker = seat(require(j, "attacker", "setup."), "setup.attacker", n);
        List<Integer> out = new ArrayList<>();
        if (j.containsKey("out")) {
            List<Object> outJson = list(j.get("out"), "setup.out");
            for (int i = 0; i < outJson.size(); i++) {
                int seat = seat(outJson.get(i), "setup.out[" + i + "]", n);
                if (!hands.get(seat).isEmpty()) {
                    throw new InvalidCaseException("setup.out[" + i + "]", "seat " + seat + " is out but holds cards");
                }
                out.add(seat);
            }
        }
        List<CardSet> known = new ArrayList<>();
        Map<Integer, List<Card>> knownJson = j.containsKey("known")
                ? seatCards(j.get("known"), "setup.known", rules) : Map.of();
        for (int i = 0; i < n; i++) {
            CardSet k = CardSet.of(knownJson.getOrDefault(i, List.of()));
            if (!hands.get(i).containsAll(k)) {
                throw new InvalidCaseException("setup.known." + i, "known cards must be in that seat's hand");
            }
            known.add(k);
        }
        return new Position(trump, hands, stock, discardCount, bouts, attacker, out, known);
    }

    // ---- steps ----

    private static ConformanceCase.Step step(Object json, String field, Rules rules, int n)
            throws InvalidCaseException {
        Map<String, Object> j = object(json, field);
        keys(j, STEP, field + ".");
        int seat = seat(require(j, "seat", field + "."), field + ".seat", n);
        boolean reject = false;
        if (j.containsKey("expect")) {
            String e = string(j.get("expect"), field + ".expect");
            if (!e.equals("ok") && !e.equals("reject")) {
                throw new InvalidCaseException(field + ".expect", "must be \"ok\" or \"reject\", not \"" + e + "\"");
            }
            reject = e.equals("reject");
        }
        String mf = field + ".move";
        Map<String, Object> m = object(require(j, "move", field + "."), mf);
        String type = string(require(m, "type", mf + "."), mf + ".type");
        Move move;
        switch (type) {
            case "attack":
                keys(m, Set.of("type", "cards"), mf + ".");
                move = new Move.Attack(cards(require(m, "cards", mf + "."), mf + ".cards", rules));
                break;
            case "throw":
                keys(m, Set.of("type", "cards"), mf + ".");
                move = new Move.Throw(cards(require(m, "cards", mf + "."), mf + ".cards", rules));
                break;
            case "cover":
                keys(m, Set.of("type", "attack", "card"), mf + ".");
                move = new Move.Cover(card(require(m, "attack", mf + "."), mf + ".attack", rules),
                        card(require(m, "card", mf + "."), mf + ".card", rules));
                break;
            case "transfer":
                keys(m, Set.of("type", "card", "showTrump"), mf + ".");
                if (m.containsKey("card") == m.containsKey("showTrump")) {
                    throw new InvalidCaseException(mf, "a transfer names either \"card\" or \"showTrump\"");
                }
                move = m.containsKey("card") ? new Move.Transfer(card(m.get("card"), mf + ".card", rules))
                        : new Move.ShowTrump(card(m.get("showTrump"), mf + ".showTrump", rules));
                break;
            case "take":
                keys(m, Set.of("type"), mf + ".");
                move = Move.TAKE;
                break;
            case "pass":
                keys(m, Set.of("type"), mf + ".");
                move = Move.PASS;
                break;
            default:
                throw new InvalidCaseException(mf + ".type", "unknown move type \"" + type + "\"");
        }
        return new ConformanceCase.Step(seat, move, reject);
    }

    // ---- expect ----

    private static ConformanceCase.Expect expect(Map<String, Object> j, Rules rules, int n)
            throws InvalidCaseException {
        keys(j, EXPECT, "expect.");
        Phase phase = j.containsKey("phase") ? enumOf(Phase.class, j.get("phase"), "expect.phase") : null;
        Integer toAct = j.containsKey("toAct") ? seat(j.get("toAct"), "expect.toAct", n) : null;
        Integer attacker = j.containsKey("attacker") ? seat(j.get("attacker"), "expect.attacker", n) : null;
        Integer defender = j.containsKey("defender") ? seat(j.get("defender"), "expect.defender", n) : null;
        Map<Integer, List<Card>> hands = j.containsKey("hands") ? seatCards(j.get("hands"), "expect.hands", rules)
                : null;
        List<Integer> handSizes = j.containsKey("handSizes") ? integers(j.get("handSizes"), "expect.handSizes", n)
                : null;
        List<Card[]> table = null;
        if (j.containsKey("table")) {
            table = new ArrayList<>();
            List<Object> t = list(j.get("table"), "expect.table");
            for (int i = 0; i < t.size(); i++) {
                String f = "expect.table[" + i + "]";
                List<Object> pair = list(t.get(i), f);
                if (pair.size() != 2) {
                    throw new InvalidCaseException(f, "a pair is [attack, cover-or-null]");
                }
                table.add(new Card[] {card(pair.get(0), f + "[0]", rules),
                        pair.get(1) == null ? null : card(pair.get(1), f + "[1]", rules)});
            }
        }
        Integer discardCount = j.containsKey("discardCount") ? integer(j.get("discardCount"), "expect.discardCount")
                : null;
        Integer stockCount = j.containsKey("stockCount") ? integer(j.get("stockCount"), "expect.stockCount") : null;
        List<Integer> out = null;
        if (j.containsKey("out")) {
            out = new ArrayList<>();
            List<Object> o = list(j.get("out"), "expect.out");
            for (int i = 0; i < o.size(); i++) {
                out.add(seat(o.get(i), "expect.out[" + i + "]", n));
            }
        }
        Integer durak = j.containsKey("durak") ? (j.get("durak") == null ? -1 : seat(j.get("durak"), "expect.durak", n))
                : null;
        List<Integer> points = j.containsKey("points") ? integers(j.get("points"), "expect.points", n) : null;
        Map<Integer, List<Card>> known = j.containsKey("known") ? seatCards(j.get("known"), "expect.known", rules)
                : null;
        return new ConformanceCase.Expect(phase, toAct, attacker, defender, hands, handSizes, table, discardCount,
                stockCount, out, durak, points, known);
    }

    // ---- typed field readers ----

    private static Object require(Map<String, Object> j, String key, String prefix) throws InvalidCaseException {
        if (!j.containsKey(key)) {
            throw new InvalidCaseException(prefix + key, "is missing");
        }
        return j.get(key);
    }

    private static void keys(Map<String, Object> j, Set<String> allowed, String prefix) throws InvalidCaseException {
        for (String k : j.keySet()) {
            if (!allowed.contains(k)) {
                throw new InvalidCaseException(prefix + k, "unknown field");
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object o, String field) throws InvalidCaseException {
        if (!(o instanceof Map)) {
            throw new InvalidCaseException(field, "must be an object");
        }
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object o, String field) throws InvalidCaseException {
        if (!(o instanceof List)) {
            throw new InvalidCaseException(field, "must be a list");
        }
        return (List<Object>) o;
    }

    private static String string(Object o, String field) throws InvalidCaseException {
        if (!(o instanceof String s)) {
            throw new InvalidCaseException(field, "must be a string");
        }
        return s;
    }

    private static boolean bool(Object o, String field) throws InvalidCaseException {
        if (!(o instanceof Boolean b)) {
            throw new InvalidCaseException(field, "must be true or false");
        }
        return b;
    }

    private static int integer(Object o, String field) throws InvalidCaseException {
        BigDecimal d;
        if (o instanceof BigInteger i) {
            d = new BigDecimal(i);
        } else if (o instanceof BigDecimal b) {
            d = b;
        } else {
            throw new InvalidCaseException(field, "must be a whole number");
        }
        try {
            return d.intValueExact();
        } catch (ArithmeticException e) {
            throw new InvalidCaseException(field, "must be a whole number");
        }
    }

    private static List<Integer> integers(Object o, String field, int n) throws InvalidCaseException {
        List<Object> l = list(o, field);
        if (l.size() != n) {
            throw new InvalidCaseException(field, "needs one number per seat (" + n + ")");
        }
        List<Integer> r = new ArrayList<>();
        for (int i = 0; i < l.size(); i++) {
            r.add(integer(l.get(i), field + "[" + i + "]"));
        }
        return r;
    }

    private static int seat(Object o, String field, int n) throws InvalidCaseException {
        int s = integer(o, field);
        if (s < 0 || s >= n) {
            throw new InvalidCaseException(field, "seat " + s + " is out of range 0.." + (n - 1));
        }
        return s;
    }

    private static <E extends Enum<E>> E enumOf(Class<E> type, Object o, String field) throws InvalidCaseException {
        String s = string(o, field);
        try {
            return Enum.valueOf(type, s);
        } catch (IllegalArgumentException e) {
            StringBuilder names = new StringBuilder();
            for (E v : type.getEnumConstants()) {
                names.append(names.length() == 0 ? "" : ", ").append(v.name());
            }
            throw new InvalidCaseException(field, "unknown value \"" + s + "\" (" + names + ")");
        }
    }

    private static Card card(Object o, String field, Rules rules) throws InvalidCaseException {
        String s = string(o, field);
        Card c;
        try {
            c = Card.parse(s);
        } catch (IllegalArgumentException e) {
            throw new InvalidCaseException(field, e.getMessage());
        }
        if (!rules.deck().cards().contains(c)) {
            throw new InvalidCaseException(field, "card " + c + " is not in the " + rules.deck().size() + "-card deck");
        }
        return c;
    }

    private static List<Card> cards(Object o, String field, Rules rules) throws InvalidCaseException {
        List<Object> l = list(o, field);
        List<Card> r = new ArrayList<>();
        for (int i = 0; i < l.size(); i++) {
            r.add(card(l.get(i), field + "[" + i + "]", rules));
        }
        return r;
    }

    private static Map<Integer, List<Card>> seatCards(Object o, String field, Rules rules)
            throws InvalidCaseException {
        Map<String, Object> j = object(o, field);
        Map<Integer, List<Card>> r = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : j.entrySet()) {
            int seat;
            try {
                seat = Integer.parseInt(e.getKey());
            } catch (NumberFormatException ex) {
                throw new InvalidCaseException(field + "." + e.getKey(), "must be a seat number");
            }
            if (seat < 0 || seat >= rules.players()) {
                throw new InvalidCaseException(field + "." + e.getKey(),
                        "seat " + seat + " is out of range 0.." + (rules.players() - 1));
            }
            r.put(seat, cards(e.getValue(), field + "." + e.getKey(), rules));
        }
        return r;
    }
}
