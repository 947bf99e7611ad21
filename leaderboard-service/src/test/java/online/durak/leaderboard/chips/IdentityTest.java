package online.durak.leaderboard.chips;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import online.durak.service.auth.Revocations;
import online.durak.leaderboard.LeaderboardTopics;
import online.durak.testkit.DurakInfraResource;
import online.durak.testkit.SignedOut;
import online.durak.testkit.TestInfra;
import org.junit.jupiter.api.Test;

/**
 * The identity check every service makes (docs/accounts.md "Every service"), here against the real database: a
 * signed-out token pays no bonus, and the operators' rebuild takes only a service's token.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(LeaderboardTopics.class)
class IdentityTest {

    @Inject
    Revocations revocations;

    private final TestInfra infra = TestInfra.shared();

    @Test
    void aSignedOutToken_getsNoBonus_andReadsNothing() throws InterruptedException {
        String p = "out-" + UUID.randomUUID();
        String jti = UUID.randomUUID().toString();
        String token = ChipTokens.account(p, "Out", jti);
        given().auth().oauth2(token).get("/api/me/chips").then().statusCode(200).body("balance", equalTo(1000));
        SignedOut.token(jti, p);
        readRefused(token); // the announcement has reached the service's copy (a moment after the sign-out committed)
        given().auth().oauth2(token).post("/api/me/chips/bonus").then().statusCode(401)
                .body("code", equalTo("UNAUTHORIZED")).body("message", startsWith("the token is not valid"));
        // the same player's other token still works, and shows that no bonus was paid
        given().auth().oauth2(ChipTokens.account(p, "Out")).get("/api/me/chips").then().statusCode(200)
                .body("balance", equalTo(1000)).body("entries.kind", equalTo(java.util.List.of("GRANT")));
    }

    /**
     * While the service's channel of signed-out tokens is lost, a write asks the table itself: a token signed out
     * without an announcement (as if during the loss) is refused at once; once the channel is back the copy was read
     * whole, so the copy refuses it too.
     */
    @Test
    void whileTheChannelIsLost_aWriteAsksTheTable() throws Exception {
        await(revocations::listening, "the service listens to the channel");
        try (Connection c = DriverManager.getConnection(infra.jdbcUrl(), infra.user(), infra.password());
             Statement st = c.createStatement()) {
            st.executeQuery("select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN%'");
        }
        await(() -> !revocations.listening(), "the loss is noticed");
        String p = "lost-" + UUID.randomUUID();
        String jti = UUID.randomUUID().toString();
        String token = ChipTokens.account(p, "Lost", jti);
        SignedOut.token(jti, p, false);
        given().auth().oauth2(token).post("/api/me/chips/bonus").then().statusCode(401)
                .body("code", equalTo("UNAUTHORIZED"));
        await(revocations::listening, "the channel is back");
        assertTrue(revocations.isRevokedNow(jti).await().atMost(Duration.ofSeconds(5)),
                "the copy, read whole after the new subscription, has the token signed out unannounced");
        given().auth().oauth2(ChipTokens.account(p, "Lost")).get("/api/me/chips").then().statusCode(200)
                .body("entries.kind", equalTo(java.util.List.of("GRANT")));
    }

    /** Reads of the signed-out token are refused once the service's copy has it (at most the 5 s refresh later). */
    private static void readRefused(String token) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (given().auth().oauth2(token).get("/api/me/chips").statusCode() != 401) {
            assertTrue(System.nanoTime() < until, "a read of the signed-out token is refused within 10 s");
            Thread.sleep(20);
        }
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < until, what + " within 15 s");
            Thread.sleep(20);
        }
    }

    @Test
    void theRebuild_takesOnlyAServicesToken() {
        given().post("/admin/rebuild").then().statusCode(401).body("code", equalTo("UNAUTHORIZED"));
        given().get("/admin/rebuild").then().statusCode(401).body("code", equalTo("UNAUTHORIZED"));
        given().auth().oauth2(ChipTokens.account("p-" + UUID.randomUUID(), "P")).post("/admin/rebuild")
                .then().statusCode(403).body("code", equalTo("SERVICE_ONLY"));
        given().auth().oauth2(ChipTokens.service()).get("/admin/rebuild").then().statusCode(200)
                .body("running", equalTo(false));
    }
}
