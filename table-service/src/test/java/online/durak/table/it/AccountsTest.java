package online.durak.table.it;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.WebSocketHandshakeException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import online.durak.messages.Codec;
import online.durak.table.auth.Player;
import online.durak.table.auth.Tokens;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Accounts (docs/accounts.md) against the real PostgreSQL: registering, names taken ignoring case, signing in, the
 * sign-in limits (counted before the password is checked, also 30 at once; per name per address), look-alike,
 * invisible and reserved names, signing out, a guest turned into an account, and every refusal changing nothing.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(TestTopics.class)
class AccountsTest {
    private static final String PASSWORD = "correct horse 42";

    @Inject
    Pool pool;

    @TestHTTPResource("/")
    URI base;

    @BeforeEach
    void setUp() {
        It.awaitReady();
        // every request of these tests comes from 127.0.0.1: start each test without the failures of another
        given().contentType(ContentType.JSON).body("{\"name\":\"warm-up\",\"password\":\"x\"}").post("/api/sessions");
        pool.query("delete from sign_in_attempts").execute().await().atMost(Duration.ofSeconds(10));
    }

    /** A name no earlier run has registered. */
    private static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static Response register(String name, String password) {
        return given().contentType(ContentType.JSON).body(body(name, password)).post("/api/accounts");
    }

    private static Response signIn(String name, String password) {
        return given().contentType(ContentType.JSON).body(body(name, password)).post("/api/sessions");
    }

    private static String body(String name, String password) {
        return JsonNodeFactory.instance.objectNode().put("name", name).put("password", password).toString();
    }

    private static void error(Response r, int status, String code, String message) {
        r.then().statusCode(status).contentType(ContentType.JSON).body("code", equalTo(code))
                .body("message", startsWith(message));
    }

    private long accountsNamed(String name) {
        return pool.preparedQuery("select count(*) as n from accounts where lower(name) = lower($1)")
                .execute(Tuple.of(name)).await().atMost(Duration.ofSeconds(10)).iterator().next().getLong("n");
    }

    private static JsonNode claims(String token) {
        return Codec.parse(new String(Base64.getUrlDecoder().decode(token.split("\\.")[1]), StandardCharsets.UTF_8));
    }

    @Test
    void register_givesAnAccountToken_andMeSaysAccount() {
        String name = unique("Anna");
        JsonPath a = register("  " + name + "  ", PASSWORD).then().statusCode(201).contentType(ContentType.JSON)
                .body("name", equalTo(name)).body("account", equalTo(true)).extract().jsonPath();
        JsonNode claims = claims(a.getString("token"));
        assertEquals(a.getString("playerId"), claims.path("sub").asText());
        assertTrue(claims.path("account").asBoolean());
        assertFalse(claims.path("jti").asText().isEmpty(), "a token id, to sign it out by");
        It.as(a.getString("token")).get("/api/me").then().statusCode(200)
                .body("playerId", equalTo(a.getString("playerId"))).body("name", equalTo(name))
                .body("account", equalTo(true));
        // the password is kept as a bcrypt hash only
        String hash = pool.preparedQuery("select password_hash from accounts where player_id = $1")
                .execute(Tuple.of(a.getString("playerId"))).await().atMost(Duration.ofSeconds(10))
                .iterator().next().getString("password_hash");
        assertTrue(hash.startsWith("$2a$10$"), hash);
        assertFalse(hash.contains(PASSWORD));
        // renewing keeps it an account; a guest is not one
        JsonPath renewed = It.as(a.getString("token")).post("/api/guests/renew").then().statusCode(200)
                .body("account", equalTo(true)).extract().jsonPath();
        It.as(renewed.getString("token")).get("/api/me").then().statusCode(200).body("account", equalTo(true));
        JsonPath guest = It.guest("Boris");
        assertFalse(guest.getBoolean("account"));
        It.as(guest.getString("token")).get("/api/me").then().statusCode(200).body("account", equalTo(false));
    }

    @Test
    void aTakenName_is409_ignoringCase_andStoresNothing() {
        String name = unique("Straße");
        register(name, PASSWORD).then().statusCode(201);
        for (String other : new String[] {name.toUpperCase(), name.toLowerCase(), " " + name.replace("ß", "ss") + " "}) {
            error(register(other, "another password"), 409, "NAME_TAKEN", "name: \"" + other.strip() + "\" is taken");
        }
        assertEquals(1, accountsNamed(name));
        error(signIn(name.toUpperCase(), "another password"), 401, "BAD_CREDENTIALS", "name or password");
    }

    @Test
    void passwordRules_are400_sayingTheLengths() {
        String name = unique("Pia");
        error(register(name, "short"), 400, "INVALID_PASSWORD", "password: must have 8 to 128 characters, not 5");
        error(register(name, "x".repeat(129)), 400, "INVALID_PASSWORD", "password: must have 8 to 128 characters, not 129");
        error(given().contentType(ContentType.JSON).body("{\"name\":\"" + name + "\"}").post("/api/accounts"), 400,
                "INVALID_PASSWORD", "password: is required");
        assertEquals(0, accountsNamed(name));
        // 8 and 128 are allowed; a long password counts all of its characters (bcrypt alone would read 72 bytes)
        register(name, "12345678").then().statusCode(201);
        String longName = unique("Long");
        String longPassword = "p".repeat(128);
        register(longName, longPassword).then().statusCode(201);
        error(signIn(longName, "p".repeat(127) + "q"), 401, "BAD_CREDENTIALS", "name or password");
        signIn(longName, longPassword).then().statusCode(200);
    }

    @Test
    void badBodies_are400_namingTheField_andStoreNothing() {
        String[][] cases = {
                {"{\"name\":", "INVALID_JSON", "not valid JSON"},
                {"[1]", "INVALID_JSON", "the body must be a JSON object"},
                {"{\"password\":\"" + PASSWORD + "\"}", "INVALID_NAME", "name: is required"},
                {"{\"name\":5,\"password\":\"" + PASSWORD + "\"}", "INVALID_REQUEST", "name: must be a string"},
                {"{\"name\":\"Anna\",\"password\":12345678}", "INVALID_REQUEST", "password: must be a string"},
                {"{\"name\":\"Anna\",\"password\":\"" + PASSWORD + "\",\"email\":\"a@b\"}", "INVALID_REQUEST",
                        "email: is not a known field (known: name, password)"},
                {"{\"name\":\"\\u202Eevil\",\"password\":\"" + PASSWORD + "\"}", "INVALID_NAME", "name: must not hold"},
                {"{\"name\":\"" + "x".repeat(33) + "\",\"password\":\"" + PASSWORD + "\"}", "INVALID_NAME",
                        "name: must have 1 to 32 characters"},
        };
        for (String[] c : cases) {
            error(given().contentType(ContentType.JSON).body(c[0]).post("/api/accounts"), 400, c[1], c[2]);
        }
        error(given().contentType(ContentType.JSON).post("/api/accounts"), 400, "INVALID_JSON", "");
        error(given().contentType(ContentType.JSON).post("/api/sessions"), 400, "INVALID_JSON", "");
        error(given().contentType(ContentType.JSON).body("{\"password\":\"x\"}").post("/api/sessions"), 400,
                "INVALID_NAME", "name: is required");
        error(given().contentType(ContentType.JSON).body("{\"name\":\"Anna\"}").post("/api/sessions"), 400,
                "INVALID_PASSWORD", "password: is required");
        error(given().contentType(ContentType.JSON).body("{\"name\":\"Anna\",\"pw\":\"x\"}").post("/api/sessions"), 400,
                "INVALID_REQUEST", "pw: is not a known field");
        given().contentType(ContentType.TEXT).body(body("Anna", PASSWORD)).post("/api/accounts").then().statusCode(415);
        assertEquals(0, accountsNamed("\u202Eevil"));
        assertEquals(0, accountsNamed("x".repeat(33)));
    }

    @Test
    void signIn_withAnyCase_givesTheAccountsToken() {
        String name = unique("Vera");
        String id = register(name, PASSWORD).then().statusCode(201).extract().path("playerId");
        JsonPath s = signIn(" " + name.toUpperCase() + " ", PASSWORD).then().statusCode(200).contentType(ContentType.JSON)
                .body("playerId", equalTo(id)).body("name", equalTo(name)).body("account", equalTo(true))
                .extract().jsonPath();
        It.as(s.getString("token")).get("/api/me").then().statusCode(200).body("playerId", equalTo(id))
                .body("account", equalTo(true));
    }

    @Test
    void aWrongPassword_andAnUnknownName_getTheSameAnswer() {
        String name = unique("Olga");
        register(name, PASSWORD).then().statusCode(201);
        Response wrong = signIn(name, "not the password");
        Response unknown = signIn(unique("Nobody"), PASSWORD);
        Response invalid = signIn("Ann\u200B", PASSWORD);
        for (Response r : List.of(wrong, unknown, invalid)) {
            r.then().statusCode(401).contentType(ContentType.JSON).body("code", equalTo("BAD_CREDENTIALS"));
        }
        assertEquals(wrong.jsonPath().getString("message"), unknown.jsonPath().getString("message"));
        assertEquals(wrong.jsonPath().getString("message"), invalid.jsonPath().getString("message"));
        // a control character is no name at all: 400 naming the field, before anything is looked up or counted
        error(signIn("\u0000Ann", PASSWORD), 400, "INVALID_REQUEST",
                "name: must not hold a control character (U+0000 at character 1)");
    }

    @Test
    void fiveAttemptsForANameFromAnAddress_areAllItGets_butTheOwnerElsewhereSignsIn() throws Exception {
        String name = unique("Lena");
        register(name, PASSWORD).then().statusCode(201);
        for (int i = 0; i < 5; i++) {
            error(signIn(i % 2 == 0 ? name : name.toUpperCase(), "wrong password " + i), 401, "BAD_CREDENTIALS", "");
        }
        Response limited = signIn(name, PASSWORD);
        error(limited, 429, "TOO_MANY_ATTEMPTS", "too many sign-ins for this name from this address");
        int retryAfter = Integer.parseInt(limited.header("Retry-After"));
        assertTrue(retryAfter > 280 && retryAfter <= 300, "about 5 minutes: " + retryAfter);
        // the stranger's failures do not lock the owner out: from another address the right password works
        Raw owner = Raw.signIn(base, "127.0.0.2", body(name, PASSWORD));
        assertEquals(200, owner.status(), owner.body());
        assertEquals(name, Codec.parse(owner.body()).path("name").asText());
        // another name from the same address is not limited by it
        String other = unique("Mira");
        register(other, PASSWORD).then().statusCode(201);
        signIn(other, PASSWORD).then().statusCode(200);
        // once the window is over (here: the counts removed), the right password works again from there too
        pool.query("delete from sign_in_attempts").execute().await().atMost(Duration.ofSeconds(10));
        signIn(name, PASSWORD).then().statusCode(200);
    }

    @Test
    void thirtyWrongPasswordsAndTheRightOne_atOnce_haveOnlyFiveChecked() throws Exception {
        String name = unique("Race");
        register(name, PASSWORD).then().statusCode(201);
        int n = 31;
        ExecutorService pool = Executors.newFixedThreadPool(n);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Integer>> statuses = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                String password = i == n - 1 ? PASSWORD : "wrong password " + i;
                statuses.add(pool.submit(() -> {
                    start.await();
                    return signIn(name, password).statusCode();
                }));
            }
            start.countDown();
            Map<Integer, Integer> byStatus = new TreeMap<>();
            for (Future<Integer> f : statuses) {
                byStatus.merge(f.get(60, TimeUnit.SECONDS), 1, Integer::sum);
            }
            assertEquals(n - 5, byStatus.getOrDefault(429, 0), "all but 5 refused before the check: " + byStatus);
            assertEquals(5, byStatus.getOrDefault(401, 0) + byStatus.getOrDefault(200, 0), byStatus.toString());
            assertTrue(Set.of(200, 401, 429).containsAll(byStatus.keySet()), byStatus.toString());
        } finally {
            pool.shutdownNow();
        }
        long counted = this.pool.query("select attempts from sign_in_attempts where kind = 'address'").execute()
                .await().atMost(Duration.ofSeconds(10)).iterator().next().getInteger("attempts");
        assertTrue(counted >= n - 1, "every attempt was counted, a success taken back: " + counted);
    }

    @Test
    void twentyAttemptsFromAnAddress_are429_forEveryName() {
        String name = unique("Ida");
        register(name, PASSWORD).then().statusCode(201);
        for (int i = 0; i < 20; i++) {
            error(signIn(unique("Guess" + (i % 5)), "wrong password"), 401, "BAD_CREDENTIALS", "");
        }
        Response limited = signIn(name, PASSWORD);
        error(limited, 429, "TOO_MANY_ATTEMPTS", "too many sign-ins from this address");
        assertTrue(Integer.parseInt(limited.header("Retry-After")) > 0);
        // registering is not signing in: it is not limited by them
        register(unique("Eva"), PASSWORD).then().statusCode(201);
    }

    @Test
    void successfulSignIns_doNotCountAgainstTheAddress() {
        String name = unique("Often");
        register(name, PASSWORD).then().statusCode(201);
        for (int i = 0; i < 25; i++) {
            signIn(name, PASSWORD).then().statusCode(200);
        }
    }

    @Test
    void lookAlikeNames_are409_namingTheAccount_andStoreNothing() {
        String name = "Ann" + UUID.randomUUID().toString().substring(0, 6).replaceAll("[0-9]", "x");
        register(name, PASSWORD).then().statusCode(201);
        String cyrillic = "\u0410" + name.substring(1);
        String accented = "\u00C1" + name.substring(1);
        for (String other : List.of(cyrillic, accented, name.toUpperCase())) {
            error(register(other, PASSWORD), 409, "NAME_TAKEN", "name: \"" + other + "\"");
            It.as(It.guest("Zed").getString("token")).body(body(other, PASSWORD)).post("/api/accounts")
                    .then().statusCode(409).body("code", equalTo("NAME_TAKEN"));
            given().contentType(ContentType.JSON).body("{\"name\":\"" + other + "\"}").post("/api/guests")
                    .then().statusCode(409).body("code", equalTo("NAME_TAKEN"))
                    .body("message", containsString("\"" + name + "\""));
        }
        error(register(cyrillic, PASSWORD), 409, "NAME_TAKEN", "name: \"" + cyrillic + "\" looks like the account "
                + "name \"" + name + "\"");
        long lookAlikes = pool.preparedQuery("select count(*) as n from accounts where name in ($1, $2)")
                .execute(Tuple.of(cyrillic, accented)).await().atMost(Duration.ofSeconds(10)).iterator().next()
                .getLong("n");
        assertEquals(0, lookAlikes);
    }

    @Test
    void invisibleMarksOnlyAndReservedNames_areRefused_namingTheRule() {
        String[][] cases = {
                {"Ann\u3164", "400", "INVALID_NAME", "an invisible character (U+1160 at character 4)"},
                {"Ann\u2800", "400", "INVALID_NAME", "a character a name does not need (U+2800 at character 4)"},
                {"\u0301\u0301", "400", "INVALID_NAME", "a mark that does not follow a letter"},
                {"Strong bot 1", "409", "NAME_RESERVED", "a name the system keeps for itself"},
                {"house", "409", "NAME_RESERVED", "a name the system keeps for itself"},
                {"ADMIN", "409", "NAME_RESERVED", "a name the system keeps for itself"},
        };
        for (String[] c : cases) {
            String guest = JsonNodeFactory.instance.objectNode().put("name", c[0]).toString();
            for (Response r : List.of(register(c[0], PASSWORD),
                    given().contentType(ContentType.JSON).body(guest).post("/api/guests"))) {
                r.then().statusCode(Integer.parseInt(c[1])).contentType(ContentType.JSON)
                        .body("code", equalTo(c[2])).body("message", containsString(c[3]));
            }
            assertEquals(0, accountsNamed(c[0]));
        }
        // a trailing no-break space is trimmed as a space: the name is the plain one
        String name = unique("Nbsp");
        register(name + "\u00A0", PASSWORD).then().statusCode(201).body("name", equalTo(name));
    }

    @Test
    void signOut_revokesTheToken_everywhere() throws Exception {
        String name = unique("Nina");
        String token = register(name, PASSWORD).then().statusCode(201).extract().path("token");
        String other = signIn(name, PASSWORD).then().statusCode(200).extract().path("token");
        It.as(token).get("/api/me").then().statusCode(200);
        It.as(token).delete("/api/sessions/current").then().statusCode(204);
        for (String path : List.of("/api/me", "/api/tables")) {
            error(It.as(token).get(path), 401, "UNAUTHORIZED", "the token is not valid");
        }
        error(It.as(token).post("/api/guests/renew"), 401, "UNAUTHORIZED", "");
        error(It.as(token).delete("/api/sessions/current"), 401, "UNAUTHORIZED", "");
        URI ws = URI.create(base.toString().replaceFirst("^http", "ws") + "api/tables/abc/ws?token=" + token);
        CompletionException e = assertThrows(CompletionException.class, () -> WsClient.connect(ws).close());
        assertEquals(401, assertInstanceOf(WebSocketHandshakeException.class, e.getCause()).getResponse().statusCode());
        // only that token: the account's other session goes on, and signing in again gives a working one
        It.as(other).get("/api/me").then().statusCode(200).body("account", equalTo(true));
        It.as(signIn(name, PASSWORD).then().statusCode(200).extract().<String>path("token")).get("/api/me")
                .then().statusCode(200);
        // a guest may sign out too
        String guest = It.guest("Gast").getString("token");
        It.as(guest).delete("/api/sessions/current").then().statusCode(204);
        error(It.as(guest).get("/api/me"), 401, "UNAUTHORIZED", "");
        error(given().delete("/api/sessions/current"), 401, "UNAUTHORIZED", "");
    }

    @Test
    void aGuestWhoRegisters_keepsItsPlayerId() {
        JsonPath guest = It.guest("Kolya");
        String name = unique("Kolya");
        JsonPath a = It.as(guest.getString("token")).body(body(name, PASSWORD)).post("/api/accounts").then()
                .statusCode(201).body("playerId", equalTo(guest.getString("playerId"))).body("account", equalTo(true))
                .extract().jsonPath();
        It.as(a.getString("token")).get("/api/me").then().statusCode(200)
                .body("playerId", equalTo(guest.getString("playerId"))).body("name", equalTo(name))
                .body("account", equalTo(true));
        signIn(name, PASSWORD).then().statusCode(200).body("playerId", equalTo(guest.getString("playerId")));
        // the guest's token said "guest": it stops; an account cannot register again
        error(It.as(guest.getString("token")).get("/api/me"), 401, "UNAUTHORIZED", "");
        error(It.as(a.getString("token")).body(body(unique("Again"), PASSWORD)).post("/api/accounts"), 409,
                "ALREADY_AN_ACCOUNT", "Authorization: this player is an account already");
    }

    @Test
    void aGuestWhoseNameIsTaken_gets409_andStaysAGuest() {
        String name = unique("Sasha");
        register(name, PASSWORD).then().statusCode(201);
        JsonPath guest = It.guest("Sasha");
        error(It.as(guest.getString("token")).body(body(name.toLowerCase(), PASSWORD)).post("/api/accounts"), 409,
                "NAME_TAKEN", "name:");
        It.as(guest.getString("token")).get("/api/me").then().statusCode(200)
                .body("playerId", equalTo(guest.getString("playerId"))).body("account", equalTo(false));
        long ofThatId = pool.preparedQuery("select count(*) as n from accounts where player_id = $1")
                .execute(Tuple.of(guest.getString("playerId"))).await().atMost(Duration.ofSeconds(10))
                .iterator().next().getLong("n");
        assertEquals(0, ofThatId);
    }

    @Test
    void forgedExpiredAndForeignTokens_are401_andRegisterNothing() {
        String token = It.guest("Anna").getString("token");
        String forged = token.substring(0, token.length() - 3) + (token.endsWith("AAA") ? "BBB" : "AAA");
        String name = unique("Mallory");
        for (String auth : new String[] {"Bearer " + forged, "Bearer " + Tokens.expired(new Player("p", "Mallory")),
                "Bearer " + Tokens.signedByAnotherKey(new Player("p", "Mallory", true)), "Bearer not.a.jwt", "Basic x"}) {
            error(given().header("Authorization", auth).contentType(ContentType.JSON).body(body(name, PASSWORD))
                    .post("/api/accounts"), 401, "UNAUTHORIZED", "");
            error(given().header("Authorization", auth).delete("/api/sessions/current"), 401, "UNAUTHORIZED", "");
            error(given().header("Authorization", auth).get("/api/me"), 401, "UNAUTHORIZED", "");
        }
        assertEquals(0, accountsNamed(name));
    }

    @Test
    void aTableWithAStake_needsAnAccount_andItsStakeHeldFirst() {
        // the chips are FakeLeaderboard's here (a wallet of 1000): a stake it cannot hold creates no table
        String token = register(unique("Rich"), PASSWORD).then().statusCode(201).extract().path("token");
        error(It.as(token).body("{\"settings\":{\"players\":2,\"stake\":5000}}").post("/api/tables"), 409,
                "INSUFFICIENT_CHIPS", "stake:");
        assertTrue(It.lobby(token, "stake=staked").stream()
                .noneMatch(t -> ((Map<?, ?>) t.get("settings")).get("stake").equals(5000)));
        error(It.as(It.guest("Poor").getString("token")).body("{\"settings\":{\"players\":2,\"stake\":100}}")
                .post("/api/tables"), 403, "STAKE_NEEDS_ACCOUNT", "stake: guests play without stake");
    }

    @Test
    void theOpenApiDocument_describesTheAccountCallsFromTheirRecords() {
        given().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                .body("paths.'/api/accounts'.post.requestBody.content.'application/json'.schema.'$ref'",
                        equalTo("#/components/schemas/AccountRequest"))
                .body("paths.'/api/accounts'.post.responses.'201'.content.'application/json'.schema.'$ref'",
                        equalTo("#/components/schemas/Session"))
                .body("paths.'/api/accounts'.post.responses.'409'.description", containsString("NAME_TAKEN"))
                .body("paths.'/api/accounts'.post.responses.'400'.description", containsString("INVALID_PASSWORD"))
                .body("paths.'/api/sessions'.post.responses.'401'.description", containsString("BAD_CREDENTIALS"))
                .body("paths.'/api/sessions'.post.responses.'429'.description", containsString("TOO_MANY_ATTEMPTS"))
                .body("paths.'/api/sessions'.post.responses.'429'.content.'application/json'.schema.'$ref'",
                        equalTo("#/components/schemas/Error"))
                .body("paths.'/api/sessions/current'.delete.responses.'204'.description", equalTo("signed out"))
                .body("paths.'/api/sessions'.post.responses.'200'.content.'application/json'.schema.'$ref'",
                        equalTo("#/components/schemas/Session"))
                .body("paths.'/api/guests'.post.responses.'201'.content.'application/json'.schema.'$ref'",
                        equalTo("#/components/schemas/Guest"))
                .body("components.schemas.AccountRequest.required", hasItems("name", "password"))
                .body("components.schemas.AccountRequest.properties.password.format", equalTo("password"))
                .body("components.schemas.Me.properties.account.type", equalTo("boolean"))
                .body("components.schemas.Session.properties.account.type", equalTo("boolean"));
    }

    @Test
    void theLogOfARegistration_neverHoldsThePassword() {
        String password = "secret-" + UUID.randomUUID();
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        SimpleFormatter format = new SimpleFormatter();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                lines.add(format.format(r));
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger root = Logger.getLogger("");
        root.addHandler(capture);
        try {
            String name = unique("Quiet");
            register(name, password).then().statusCode(201);
            signIn(name, password).then().statusCode(200);
            signIn(name, password + "x").then().statusCode(401);
            register(name, password).then().statusCode(409);
        } finally {
            root.removeHandler(capture);
        }
        assertTrue(lines.stream().anyMatch(l -> l.contains("registered")), "the registration is logged: " + lines);
        for (String line : lines) {
            assertFalse(line.contains(password), line);
        }
        assertNotEquals(0, lines.size());
    }
}
