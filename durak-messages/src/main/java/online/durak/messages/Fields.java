package online.durak.messages;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import online.durak.engine.Card;
import online.durak.engine.CardSet;

/**
 * Strict reading of one JSON object: every field is checked for its type, unknown fields are refused,
 * and every failure is a {@link MessageException} with the reader's code and the field's name.
 */
final class Fields {
    private final JsonNode node;
    private final String code;

    private Fields(JsonNode node, String code) {
        this.node = node;
        this.code = code;
    }

    /** Wraps {@code node}, which must be a JSON object whose field names are all in {@code allowed}. */
    static Fields of(JsonNode node, String code, String what, Set<String> allowed) {
        if (node == null || !node.isObject()) {
            throw new MessageException(code, null, what + " must be a JSON object");
        }
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!allowed.contains(name)) {
                throw new MessageException(code, name, "unknown field in " + what);
            }
        }
        return new Fields(node, code);
    }

    MessageException error(String field, String message) {
        return new MessageException(code, field, message);
    }

    boolean has(String field) {
        return node.has(field);
    }

    /** The field's value; absent and null both give null. */
    JsonNode get(String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v;
    }

    JsonNode required(String field) {
        JsonNode v = get(field);
        if (v == null) {
            throw error(field, "is required");
        }
        return v;
    }

    int integer(String field) {
        return toInt(field, required(field));
    }

    /** An integer, or null when absent or null. */
    Integer optInteger(String field) {
        JsonNode v = get(field);
        return v == null ? null : toInt(field, v);
    }

    int toInt(String field, JsonNode v) {
        if (!v.isIntegralNumber()) {
            throw error(field, "must be a whole number, not " + v);
        }
        if (!v.canConvertToInt()) {
            throw error(field, "must be a whole number from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE
                    + ", not " + v);
        }
        return v.intValue();
    }

    /** A whole number of at least {@code min}, or null when absent or null; the range is named when it is not. */
    Integer optInteger(String field, int min) {
        JsonNode v = get(field);
        if (v == null) {
            return null;
        }
        if (v.isIntegralNumber() && (!v.canConvertToInt() || v.intValue() < min)) {
            throw error(field, "must be a whole number from " + min + " to " + Integer.MAX_VALUE + ", not " + v);
        }
        return toInt(field, v);
    }

    boolean toBool(String field, JsonNode v) {
        if (!v.isBoolean()) {
            throw error(field, "must be true or false, not " + v);
        }
        return v.booleanValue();
    }

    String text(String field) {
        return toText(field, required(field));
    }

    /** A string, or null when absent or null. */
    String optText(String field) {
        JsonNode v = get(field);
        return v == null ? null : toText(field, v);
    }

    String toText(String field, JsonNode v) {
        if (!v.isTextual()) {
            throw error(field, "must be a string, not " + v);
        }
        return v.textValue();
    }

    Card card(String field) {
        return toCard(field, required(field));
    }

    /** A card, or null when absent or null. */
    Card optCard(String field) {
        JsonNode v = get(field);
        return v == null ? null : toCard(field, v);
    }

    Card toCard(String field, JsonNode v) {
        if (!v.isTextual()) {
            throw error(field, "must be a card such as \"10D\", not " + v);
        }
        try {
            return Card.parse(v.textValue());
        } catch (IllegalArgumentException e) {
            throw error(field, e.getMessage());
        }
    }

    /** A list of cards in the order given; a card twice is refused. */
    List<Card> cardList(String field) {
        JsonNode v = required(field);
        if (!v.isArray()) {
            throw error(field, "must be a list of cards, not " + v);
        }
        List<Card> cards = new ArrayList<>(v.size());
        long seen = 0;
        for (JsonNode item : v) {
            Card c = toCard(field, item);
            if ((seen & c.bit()) != 0) {
                throw error(field, "card " + c + " is listed twice");
            }
            seen |= c.bit();
            cards.add(c);
        }
        return cards;
    }

    CardSet cardSet(String field) {
        return CardSet.of(cardList(field));
    }

    List<Integer> intList(String field) {
        JsonNode v = required(field);
        if (!v.isArray()) {
            throw error(field, "must be a list of whole numbers, not " + v);
        }
        List<Integer> list = new ArrayList<>(v.size());
        for (JsonNode item : v) {
            list.add(toInt(field, item));
        }
        return List.copyOf(list);
    }
}
