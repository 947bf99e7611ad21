package online.durak.leaderboard.chips;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.UUID;
import online.durak.leaderboard.LeaderboardTopics;
import online.durak.testkit.DurakInfraResource;
import online.durak.testkit.SignedOut;
import org.junit.jupiter.api.Test;

/**
 * The identity check every service makes (docs/accounts.md "Every service"), here against the real database: a
 * signed-out token pays no bonus, and the operators' rebuild takes only a service's token.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(LeaderboardTopics.class)
class IdentityTest {

    @Test
    void aSignedOutToken_getsNoBonus_andReadsNothing() {
        String p = "out-" + UUID.randomUUID();
        String jti = UUID.randomUUID().toString();
        String token = ChipTokens.account(p, "Out", jti);
        given().auth().oauth2(token).get("/api/me/chips").then().statusCode(200).body("balance", equalTo(1000));
        SignedOut.token(jti, p);
        given().auth().oauth2(token).post("/api/me/chips/bonus").then().statusCode(401)
                .body("code", equalTo("UNAUTHORIZED")).body("message", startsWith("the token is not valid"));
        // the same player's other token still works, and shows that no bonus was paid
        given().auth().oauth2(ChipTokens.account(p, "Out")).get("/api/me/chips").then().statusCode(200)
                .body("balance", equalTo(1000)).body("entries.kind", equalTo(java.util.List.of("GRANT")));
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
