package online.durak.messages;

import static online.durak.messages.MessageException.INVALID_EVENT;
import static online.durak.messages.MessageException.INVALID_MOVE;
import static online.durak.messages.MessageException.INVALID_SETTING;
import static online.durak.messages.MessageException.INVALID_VIEW;

import com.fasterxml.jackson.annotation.JacksonAnnotationsInside;
import com.fasterxml.jackson.annotation.JacksonInject;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.deser.ContextualDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.AnnotatedParameter;
import com.fasterxml.jackson.databind.introspect.NopAnnotationIntrospector;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.jsontype.TypeDeserializer;
import com.fasterxml.jackson.databind.module.SimpleDeserializers;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.type.CollectionType;
import com.fasterxml.jackson.databind.type.LogicalType;
import java.io.IOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;
import online.durak.engine.BotLevel;
import online.durak.engine.Card;
import online.durak.engine.CardSet;
import online.durak.engine.Event;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;

/**
 * The engine's types as Jackson binds them: the events and moves by their stable type names (mix-ins, so that the
 * engine stays free of Jackson), and (de)serialisers only where a type has a form of its own: a card is
 * {@code "10D"}, a card set a sorted list, a card list refuses a card twice, a bot level its wire name, the
 * engine's -1 ("nobody") seat is null. Three engine types go through a wire record of this package: the settings
 * ({@link RulesForm}: rules.md names, defaults for what a client leaves out), a seat's view ({@link SeatViewForm}:
 * null seats, checks across fields) and the redacted events; a move's reader picks its record by {@code type}
 * (and "transfer" by which card it names: Transfer or ShowTrump), a visible event's by its hidden fields.
 * {@link #mapper()} reads strictly: every field present, none unknown, no null where a value is required, no
 * coercion (no "2" for 2, no 2 for "2", no 2.5 for an int); {@link #refusal} turns what Jackson refuses into a
 * {@link MessageException} naming the field, with the code of the kind of message read (a move's
 * {@code INVALID_MOVE} also inside a command).
 */
public final class Wire {
    private Wire() {
    }

    /**
     * The wire types' Jackson module, for a service's own ObjectMapper (REST and WebSocket bodies that hold
     * engine types: settings, a seat's view, moves, visible events, cards).
     */
    public static com.fasterxml.jackson.databind.Module module() {
        return new DurakModule();
    }

    /**
     * The strict mapper of {@link #mapper()}. {@link Codec} writes and reads through it, and the module's readers bind
     * the parts of a move, view or settings with it, so that these are read as strictly inside a service's own
     * (lenient) mapper as here.
     */
    static final ObjectMapper MAPPER = mapper();

    /** One mapper for the whole module: the strict reading above, plus duplicate keys and trailing text refused. */
    static ObjectMapper mapper() {
        JsonSetter.Value required = JsonSetter.Value.forValueNulls(Nulls.FAIL, Nulls.FAIL);
        return JsonMapper.builder()
                .addModule(new DurakModule())
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .withConfigOverride(String.class, o -> o.setSetterInfo(required))
                // ALLOW_COERCION_OF_SCALARS leaves text alone: no 3 for "3" either
                .withCoercionConfig(LogicalType.Textual, c -> c.setCoercion(CoercionInputShape.Integer,
                        CoercionAction.Fail).setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                .withConfigOverride(Card.class, o -> o.setSetterInfo(required))
                .withConfigOverride(CardSet.class, o -> o.setSetterInfo(required))
                .withConfigOverride(List.class, o -> o.setSetterInfo(required))
                .withConfigOverride(Rules.class, o -> o.setSetterInfo(required))
                .withConfigOverride(Instant.class, o -> o.setSetterInfo(required))
                .build();
    }

    /** The Jackson module of the wire types. */
    static final class DurakModule extends SimpleModule {
        @Override
        public void setupModule(SetupContext context) {
            super.setupModule(context);
            context.insertAnnotationIntrospector(new AbsentIntrospector());
        }

        DurakModule() {
            super("durak-wire");
            // first: the card lists' reader; addDeserializer adds to this one
            setDeserializers(new SimpleDeserializers() {
                @Override
                public JsonDeserializer<?> findCollectionDeserializer(CollectionType type, DeserializationConfig config,
                        BeanDescription bean, TypeDeserializer elementTypeDeserializer,
                        JsonDeserializer<?> elementDeserializer) throws JsonMappingException {
                    return type.getContentType().hasRawClass(Card.class) ? new CardListReader()
                            : super.findCollectionDeserializer(type, config, bean, elementTypeDeserializer,
                                    elementDeserializer);
                }
            });
            setMixInAnnotation(Event.class, EventMixin.class);
            setMixInAnnotation(Event.DealStarted.class, DealStartedMixin.class);
            setMixInAnnotation(Event.SeatTaken.class, SeatTakenMixin.class);
            setMixInAnnotation(Event.TableCreated.class, TableCreatedMixin.class);
            setMixInAnnotation(Event.MatchLeft.class, MatchLeftMixin.class);
            setMixInAnnotation(Event.DealEnded.class, DealEndedMixin.class);
            addSerializer(Card.class, writer(Card.class, (c, g, p) -> g.writeString(Names.card(c))));
            addDeserializer(Card.class, new CardReader());
            addSerializer(CardSet.class, writer(CardSet.class, (s, g, p) -> {
                g.writeStartArray();
                for (Card c : s.cards()) {
                    g.writeString(Names.card(c));
                }
                g.writeEndArray();
            }));
            addDeserializer(CardSet.class, new StdDeserializer<>(CardSet.class) {
                @Override
                public CardSet deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
                    return CardSet.of(CardListReader.read(p, ctxt));
                }
            });
            addSerializer(Rules.class, writer(Rules.class, (r, g, p) -> p.defaultSerializeValue(RulesForm.of(r), g)));
            addDeserializer(Rules.class, reader(Rules.class, Wire::fullRules));
            // a move has a reader of its own: one wire type ("transfer") has two forms (Transfer, ShowTrump)
            setMixInAnnotation(Move.class, TypedMixin.class);
            setMixInAnnotation(Move.ShowTrump.class, ShowTrumpMixin.class);
            addDeserializer(Move.class, reader(Move.class, Wire::move));
            // an event a viewer sees: the stored form, or a redacted one (told apart by its hidden fields)
            setMixInAnnotation(VisibleEvent.class, TypedMixin.class);
            setMixInAnnotation(VisibleEvent.RedactedDealStarted.class, RedactedDealStartedMixin.class);
            addSerializer(VisibleEvent.Open.class, writer(VisibleEvent.Open.class,
                    (v, g, p) -> p.defaultSerializeValue(v.event(), g)));
            addDeserializer(VisibleEvent.class, reader(VisibleEvent.class, Wire::visibleEvent));
            addSerializer(SeatView.class, writer(SeatView.class,
                    (v, g, p) -> p.defaultSerializeValue(SeatViewForm.of(v), g)));
            addDeserializer(SeatView.class, reader(SeatView.class, Wire::seatView));
            addSerializer(BotLevel.class, writer(BotLevel.class, (b, g, p) -> g.writeString(Names.botLevel(b))));
            addDeserializer(BotLevel.class, new NameReader<>(BotLevel.class, Names::botLevel,
                    "must be EASY, NORMAL, STRONG or null"));
            addSerializer(Instant.class, writer(Instant.class, (i, g, p) -> g.writeString(i.toString())));
            addDeserializer(Instant.class, new NameReader<>(Instant.class, Wire::instant,
                    "must be an ISO-8601 instant"));
        }
    }

    /**
     * A field that may be left out: absent (like null) reads as null. Every other field of a creator must be
     * there ({@code FAIL_ON_MISSING_CREATOR_PROPERTIES}); {@link AbsentIntrospector} exempts this one.
     */
    @Target(ElementType.PARAMETER)
    @Retention(RetentionPolicy.RUNTIME)
    @JacksonAnnotationsInside
    @JsonSetter(nulls = Nulls.SET)
    @interface MayBeAbsent {
    }

    /**
     * Jackson's way to exempt one creator property from {@code FAIL_ON_MISSING_CREATOR_PROPERTIES}: an optional
     * injection that takes the input when there is one (no value is ever injected, so an absent field is null).
     * The id is the parameter's index, as ids must differ within a creator.
     */
    static final class AbsentIntrospector extends NopAnnotationIntrospector {
        @Override
        public JacksonInject.Value findInjectableValue(AnnotatedMember m) {
            return m instanceof AnnotatedParameter p && p.hasAnnotation(MayBeAbsent.class)
                    ? JacksonInject.Value.construct("absent#" + p.getIndex(), Boolean.TRUE, Boolean.TRUE) : null;
        }
    }

    /**
     * An envelope's event in its stored form, read by {@link #event} (its checks, its code {@code INVALID_EVENT});
     * the type information of {@link Event} is the reader's own.
     */
    static final class StoredEventReader extends StdDeserializer<Event> implements ContextualDeserializer {
        /** Event's own reader with its type id, found once (finding it per event builds its subtype map each time). */
        private final JsonDeserializer<Object> asItComes;

        StoredEventReader() {
            this(null);
        }

        private StoredEventReader(JsonDeserializer<Object> asItComes) {
            super(Event.class);
            this.asItComes = asItComes;
        }

        @Override
        public JsonDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property)
                throws JsonMappingException {
            return new StoredEventReader(ctxt.findRootValueDeserializer(ctxt.constructType(Event.class)));
        }

        @Override
        public Event deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (asItComes != null && ctxt.getAttribute(ONE_READING) != null) {
                return checked((Event) asItComes.deserialize(p, ctxt));
            }
            return event(ctxt.readTree(p));
        }

        @Override
        public Object deserializeWithType(JsonParser p, DeserializationContext ctxt, TypeDeserializer t)
                throws IOException {
            return deserialize(p, ctxt);
        }
    }

    /**
     * A move's or a visible event's {@code type}, its stable name (the engine's {@code type()}), written first; on
     * reading it picks the type ({@link #move}, {@link #visibleEvent}) and is no field of the record.
     */
    @JsonPropertyOrder("type")
    @JsonIgnoreProperties(value = "type", allowGetters = true)
    interface TypedMixin {
        @JsonProperty("type")
        String type();
    }

    /** The shown trump is {@code showTrump} on the wire (a "transfer" that names it instead of {@code card}). */
    abstract static class ShowTrumpMixin {
        @JsonCreator
        ShowTrumpMixin(@JsonProperty("showTrump") Card trump) {
        }

        @JsonProperty("showTrump")
        abstract Card trump();
    }

    /** {@code shownTrump} and {@code trumpCard} may be null; {@code hand} is left out for a viewer without a seat. */
    abstract static class RedactedDealStartedMixin {
        @JsonCreator
        RedactedDealStartedMixin(@JsonProperty("deal") int deal, @JsonProperty("dealer") int dealer,
                                 @JsonProperty("redeals") int redeals, @JsonProperty("attacker") int attacker,
                                 @JsonProperty("shownTrump") @MayBeAbsent Card shownTrump,
                                 @JsonProperty("trumpCard") @MayBeAbsent Card trumpCard,
                                 @JsonProperty("count") int count, @JsonProperty("hand") @MayBeAbsent CardSet hand) {
        }

        @JsonInclude(JsonInclude.Include.NON_NULL)
        abstract CardSet hand();
    }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({
        @JsonSubTypes.Type(value = Event.MatchStarted.class, name = "MatchStarted"),
        @JsonSubTypes.Type(value = Event.DealStarted.class, name = "DealStarted"),
        @JsonSubTypes.Type(value = Event.Attacked.class, name = "Attacked"),
        @JsonSubTypes.Type(value = Event.Covered.class, name = "Covered"),
        @JsonSubTypes.Type(value = Event.Transferred.class, name = "Transferred"),
        @JsonSubTypes.Type(value = Event.TrumpShown.class, name = "TrumpShown"),
        @JsonSubTypes.Type(value = Event.Took.class, name = "Took"),
        @JsonSubTypes.Type(value = Event.Threw.class, name = "Threw"),
        @JsonSubTypes.Type(value = Event.Passed.class, name = "Passed"),
        @JsonSubTypes.Type(value = Event.BoutEnded.class, name = "BoutEnded"),
        @JsonSubTypes.Type(value = Event.CardsDrawn.class, name = "CardsDrawn"),
        @JsonSubTypes.Type(value = Event.PlayersOut.class, name = "PlayersOut"),
        @JsonSubTypes.Type(value = Event.BoutReady.class, name = "BoutReady"),
        @JsonSubTypes.Type(value = Event.DealEnded.class, name = "DealEnded"),
        @JsonSubTypes.Type(value = Event.MatchEnded.class, name = "MatchEnded"),
        @JsonSubTypes.Type(value = Event.TableCreated.class, name = "TableCreated"),
        @JsonSubTypes.Type(value = Event.SeatTaken.class, name = "SeatTaken"),
        @JsonSubTypes.Type(value = Event.SeatLeft.class, name = "SeatLeft"),
        @JsonSubTypes.Type(value = Event.MatchLeft.class, name = "MatchLeft"),
        @JsonSubTypes.Type(value = Event.ContinuePressed.class, name = "ContinuePressed"),
        @JsonSubTypes.Type(value = Event.TimedOut.class, name = "TimedOut"),
        @JsonSubTypes.Type(value = Event.GraceRanOut.class, name = "GraceRanOut"),
        @JsonSubTypes.Type(value = Event.PlayedByComputer.class, name = "PlayedByComputer"),
        @JsonSubTypes.Type(value = Event.HintTaken.class, name = "HintTaken"),
        @JsonSubTypes.Type(value = Event.BoardTimedOut.class, name = "BoardTimedOut"),
        @JsonSubTypes.Type(value = Event.TableClosed.class, name = "TableClosed")})
    interface EventMixin {
    }

    /**
     * {@code shownTrump} is null when no trump was shown; {@code salt} (the seal of the deck order, docs/fairness.md) is
     * left out of a deal without one, and absent in events stored before deals were sealed.
     */
    abstract static class DealStartedMixin {
        @JsonCreator
        DealStartedMixin(@JsonProperty("deal") int deal, @JsonProperty("dealer") int dealer,
                         @JsonProperty("deckOrder") List<Card> deckOrder, @JsonProperty("redeals") int redeals,
                         @JsonProperty("attacker") int attacker,
                         @JsonProperty("shownTrump") @JsonSetter(nulls = Nulls.SET) Card shownTrump,
                         @JsonProperty("salt") @MayBeAbsent String salt) {
        }

        @JsonInclude(JsonInclude.Include.NON_NULL)
        abstract String salt();
    }

    /** A bot's seat has no {@code name} of a person... or a person's no {@code bot} level: either may be null. */
    abstract static class SeatTakenMixin {
        @JsonCreator
        SeatTakenMixin(@JsonProperty("seat") int seat, @JsonProperty("playerId") String playerId,
                       @JsonProperty("name") @JsonSetter(nulls = Nulls.SET) String name,
                       @JsonProperty("bot") @JsonSetter(nulls = Nulls.SET) BotLevel bot) {
        }
    }

    /** {@code tempo} only at a solo table that has one: left out otherwise, and absent in events stored before it. */
    abstract static class TableCreatedMixin {
        @JsonCreator
        TableCreatedMixin(@JsonProperty("rules") Rules rules, @JsonProperty("createdBy") String createdBy,
                          @JsonProperty("tempo") @MayBeAbsent online.durak.engine.table.Tempo tempo) {
        }

        @JsonInclude(JsonInclude.Include.NON_NULL)
        abstract online.durak.engine.table.Tempo tempo();
    }

    /** {@code bot} is null when the leave ended the match (nobody else played). */
    abstract static class MatchLeftMixin {
        @JsonCreator
        MatchLeftMixin(@JsonProperty("seat") int seat, @JsonProperty("playerId") String playerId,
                       @JsonProperty("bot") @JsonSetter(nulls = Nulls.SET) BotLevel bot) {
        }
    }

    /** {@code durak} is null after a draw (the engine's -1). */
    abstract static class DealEndedMixin {
        @JsonCreator
        DealEndedMixin(@JsonProperty("durak") @JsonDeserialize(using = NobodyReader.class) int durak,
                       @JsonProperty("points") List<Integer> points, @JsonProperty("durakCards") CardSet durakCards) {
        }

        @JsonSerialize(using = NobodyWriter.class)
        abstract int durak();
    }

    /** The engine's -1 ("nobody") seat is null on the wire. */
    static final class NobodyWriter extends StdSerializer<Integer> {
        NobodyWriter() {
            super(Integer.class);
        }

        @Override
        public void serialize(Integer seat, JsonGenerator g, SerializerProvider p) throws IOException {
            if (seat < 0) {
                g.writeNull();
            } else {
                g.writeNumber(seat);
            }
        }
    }

    /** Null is the engine's -1 ("nobody"); otherwise a whole number. */
    static final class NobodyReader extends StdDeserializer<Integer> {
        NobodyReader() {
            super(Integer.class);
        }

        @Override
        public Integer deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (!p.hasToken(JsonToken.VALUE_NUMBER_INT)) {
                return (Integer) ctxt.handleUnexpectedToken(int.class, p);
            }
            return p.getIntValue();
        }

        @Override
        public Integer getNullValue(DeserializationContext ctxt) {
            return -1;
        }
    }

    /** {@code "10D"}; anything else is refused naming the text. */
    static final class CardReader extends StdDeserializer<Card> {
        CardReader() {
            super(Card.class);
        }

        @Override
        public Card deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (!p.hasToken(JsonToken.VALUE_STRING)) {
                throw new Refused(p, "must be a card such as \"10D\", not " + ctxt.readTree(p));
            }
            try {
                return Card.parse(p.getText());
            } catch (IllegalArgumentException e) {
                throw new Refused(p, e.getMessage());
            }
        }
    }

    /** A list of cards in the order given; a card twice is refused. */
    static final class CardListReader extends StdDeserializer<List<Card>> {
        CardListReader() {
            super(List.class);
        }

        @Override
        public List<Card> deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            return read(p, ctxt);
        }

        static List<Card> read(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (!p.isExpectedStartArrayToken()) {
                throw new Refused(p, "must be a list of cards, not " + ctxt.readTree(p));
            }
            List<Card> cards = new ArrayList<>();
            long seen = 0;
            CardReader one = new CardReader();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                Card c = one.deserialize(p, ctxt);
                if ((seen & c.bit()) != 0) {
                    throw new Refused(p, "card " + Names.card(c) + " is listed twice");
                }
                seen |= c.bit();
                cards.add(c);
            }
            return List.copyOf(cards);
        }
    }

    /** A value by its wire name (a string), or the refusal {@code what}. */
    static final class NameReader<T> extends StdDeserializer<T> {
        private final Function<String, T> byName;
        private final String what;

        NameReader(Class<T> type, Function<String, T> byName, String what) {
            super(type);
            this.byName = byName;
            this.what = what;
        }

        @Override
        public T deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            T value = p.hasToken(JsonToken.VALUE_STRING) ? byName.apply(p.getText()) : null;
            if (value == null) {
                throw new Refused(p, what + ", not " + ctxt.readTree(p));
            }
            return value;
        }
    }

    private static Instant instant(String text) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** A refusal worded here; Jackson adds the path. */
    static final class Refused extends MismatchedInputException {
        Refused(JsonParser p, String message) {
            super(p, message);
        }
    }

    interface Write<T> {
        void write(T value, JsonGenerator g, SerializerProvider provider) throws IOException;
    }

    private static <T> StdSerializer<T> writer(Class<T> type, Write<T> w) {
        return new StdSerializer<>(type) {
            @Override
            public void serialize(T value, JsonGenerator g, SerializerProvider provider) throws IOException {
                w.write(value, g, provider);
            }
        };
    }

    /** A reader of a JSON tree. */
    private static <T> StdDeserializer<T> reader(Class<T> type, Function<JsonNode, T> r) {
        return new StdDeserializer<>(type) {
            @Override
            public T deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
                return r.apply(ctxt.readTree(p));
            }
        };
    }

    /**
     * Set on a reader of {@link #oneReading}: the envelope's event is read from the stream as it comes, not from a
     * tree, and anything refused is read again through the tree ({@code Codec}), which names the field.
     */
    private static final String ONE_READING = "durak.one-reading";

    /** A reader of {@code type} straight from the bytes, in one pass (no tree). */
    static ObjectReader oneReading(Class<?> type) {
        return MAPPER.readerFor(type).withAttribute(ONE_READING, Boolean.TRUE);
    }

    /** {@code node} bound to {@code type}; what Jackson refuses is a {@link MessageException} with {@code code}. */
    static <T> T bind(JsonNode node, Class<T> type, String code, String what) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            throw new MessageException(code, null, what + " is required");
        }
        try {
            return MAPPER.treeToValue(node, type);
        } catch (JsonMappingException e) {
            throw refusal(e, code, what, node);
        } catch (JsonProcessingException e) {
            throw new MessageException(code, null, "cannot be read as " + what);
        }
    }

    private static JsonNode object(JsonNode node, String code, String what) {
        if (node == null || !node.isObject()) {
            throw new MessageException(code, null, what + " must be a JSON object");
        }
        return node;
    }

    /** The {@code type} of a message object. */
    private static String typeOf(JsonNode node, String code, String what) {
        JsonNode type = object(node, code, what).get("type");
        if (type == null || type.isNull()) {
            throw new MessageException(code, "type", "is required");
        }
        if (!type.isTextual()) {
            throw new MessageException(code, "type", "must be a string, not " + type);
        }
        return type.textValue();
    }

    /** A move as docs/conformance.md writes it; anything else is {@link MessageException#INVALID_MOVE} naming the field. */
    static Move move(JsonNode node) {
        String type = typeOf(node, INVALID_MOVE, "a move");
        Class<? extends Move> kind = switch (type) {
            case "attack" -> Move.Attack.class;
            case "cover" -> Move.Cover.class;
            case "transfer" -> {
                boolean card = node.hasNonNull("card");
                if (card == node.hasNonNull("showTrump")) {
                    throw new MessageException(INVALID_MOVE, card ? "showTrump" : "card",
                            "a transfer names either card or showTrump");
                }
                String other = card ? "showTrump" : "card";
                if (node.has(other)) { // null: as if left out
                    node = ((ObjectNode) node).deepCopy().without(other);
                }
                yield card ? Move.Transfer.class : Move.ShowTrump.class;
            }
            case "take" -> Move.Take.class;
            case "throw" -> Move.Throw.class;
            case "pass" -> Move.Pass.class;
            default -> throw new MessageException(INVALID_MOVE, "type",
                    "must be attack, cover, transfer, take, throw or pass, not \"" + type + "\"");
        };
        Move m = bind(node, kind, INVALID_MOVE, type);
        if (m instanceof Move.Attack a && a.cards().isEmpty() || m instanceof Move.Throw t && t.cards().isEmpty()) {
            throw new MessageException(INVALID_MOVE, "cards", "must hold one or more cards");
        }
        return m;
    }

    /** An event in its stored form; anything else is {@link MessageException#INVALID_EVENT} naming the field. */
    static Event event(JsonNode node) {
        return checked(bind(node, Event.class, INVALID_EVENT, typeOf(node, INVALID_EVENT, "an event")));
    }

    /** What the event's record cannot check itself: a table closes EMPTY or EXPIRED. */
    private static Event checked(Event e) {
        if (e instanceof Event.TableClosed c && !c.reason().equals(Event.TableClosed.EMPTY)
                && !c.reason().equals(Event.TableClosed.EXPIRED)) {
            throw new MessageException(INVALID_EVENT, "reason", "must be EMPTY or EXPIRED, not \"" + c.reason() + "\"");
        }
        return e;
    }

    /** An event as a viewer sees it: a redacted form when its hidden fields are absent, else the stored form. */
    static VisibleEvent visibleEvent(JsonNode node) {
        String type = typeOf(node, INVALID_EVENT, "an event");
        if (type.equals("DealStarted") && !node.has("deckOrder")) {
            return bind(node, VisibleEvent.RedactedDealStarted.class, INVALID_EVENT, type);
        }
        if (type.equals("CardsDrawn") && !node.has("cards")) {
            return bind(node, VisibleEvent.RedactedCardsDrawn.class, INVALID_EVENT, type);
        }
        return new VisibleEvent.Open(event(node));
    }

    /** A seat's view; anything else is {@link MessageException#INVALID_VIEW} naming the field ({@link SeatViewForm}). */
    static SeatView seatView(JsonNode node) {
        return bind(object(node, INVALID_VIEW, "a seat view"), SeatViewForm.class, INVALID_VIEW, "a seat view")
                .toView(Wire::move);
    }

    /** Settings as a message holds them (written from {@link Rules}): every setting must be there. */
    static Rules fullRules(JsonNode node) {
        if (node != null && node.isObject()) {
            for (String name : RulesForm.ORDER) {
                if (!node.has(name)) {
                    throw new MessageException(INVALID_SETTING, name, "is required");
                }
            }
        }
        return rules(node, null, Rules.defaults(2).withTurnClockSeconds(Codec.DEFAULT_TURN_CLOCK), true);
    }

    /** Settings with defaults ({@link RulesForm#toRules}); anything bad is {@link MessageException#INVALID_SETTING}. */
    static Rules rules(JsonNode node, Integer defaultPlayers, Rules defaults) {
        return rules(node, defaultPlayers, defaults, false);
    }

    /** As above; {@code dailyAllowed}: a message's settings may name a daily game, a client's never do. */
    static Rules rules(JsonNode node, Integer defaultPlayers, Rules defaults, boolean dailyAllowed) {
        String what = "the table settings";
        return bind(object(node, INVALID_SETTING, what), RulesForm.class, INVALID_SETTING, what)
                .toRules(node.has("turnClock"), defaultPlayers, defaults, dailyAllowed);
    }

    /**
     * What Jackson refused, as a {@link MessageException} with {@code code}: the field is the last name on Jackson's
     * path (as the hand-written reader named it), the message says what the field must be and what it was; none of
     * Jackson's own words (its classes, features, source locations) reach the sender.
     */
    static MessageException refusal(JsonMappingException e, String code, String what, JsonNode read) {
        if (e.getCause() instanceof MessageException m) {
            return m;
        }
        String field = null;
        String seat = null;
        JsonNode value = read;
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                // a map's key is no field: the map is (the wire's only maps are a view's, by seat)
                if (r.getFrom() instanceof java.util.Map) {
                    seat = r.getFieldName();
                } else {
                    field = r.getFieldName();
                    seat = null;
                }
                value = value == null ? null : value.get(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                value = value == null ? null : value.get(r.getIndex());
            }
        }
        String m = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        String why;
        if (e instanceof Refused) {
            why = m;
        } else if (e instanceof InvalidTypeIdException t) {
            field = "type";
            String of = Event.class.isAssignableFrom(t.getBaseType().getRawClass()) ? "event" : "command";
            why = t.getTypeId() == null ? "is required" : "unknown " + of + " type \"" + t.getTypeId() + "\"";
        } else if (e instanceof UnrecognizedPropertyException u) {
            field = u.getPropertyName();
            why = "unknown field in " + what;
        } else if (e instanceof InvalidNullException || m.startsWith("Missing creator property")
                || m.startsWith("Cannot map `null`")) {
            why = "is required";
        } else if (e.getCause() instanceof InputCoercionException || m.contains("out of range of ")) {
            boolean asLong = m.contains("out of range of long") || e.getCause() instanceof InputCoercionException c
                    && (c.getTargetType() == long.class || c.getTargetType() == Long.class);
            why = "must be a whole number from " + (asLong ? Long.MIN_VALUE + " to " + Long.MAX_VALUE
                    : Integer.MIN_VALUE + " to " + Integer.MAX_VALUE) + ", not " + value;
        } else if (e instanceof MismatchedInputException x && x.getTargetType() != null) {
            why = mustBe(x.getTargetType()) + ", not " + value;
        } else if (e instanceof InvalidDefinitionException x && x.getType() != null) { // e.g. text for an array
            why = mustBe(x.getType().getRawClass()) + ", not " + value;
        } else if (e.getCause() instanceof IllegalArgumentException x && x.getMessage() != null) {
            why = x.getMessage();
        } else {
            why = "cannot be read as " + what;
        }
        return new MessageException(code, field, seat == null ? why : "seat " + seat + ": " + why);
    }

    private static String mustBe(Class<?> type) {
        if (type == int.class || type == long.class || Number.class.isAssignableFrom(type)) {
            return "must be a whole number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "must be true or false";
        }
        if (type == String.class) {
            return "must be a string";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "must be a list";
        }
        return "must be a JSON object";
    }
}
