package online.durak.table.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import online.durak.engine.Deck;
import online.durak.engine.Rules;
import online.durak.engine.Variant;
import online.durak.engine.table.TableCommand;
import online.durak.messages.Codec;
import online.durak.messages.EventMessage;
import online.durak.messages.Wire;
import online.durak.service.api.ApiException;
import online.durak.table.Script;
import online.durak.table.projection.Projections;
import online.durak.table.store.EventStore;
import org.junit.jupiter.api.Test;

/**
 * The lobby as a query, without a server: the index of the open and watchable tables fed by the projections, its
 * filters and pages, and the subscriptions' first pages and deltas (a watcher's frames as it would receive them).
 */
class LobbyIndexTest {
    private static final Instant T0 = Instant.parse("2026-12-01T16:00:00Z");

    /** A store holding what the test put in it (the projections read it on a rebuild). */
    private static final class Store extends EventStore {
        final List<EventMessage> rows = new ArrayList<>();

        Store() {
            super(null, Duration.ofSeconds(1));
        }

        @Override
        public synchronized List<EventMessage> read(String tableId, long after, long before) {
            return rows.stream().filter(m -> m.tableId().equals(tableId) && m.seq() > after
                    && (before <= 0 || m.seq() < before)).toList();
        }

        @Override
        public synchronized List<EventMessage> page(String afterTable, long afterSeq, int limit) {
            return afterTable == null ? rows.stream().limit(limit).toList() : List.of();
        }
    }

    private final Store store = new Store();
    private final Projections projections = new Projections(store, Runnable::run, new SimpleMeterRegistry(),
            Duration.ofMillis(200));
    private final ObjectMapper json = new ObjectMapper().registerModule(Wire.module()).findAndRegisterModules()
            .disable(com.fasterxml.jackson.databind.SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
    private final LobbyWatch watch = new LobbyWatch(json, new SimpleMeterRegistry());
    private final LobbyIndex index = new LobbyIndex(projections,
            new Rematches(projections, null, null, null, Duration.ofSeconds(30)), watch, new SimpleMeterRegistry());
    private final Map<String, Script> scripts = new HashMap<>();
    private int made;

    {
        index.onStart(null);
    }

    /** A watcher keeping its frames. */
    private static final class Frames implements LobbyWatch.Watcher {
        final LinkedBlockingQueue<JsonNode> frames = new LinkedBlockingQueue<>();

        @Override
        public void send(String frame) {
            frames.add(Codec.parse(frame));
        }

        /** Every frame received so far. */
        final List<JsonNode> seen = new ArrayList<>();

        JsonNode next() throws InterruptedException {
            JsonNode f = frames.poll(10, TimeUnit.SECONDS);
            if (f == null) {
                throw new AssertionError("no frame within 10 s after " + seen);
            }
            seen.add(f);
            return f;
        }

        /**
         * Frames until one passes {@code p}: a table's events come one by one, so a delta may show a step between
         * (a table created, then its creator seated).
         */
        JsonNode until(java.util.function.Predicate<JsonNode> p) throws InterruptedException {
            while (true) {
                JsonNode f = next();
                if (p.test(f)) {
                    return f;
                }
            }
        }

        /** Whether any frame so far named the table. */
        boolean named(String tableId) {
            return seen.stream().anyMatch(f -> f.toString().contains("\"" + tableId + "\""));
        }
    }

    /** A table opened {@code made} minutes after T0 (so the later one is newer), its events applied. */
    private Script open(String id, Rules rules) {
        Instant at = T0.plus(Duration.ofMinutes(made++));
        Script s = new Script(id).run(new TableCommand.Create("p-" + id, "Anna", rules));
        scripts.put(id, s);
        apply(s, at);
        return s;
    }

    /** The script's events not applied yet, stamped from {@code at}. */
    private void apply(Script s, Instant at) {
        for (EventMessage m : s.messages) {
            if (!projections.has(s.tableId, m.seq())) {
                projections.accept(new EventMessage(m.tableId(), m.seq(), m.event(), m.commandId(), at));
            }
        }
    }

    private void run(String id, TableCommand c) {
        Script s = scripts.get(id);
        s.run(c);
        apply(s, T0);
    }

    private List<String> ids(LobbyQuery q) {
        return index.page(q, null).tables().stream().map(Answers.LobbyTable::tableId).toList();
    }

    private static LobbyQuery query(String... pairs) {
        Map<String, List<String>> p = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            p.put(pairs[i], List.of(pairs[i + 1]));
        }
        return LobbyQuery.parse(p, List.of());
    }

    private static List<String> ids(JsonNode tables) {
        List<String> ids = new ArrayList<>();
        tables.forEach(t -> ids.add(t.has("table") ? t.get("table").get("tableId").textValue()
                : t.isTextual() ? t.textValue() : t.get("tableId").textValue()));
        return ids;
    }

    @Test
    void openTablesAreListedNewestFirst_andAStartedOneLeaves() {
        open("a", Rules.defaults(2));
        open("b", Rules.defaults(3));
        open("c", Rules.defaults(2));
        assertEquals(List.of("c", "b", "a"), ids(LobbyQuery.ALL_OPEN));
        run("c", new TableCommand.Join("p-x", "Boris", null));
        assertEquals(0, index.page(LobbyQuery.ALL_OPEN, null).tables().get(0).freeSeats(), "a full table waits");
        run("c", new TableCommand.Start("p-c", Script.shuffle(7)));
        assertEquals(List.of("b", "a"), ids(LobbyQuery.ALL_OPEN));
        assertEquals(List.of("c"), ids(query("watchable", "true")), "a running table one may watch");
    }

    @Test
    void aRunningTableWithAStakeOrOfADailyGame_isNeverWatchable() {
        for (Rules rules : List.of(Rules.defaults(2).withStake(10), Rules.defaults(2).withSpectators(false))) {
            String id = "t" + made;
            open(id, rules);
            run(id, new TableCommand.Join("p-x" + id, "Boris", null));
            run(id, new TableCommand.Start("p-" + id, Script.shuffle(3)));
        }
        Script daily = new Script("daily").run(new TableCommand.CreateSolo("p-d", "Dana",
                Rules.daily(java.time.LocalDate.of(2026, 12, 1), false), List.of(online.durak.engine.BotLevel.EASY,
                        online.durak.engine.BotLevel.EASY), Script.shuffle(5), null));
        apply(daily, T0);
        assertEquals("PLAYING", projections.current("daily").state().status().name());
        assertEquals(List.of(), ids(query("watchable", "true")));
    }

    @Test
    void filtersMatchEachSetting() {
        open("podkidnoi-2", Rules.defaults(2).withTurnClockSeconds(0));
        open("perevodnoi-4", Rules.defaults(4).withVariant(Variant.PEREVODNOI).withDeck(Deck.D52));
        open("staked-3", Rules.defaults(3).withDeck(Deck.D24).withTurnClockSeconds(30).withStake(20));
        run("perevodnoi-4", new TableCommand.Join("p-x", "Boris", null));
        assertEquals(List.of("perevodnoi-4"), ids(query("variant", "PEREVODNOI")));
        assertEquals(List.of("staked-3"), ids(query("players", "3")));
        assertEquals(List.of("perevodnoi-4"), ids(query("deck", "52")));
        assertEquals(List.of("podkidnoi-2"), ids(query("clock", "none")));
        assertEquals(List.of("staked-3"), ids(query("clock", "30")));
        assertEquals(List.of("staked-3"), ids(query("stake", "staked")));
        assertEquals(List.of("perevodnoi-4", "podkidnoi-2"), ids(query("stake", "free")));
        assertEquals(List.of("staked-3", "perevodnoi-4"), ids(query("free", "2")));
        assertEquals(List.of("staked-3"), ids(query("free", "2", "stake", "staked")));
        assertEquals(List.of(), ids(query("players", "5")));
    }

    @Test
    void pagesFollowEachOtherWithoutGapOrRepeat_alsoWhenTablesComeAndGoMeanwhile() {
        for (int i = 0; i < 7; i++) {
            open("t" + i, Rules.defaults(2));
        }
        LobbyQuery three = query("limit", "3");
        Answers.LobbyPage first = index.page(three, null);
        assertEquals(List.of("t6", "t5", "t4"), first.tables().stream().map(Answers.LobbyTable::tableId).toList());
        open("t7", Rules.defaults(2)); // newer than every page: not in the pages that follow
        run("t3", new TableCommand.Join("p-x", "Boris", null));
        run("t3", new TableCommand.Start("p-t3", Script.shuffle(1))); // the next page's first leaves the lobby
        Answers.LobbyPage second = index.page(three, LobbyQuery.Place.ofToken(first.next()));
        assertEquals(List.of("t2", "t1", "t0"), second.tables().stream().map(Answers.LobbyTable::tableId).toList());
        assertNull(second.next(), "the last page");
    }

    @Test
    void badParametersAreRefusedNamingThem() {
        for (String[] bad : List.of(new String[] {"players", "7"}, new String[] {"players", "two"},
                new String[] {"deck", "40"}, new String[] {"clock", "45"}, new String[] {"stake", "some"},
                new String[] {"variant", "KLONDIKE"}, new String[] {"free", "6"}, new String[] {"limit", "0"},
                new String[] {"limit", "51"}, new String[] {"watchable", "yes"}, new String[] {"colour", "red"})) {
            ApiException e = assertThrows(ApiException.class, () -> query(bad));
            assertEquals(400, e.status());
            assertEquals("INVALID_PARAMETER", e.code());
            assertTrue(e.getMessage().startsWith(bad[0] + ": "), e.getMessage());
        }
        ApiException twice = assertThrows(ApiException.class, () -> LobbyQuery.parse(
                Map.of("players", List.of("2", "3")), List.of()));
        assertTrue(twice.getMessage().startsWith("players: "), twice.getMessage());
        ApiException token = assertThrows(ApiException.class, () -> LobbyQuery.Place.ofToken("nope"));
        assertTrue(token.getMessage().startsWith("after: "), token.getMessage());
    }

    private static boolean lists(JsonNode f, String field, String tableId) {
        return f.has(field) && ids(f.get(field)).contains(tableId);
    }

    @Test
    void aWatcherGetsItsFirstPage_thenOnlyWhatChangesOnIt() throws Exception {
        for (int i = 0; i < 3; i++) {
            open("t" + i, Rules.defaults(2));
        }
        Frames w = new Frames();
        watch.subscribe(w, query("limit", "2"));
        JsonNode page = w.next();
        assertEquals("page", page.get("type").textValue());
        assertEquals(List.of("t2", "t1"), ids(page.get("tables")));
        assertTrue(page.get("more").booleanValue(), "t0 passes the filter too");

        run("t0", new TableCommand.Join("p-x", "Boris", null)); // beyond the page: nothing
        open("t3", Rules.defaults(2)); // newest: on the page, t1 pushed off it
        JsonNode added = w.until(f -> lists(f, "added", "t3"));
        assertEquals("delta", added.get("type").textValue());
        assertEquals(List.of("t1"), ids(added.get("removed")));
        assertEquals(0, added.get("added").get(0).get("at").intValue());
        assertTrue(added.get("more").booleanValue());

        run("t2", new TableCommand.Join("p-y", "Carl", null));
        JsonNode changed = w.until(f -> lists(f, "changed", "t2"));
        assertEquals(0, changed.get("changed").get(0).get("freeSeats").intValue());
        assertTrue(!changed.has("added") && !changed.has("removed"), changed.toString());

        run("t2", new TableCommand.Start("p-t2", Script.shuffle(5))); // leaves: the next one (t1) fills the page
        JsonNode filled = w.until(f -> lists(f, "removed", "t2"));
        assertEquals(List.of("t1"), ids(filled.get("added")));
        assertEquals(1, filled.get("added").get(0).get("at").intValue());
        assertTrue(filled.get("more").booleanValue(), "t0 still beyond the page");
        assertTrue(!w.named("t0"), "t0 never reached the page, nor its join: " + w.seen);
        for (JsonNode f : w.seen) {
            assertTrue(f.toString().length() < 64 * 1024);
        }
    }

    @Test
    void aChangeReachesOnlyTheWatchersWhoseFilterItPasses() throws Exception {
        Frames twos = new Frames();
        Frames threes = new Frames();
        Frames twosToo = new Frames();
        watch.subscribe(twos, query("players", "2"));
        watch.subscribe(threes, query("players", "3"));
        watch.subscribe(twosToo, query("players", "2"));
        for (Frames f : List.of(twos, threes, twosToo)) {
            assertEquals(0, f.next().get("tables").size());
        }
        open("three", Rules.defaults(3));
        open("two", Rules.defaults(2));
        for (Frames f : List.of(twos, twosToo)) {
            f.until(x -> lists(x, "added", "two"));
        }
        threes.until(x -> lists(x, "added", "three"));
        run("two", new TableCommand.Join("p-x", "Boris", null));
        twos.until(x -> lists(x, "changed", "two"));
        open("three-b", Rules.defaults(3));
        threes.until(x -> lists(x, "added", "three-b"));
        assertTrue(!threes.named("two"), "no change of the two-player table reached the watcher of three");
        assertTrue(!twos.named("three") && !twos.named("three-b"), "nor the other way round");

        watch.unsubscribe(twos);
        watch.subscribe(twosToo, query("players", "3")); // a new subscription: a page of its own
        JsonNode page = twosToo.until(f -> f.get("type").textValue().equals("page"));
        assertEquals(List.of("three-b", "three"), ids(page.get("tables")));
    }
}
