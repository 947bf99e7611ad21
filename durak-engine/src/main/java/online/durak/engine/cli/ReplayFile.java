package online.durak.engine.cli;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.ArrayList;
import java.util.List;
import online.durak.engine.Card;
import online.durak.engine.CardSet;
import online.durak.engine.Deck;
import online.durak.engine.Event;
import online.durak.engine.FirstBoutLimit;
import online.durak.engine.InvalidSettingException;
import online.durak.engine.Rules;
import online.durak.engine.ShuffleProof;
import online.durak.engine.ThrowIn;
import online.durak.engine.Variant;

/**
 * A deal's replay as the API returns it ({@code GET /api/tables/{id}/replay?deal=N}, docs/fairness.md): the table's
 * {@code settings}, the {@code shuffleProof} and the deal's events ({@code steps[].event.event}), read into the
 * engine's types. Only what a check of the proof needs is read; a file without it is {@link Unreadable}.
 */
record ReplayFile(Rules rules, ShuffleProof proof, List<Event> events) {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** The file is no replay with a proof: the reason names the field. */
    static final class Unreadable extends Exception {
        Unreadable(String message) {
            super(message);
        }
    }

    static ReplayFile read(String text) throws Unreadable {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JacksonException e) {
            throw new Unreadable("not JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            throw new Unreadable("not a replay: a JSON object is expected");
        }
        JsonNode p = root.get("shuffleProof");
        if (p == null || p.isNull()) {
            throw new Unreadable("shuffleProof: missing (a deal dealt before shuffles were sealed has none)");
        }
        ShuffleProof proof = new ShuffleProof(text(p, "commitment", "shuffleProof."), text(p, "salt", "shuffleProof."),
                cards(p.get("deckOrder"), "shuffleProof.deckOrder"));
        Rules rules = rules(object(root.get("settings"), "settings"));
        JsonNode steps = root.get("steps");
        if (steps == null || !steps.isArray() || steps.isEmpty()) {
            throw new Unreadable("steps: a non-empty list is expected");
        }
        List<Event> events = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            JsonNode message = object(steps.get(i).get("event"), "steps[" + i + "].event");
            events.add(event(object(message.get("event"), "steps[" + i + "].event.event"),
                    "steps[" + i + "].event.event."));
        }
        return new ReplayFile(rules, proof, events);
    }

    private static Rules rules(JsonNode s) throws Unreadable {
        try {
            return new Rules(Variant.valueOf(text(s, "variant", "settings.")), Deck.ofSize(integer(s, "deck", "settings.")),
                    integer(s, "players", "settings."), bool(s, "teams", "settings."),
                    ThrowIn.valueOf(text(s, "throwIn", "settings.")),
                    FirstBoutLimit.valueOf(text(s, "firstBoutLimit", "settings.")),
                    bool(s, "showTrumpToTransfer", "settings."), bool(s, "discardVisible", "settings."),
                    integer(s, "dealsPerMatch", "settings."), 0, 0);
        } catch (IllegalArgumentException e) { // an unknown name, or InvalidSettingException
            throw new Unreadable("settings: " + (e instanceof InvalidSettingException i ? i.setting() + ": " : "")
                    + e.getMessage());
        }
    }

    private static Event event(JsonNode e, String at) throws Unreadable {
        String type = text(e, "type", at);
        return switch (type) {
            case "DealStarted" -> new Event.DealStarted(integer(e, "deal", at), integer(e, "dealer", at),
                    cards(e.get("deckOrder"), at + "deckOrder"), integer(e, "redeals", at), integer(e, "attacker", at),
                    cardOrNull(e.get("shownTrump"), at + "shownTrump"), salt(e.get("salt"), at + "salt"));
            case "Attacked" -> new Event.Attacked(integer(e, "seat", at), cards(e.get("cards"), at + "cards"));
            case "Covered" -> new Event.Covered(integer(e, "seat", at), card(e.get("attack"), at + "attack"),
                    card(e.get("card"), at + "card"));
            case "Transferred" -> new Event.Transferred(integer(e, "seat", at), card(e.get("card"), at + "card"));
            case "TrumpShown" -> new Event.TrumpShown(integer(e, "seat", at), card(e.get("trump"), at + "trump"));
            case "Took" -> new Event.Took(integer(e, "seat", at));
            case "Threw" -> new Event.Threw(integer(e, "seat", at), cards(e.get("cards"), at + "cards"));
            case "Passed" -> new Event.Passed(integer(e, "seat", at));
            case "BoutEnded" -> new Event.BoutEnded(bool(e, "taken", at), integer(e, "defender", at),
                    CardSet.of(cards(e.get("cards"), at + "cards")));
            case "CardsDrawn" -> new Event.CardsDrawn(integer(e, "seat", at),
                    CardSet.of(cards(e.get("cards"), at + "cards")));
            case "PlayersOut" -> new Event.PlayersOut(integers(e.get("seats"), at + "seats"));
            case "BoutReady" -> new Event.BoutReady(integer(e, "attacker", at), integer(e, "defender", at));
            case "DealEnded" -> new Event.DealEnded(e.hasNonNull("durak") ? integer(e, "durak", at) : -1,
                    integers(e.get("points"), at + "points"), CardSet.of(cards(e.get("durakCards"), at + "durakCards")));
            default -> throw new Unreadable(at + "type: " + type + " is no event of a deal");
        };
    }

    private static JsonNode object(JsonNode n, String field) throws Unreadable {
        if (n == null || !n.isObject()) {
            throw new Unreadable(field + ": an object is expected");
        }
        return n;
    }

    private static String text(JsonNode o, String name, String at) throws Unreadable {
        JsonNode n = o.get(name);
        if (n == null || !n.isTextual()) {
            throw new Unreadable(at + name + ": text is expected");
        }
        return n.textValue();
    }

    private static int integer(JsonNode o, String name, String at) throws Unreadable {
        JsonNode n = o.get(name);
        if (n == null || !n.canConvertToInt() || !n.isIntegralNumber()) {
            throw new Unreadable(at + name + ": a whole number is expected");
        }
        return n.intValue();
    }

    private static boolean bool(JsonNode o, String name, String at) throws Unreadable {
        JsonNode n = o.get(name);
        if (n == null || !n.isBoolean()) {
            throw new Unreadable(at + name + ": true or false is expected");
        }
        return n.booleanValue();
    }

    private static List<Integer> integers(JsonNode n, String field) throws Unreadable {
        if (n == null || !n.isArray()) {
            throw new Unreadable(field + ": a list of whole numbers is expected");
        }
        List<Integer> out = new ArrayList<>();
        for (JsonNode i : n) {
            if (!i.isIntegralNumber() || !i.canConvertToInt()) {
                throw new Unreadable(field + ": a list of whole numbers is expected");
            }
            out.add(i.intValue());
        }
        return out;
    }

    private static List<Card> cards(JsonNode n, String field) throws Unreadable {
        if (n == null || !n.isArray()) {
            throw new Unreadable(field + ": a list of cards is expected");
        }
        List<Card> out = new ArrayList<>();
        for (JsonNode c : n) {
            out.add(card(c, field));
        }
        return out;
    }

    private static Card cardOrNull(JsonNode n, String field) throws Unreadable {
        return n == null || n.isNull() ? null : card(n, field);
    }

    private static Card card(JsonNode n, String field) throws Unreadable {
        try {
            return Card.parse(n == null ? null : n.textValue());
        } catch (IllegalArgumentException e) {
            throw new Unreadable(field + ": " + e.getMessage());
        }
    }

    /**
     * The event's salt; null when it has none or one of another form (which the check then finds unlike the proof's: a
     * tampered proof is invalid, not a file that cannot be read).
     */
    private static String salt(JsonNode n, String field) throws Unreadable {
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isTextual()) {
            throw new Unreadable(field + ": text is expected");
        }
        return ShuffleProof.isSalt(n.textValue()) ? n.textValue() : null;
    }
}
