package online.durak.leaderboard.chips;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import online.durak.engine.BotLevel;
import online.durak.engine.Rules;
import online.durak.leaderboard.Feed;
import online.durak.leaderboard.LeaderboardTopics;
import online.durak.leaderboard.Match;
import online.durak.leaderboard.TestStore;
import online.durak.leaderboard.score.FinishedMatch;
import online.durak.leaderboard.score.MatchResults;
import online.durak.messages.EventMessage;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Chips against the real broker and database (docs/chips.md "Tests"): holds through {@code /internal/chips/holds} as
 * table-service takes them, the table's events as the rules service writes and publishes them, and after each step
 * the conservation of chips and the balances the rules say.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(LeaderboardTopics.class)
class ChipsFlowTest {
    private static Feed feed;

    @Inject
    TestStore store;
    @Inject
    Pool pool;
    @Inject
    Wallet wallet;
    @Inject
    MeterRegistry registry;

    @BeforeAll
    static void open() {
        feed = new Feed();
    }

    @AfterAll
    static void close() {
        feed.close();
    }

    private static String run() {
        return UUID.randomUUID().toString().substring(0, 8);
    }

    static Response hold(String tableId, String playerId, long amount) {
        return given().auth().oauth2(ChipTokens.service()).contentType(ContentType.JSON)
                .body(Map.of("tableId", tableId, "playerId", playerId, "amount", amount)).post("/internal/chips/holds");
    }

    static JsonPath chips(String playerId) {
        return given().auth().oauth2(ChipTokens.account(playerId, "P")).get("/api/me/chips").then().statusCode(200)
                .extract().jsonPath();
    }

    private void deliver(List<EventMessage> events) {
        store.insert(events);
        feed.publish(events);
    }

    private long q(String sql, Object... params) {
        Row r = pool.preparedQuery(sql).execute(Tuple.from(params)).await().atMost(Duration.ofSeconds(10))
                .iterator().next();
        return r.getLong(0);
    }

    private String state(String sql, Object... params) {
        var rows = pool.preparedQuery(sql).execute(Tuple.from(params)).await().atMost(Duration.ofSeconds(10));
        return rows.iterator().hasNext() ? rows.iterator().next().getString(0) : null;
    }

    /**
     * No chip made or lost: every balance, every held chip and every pot in play, the house's included, add up to the
     * grants and bonuses ever given; what accounts hold is what their active holds say; no balance below zero. One
     * statement, so one snapshot.
     */
    void assertConserved() {
        Row r = pool.query("""
                select (select coalesce(sum(balance + held), 0) from ch_accounts)
                     + (select coalesce(sum(amount), 0) from ch_pots where state = 'HELD') as in_play,
                       (select coalesce(sum(amount), 0) from ch_ledger where kind in ('GRANT', 'BONUS')) as minted,
                       (select coalesce(sum(held), 0) from ch_accounts) as held,
                       (select coalesce(sum(amount), 0) from ch_holds where state in ('HELD', 'SEATED')) as holds,
                       (select coalesce(min(balance), 0) from ch_accounts) as lowest""")
                .execute().await().atMost(Duration.ofSeconds(10)).iterator().next();
        assertEquals(r.getLong("minted"), r.getLong("in_play"), "chips in play = grants + bonuses");
        assertEquals(r.getLong("holds"), r.getLong("held"), "held = the active holds");
        assertTrue(r.getLong("lowest") >= 0, "no balance below zero");
    }

    private static int indexOf(List<EventMessage> events, String type) {
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).type().equals(type)) {
                return i;
            }
        }
        throw new AssertionError("no " + type);
    }

    @Test
    void aStakedMatch_ofTwoAccountsAndAGuestWithABot_paysThePotToTheBestPlacedAccount() {
        Feed.awaitReady();
        String run = run();
        String anna = "anna-" + run, boris = "boris-" + run, guest = "guest-" + run;
        String table = "ch-" + run + "-match";
        Match m = Match.played(table, Rules.defaults(4).withDealsPerMatch(3).withStake(100), Instant.now(), 7,
                List.of(new String[] {anna, "Anna"}, new String[] {boris, "Boris"}, new String[] {guest, "Gast"}),
                BotLevel.EASY);
        // the creator's hold, then the other account's (the guest pays nothing: table-service asks for no hold)
        hold(table, anna, 100).then().statusCode(200).body("taken", equalTo(true)).body("balance", equalTo(900));
        hold(table, boris, 100).then().statusCode(200).body("taken", equalTo(true));
        hold(table, boris, 100).then().statusCode(200).body("taken", equalTo(false)).body("balance", equalTo(900));
        given().get("/api/tables/" + table + "/pot").then().statusCode(200).body("stake", equalTo(100))
                .body("pot", equalTo(0)).body("state", equalTo("HELD"));
        assertConserved();

        int started = indexOf(m.events, "MatchStarted");
        deliver(m.events.subList(0, started));
        Feed.await("both holds confirmed by their seats", () -> q("select count(*) from ch_holds where table_id = $1"
                + " and state = 'SEATED'", table) == 2);
        JsonPath a = chips(anna);
        assertEquals(900, a.getLong("balance"));
        assertEquals(100, a.getLong("held"));
        assertConserved();

        int firstDeal = indexOf(m.events, "DealEnded");
        deliver(m.events.subList(started, firstDeal + 1));
        Feed.await("the stakes in the pot", () -> q("select amount from ch_pots where table_id = $1", table) == 200);
        a = chips(anna);
        assertEquals(900, a.getLong("balance"));
        assertEquals(0, a.getLong("held"));
        assertEquals("STAKE", a.getString("entries[0].kind"));
        assertEquals(-100, a.getLong("entries[0].amount"));
        assertConserved();

        deliver(m.events.subList(firstDeal + 1, m.events.size()));
        Feed.await("the pot paid", () -> "PAID".equals(state("select state from ch_pots where table_id = $1", table)));
        assertConserved();

        // the leaderboard's places decide: the best-placed of the two accounts (the guest and the bot never win)
        FinishedMatch f = MatchResults.of(m.events).orElseThrow();
        int best = f.entries().stream().filter(e -> !e.playerId().equals(guest)).mapToInt(FinishedMatch.Entry::place)
                .min().orElseThrow();
        List<String> winners = f.entries().stream().filter(e -> !e.playerId().equals(guest) && e.place() == best)
                .map(FinishedMatch.Entry::playerId).toList();
        long share = 200 / winners.size();
        JsonPath pot = given().get("/api/tables/" + table + "/pot").then().statusCode(200).extract().jsonPath();
        assertEquals("PAID", pot.getString("state"));
        assertEquals(200, pot.getLong("pot"));
        assertEquals(new HashSet<>(winners), new HashSet<>(pot.getList("payouts.playerId")));
        for (String p : List.of(anna, boris)) {
            long expected = 900 + (winners.contains(p) ? share : 0);
            assertEquals(expected, chips(p).getLong("balance"), p);
        }
        // the leaderboard agrees: the winner's stored place is the best of the two accounts'
        for (String w : winners) {
            Feed.await("the leaderboard has " + w, () -> given().get("/api/players/" + w).statusCode() == 200);
            assertEquals(best, given().get("/api/players/" + w).jsonPath().getInt("recent[0].place"));
        }

        // the same events again (a redelivery after a crash before the offsets' commit) change nothing
        String before = dump();
        double dup = duplicates();
        feed.publish(m.events);
        Feed.await("the events read again", () -> duplicates() >= dup + 3);
        assertEquals(before, dump());
        assertConserved();
    }

    private double duplicates() {
        return registry.find("durak.chips.events").tag("outcome", "duplicate").counter().count();
    }

    private String dump() {
        StringBuilder out = new StringBuilder();
        for (Row r : pool.query("select concat_ws('|', player_id, balance, held) from ch_accounts order by player_id")
                .execute().await().atMost(Duration.ofSeconds(10))) {
            out.append(r.getString(0)).append('\n');
        }
        out.append(q("select count(*) from ch_ledger")).append('\n');
        for (Row r : pool.query("select concat_ws('|', table_id, amount, state) from ch_pots order by table_id")
                .execute().await().atMost(Duration.ofSeconds(10))) {
            out.append(r.getString(0)).append('\n');
        }
        return out.toString();
    }

    static Response move(String from, String to, String playerId) {
        return given().auth().oauth2(ChipTokens.service()).contentType(ContentType.JSON)
                .body(Map.of("fromTableId", from, "toTableId", to, "playerId", playerId))
                .post("/internal/chips/holds/move");
    }

    @Test
    void aQuickMatchTicketsHold_movesToItsTable_onceAndIdempotently_andBecomesThePot() {
        Feed.awaitReady();
        String run = run();
        String anna = "anna-" + run, boris = "boris-" + run;
        String table = "ch-" + run + "-qm";
        Match m = Match.played(table, Rules.defaults(2).withDealsPerMatch(1).withStake(70), Instant.now(), 5,
                List.of(new String[] {anna, "Anna"}, new String[] {boris, "Boris"}), BotLevel.EASY);
        hold("qm-" + run + "-a", anna, 70).then().statusCode(200).body("taken", equalTo(true));
        hold("qm-" + run + "-b", boris, 70).then().statusCode(200).body("taken", equalTo(true));
        move("qm-" + run + "-a", table, anna).then().statusCode(200).body("moved", equalTo(true));
        move("qm-" + run + "-a", table, anna).then().statusCode(200).body("moved", equalTo(true)); // a retry
        move("qm-" + run + "-b", table, boris).then().statusCode(200);
        assertEquals(2, q("select count(*) from ch_holds where table_id = $1 and state = 'HELD'", table));
        assertEquals(0, q("select count(*) from ch_holds where table_id like $1", "qm-" + run + "%"));
        assertEquals(0, q("select count(*) from ch_pots where table_id like $1", "qm-" + run + "%"));
        JsonPath a = chips(anna);
        assertEquals(930, a.getLong("balance"));
        assertEquals(70, a.getLong("held"));
        assertEquals("HOLD", a.getString("entries[0].kind")); // the move writes no entry: no chip moved
        given().get("/api/tables/" + table + "/pot").then().statusCode(200).body("stake", equalTo(70));
        assertConserved();

        deliver(m.events);
        Feed.await("the pot paid", () -> "PAID".equals(state("select state from ch_pots where table_id = $1", table)));
        assertEquals(140, chips(anna).getLong("balance") + chips(boris).getLong("balance") - 2 * 930);
        assertConserved();

        // a hold that is gone (released: the ticket cancelled; or swept) cannot be moved, and nothing changes
        String cleo = "cleo-" + run;
        hold("qm-" + run + "-c", cleo, 70).then().statusCode(200);
        given().auth().oauth2(ChipTokens.service()).contentType(ContentType.JSON)
                .body(Map.of("tableId", "qm-" + run + "-c", "playerId", cleo)).post("/internal/chips/holds/release")
                .then().statusCode(200).body("released", equalTo(true));
        move("qm-" + run + "-c", "ch-" + run + "-qm2", cleo).then().statusCode(409).body("code", equalTo("NO_HOLD"))
                .body("message", startsWith("fromTableId:"));
        assertEquals(1000, chips(cleo).getLong("balance"));
        assertEquals(0, q("select count(*) from ch_pots where table_id = $1", "ch-" + run + "-qm2"));
        assertConserved();

        // only a service, and the body's fields are named
        given().auth().oauth2(ChipTokens.account(cleo, "Cleo")).contentType(ContentType.JSON)
                .body(Map.of("fromTableId", "a", "toTableId", "b", "playerId", cleo))
                .post("/internal/chips/holds/move").then().statusCode(403).body("code", equalTo("SERVICE_ONLY"));
        given().auth().oauth2(ChipTokens.service()).contentType(ContentType.JSON)
                .body(Map.of("fromTableId", "a", "playerId", cleo)).post("/internal/chips/holds/move")
                .then().statusCode(400).body("message", startsWith("toTableId:"));
    }

    @Test
    void aStakeAboveTheBalance_isRefused_andChangesNothing() {
        String p = "poor-" + run();
        JsonPath first = chips(p);
        assertEquals(1000, first.getLong("balance"));
        assertEquals("GRANT", first.getString("entries[0].kind"));
        hold("ch-" + run() + "-big", p, 5000).then().statusCode(409).body("code", equalTo("INSUFFICIENT_CHIPS"))
                .body("message", org.hamcrest.Matchers.startsWith("stake:"));
        JsonPath after = chips(p);
        assertEquals(1000, after.getLong("balance"));
        assertEquals(0, after.getLong("held"));
        assertEquals(1, after.getList("entries").size());
        assertConserved();
    }

    @Test
    void fiveStakedTablesAtOnce_withChipsForTwo_holdAtTwo() throws Exception {
        String p = "five-" + run();
        chips(p); // the wallet: 1000, each table's stake 400
        ExecutorService pool5 = Executors.newFixedThreadPool(5);
        try {
            List<Callable<Integer>> joins = new ArrayList<>();
            String run = run();
            for (int i = 0; i < 5; i++) {
                String t = "ch-" + run + "-five-" + i;
                joins.add(() -> hold(t, p, 400).statusCode());
            }
            List<Integer> codes = new ArrayList<>();
            for (Future<Integer> f : pool5.invokeAll(joins)) {
                codes.add(f.get());
            }
            assertEquals(2, codes.stream().filter(c -> c == 200).count(), codes.toString());
            assertEquals(3, codes.stream().filter(c -> c == 409).count(), codes.toString());
        } finally {
            pool5.shutdown();
        }
        JsonPath c = chips(p);
        assertEquals(200, c.getLong("balance"));
        assertEquals(800, c.getLong("held"));
        assertConserved();
    }

    @Test
    void holdsAreReleased_byALeaveBeforeTheStart_aClosedTable_aRefusedJoin_andTheSweep() {
        Feed.awaitReady();
        String run = run();
        String anna = "anna-" + run, boris = "boris-" + run, cleo = "cleo-" + run, dan = "dan-" + run;
        String table = "ch-" + run + "-open";
        hold(table, anna, 50).then().statusCode(200);
        hold(table, boris, 50).then().statusCode(200);
        Rules rules = Rules.defaults(3).withStake(50);
        Instant at = Instant.now();
        deliver(List.of(
                new EventMessage(table, 1, "TableCreated", new online.durak.engine.Event.TableCreated(rules, anna),
                        null, at),
                new EventMessage(table, 2, "SeatTaken", new online.durak.engine.Event.SeatTaken(0, anna, "Anna", null),
                        null, at),
                new EventMessage(table, 3, "SeatTaken", new online.durak.engine.Event.SeatTaken(1, boris, "Boris",
                        null), null, at),
                new EventMessage(table, 4, "SeatLeft", new online.durak.engine.Event.SeatLeft(1, boris), null, at)));
        Feed.await("boris's hold released by his leave", () -> chips(boris).getLong("balance") == 1000);
        assertEquals(950, chips(anna).getLong("balance"));
        assertConserved();

        // a refused join: table-service releases the hold it took; a seated player's hold is never released so
        hold(table, cleo, 50).then().statusCode(200);
        given().auth().oauth2(ChipTokens.service()).contentType(ContentType.JSON)
                .body(Map.of("tableId", table, "playerId", cleo)).post("/internal/chips/holds/release")
                .then().statusCode(200).body("released", equalTo(true));
        given().auth().oauth2(ChipTokens.service()).contentType(ContentType.JSON)
                .body(Map.of("tableId", table, "playerId", anna)).post("/internal/chips/holds/release")
                .then().statusCode(200).body("released", equalTo(false));
        assertEquals(1000, chips(cleo).getLong("balance"));

        // a hold no seat confirmed (the join never came) is swept once it expires
        hold(table, dan, 50).then().statusCode(200);
        pool.preparedQuery("update ch_holds set expires_at = now() - interval '1 second' where player_id = $1")
                .execute(Tuple.of(dan)).await().atMost(Duration.ofSeconds(10));
        assertTrue(wallet.sweep().await().atMost(Duration.ofSeconds(10)) >= 1);
        assertEquals(1000, chips(dan).getLong("balance"));

        // the table closes before its start: the creator's hold comes back, the pot says REFUNDED
        deliver(List.of(new EventMessage(table, 5, "SeatLeft", new online.durak.engine.Event.SeatLeft(0, anna), null,
                        at),
                new EventMessage(table, 6, "TableClosed", new online.durak.engine.Event.TableClosed("EMPTY"), null,
                        at)));
        Feed.await("the pot refunded", () -> "REFUNDED".equals(state("select state from ch_pots where table_id = $1",
                table)));
        assertEquals(1000, chips(anna).getLong("balance"));
        assertEquals(0, chips(anna).getLong("held"));
        hold(table, anna, 50).then().statusCode(409).body("code", equalTo("MATCH_STARTED"));
        assertConserved();
    }

    @Test
    void theDailyBonus_onceADay_accountsOnly() {
        String p = "bonus-" + run();
        given().auth().oauth2(ChipTokens.account(p, "B")).post("/api/me/chips/bonus").then().statusCode(200)
                .body("balance", equalTo(1100)).body("amount", equalTo(100))
                .body("nextBonusAt", org.hamcrest.Matchers.endsWith("T00:00:00Z"));
        given().auth().oauth2(ChipTokens.account(p, "B")).post("/api/me/chips/bonus").then().statusCode(409)
                .body("code", equalTo("BONUS_ALREADY_CLAIMED"));
        JsonPath c = chips(p);
        assertEquals(1100, c.getLong("balance"));
        assertEquals(List.of("BONUS", "GRANT"), c.getList("entries.kind"));
        assertConserved();

        given().auth().oauth2(ChipTokens.guest("g-" + run(), "G")).get("/api/me/chips").then().statusCode(403)
                .body("code", equalTo("ACCOUNT_REQUIRED"));
        given().auth().oauth2(ChipTokens.guest("g-" + run(), "G")).post("/api/me/chips/bonus").then().statusCode(403)
                .body("code", equalTo("ACCOUNT_REQUIRED"));
        given().get("/api/me/chips").then().statusCode(401).body("code", equalTo("UNAUTHORIZED"));
        given().auth().oauth2(ChipTokens.account(p, "B")).get("/api/me/chips?page=x").then().statusCode(400)
                .body("code", equalTo("INVALID_PARAMETER"));
        // a player's token cannot take or release holds
        given().auth().oauth2(ChipTokens.account(p, "B")).contentType(ContentType.JSON)
                .body(Map.of("tableId", "t", "playerId", p, "amount", 1)).post("/internal/chips/holds")
                .then().statusCode(403).body("code", equalTo("SERVICE_ONLY"));
        given().contentType(ContentType.JSON).body(Map.of("tableId", "t", "playerId", p, "amount", 1))
                .post("/internal/chips/holds").then().statusCode(401);
        given().auth().oauth2(ChipTokens.service()).contentType(ContentType.JSON)
                .body(Map.of("tableId", "t", "playerId", p)).post("/internal/chips/holds")
                .then().statusCode(400).body("message", org.hamcrest.Matchers.startsWith("amount:"));
        given().get("/api/tables/no-such-" + run() + "/pot").then().statusCode(404).body("code", equalTo("NO_POT"));
        assertEquals(1100, chips(p).getLong("balance"));
    }
}
