package online.durak.matchmaking;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.UUID;
import online.durak.testkit.DurakInfraResource;
import online.durak.testkit.SignedOut;
import org.junit.jupiter.api.Test;

/**
 * The identity check every service makes (docs/accounts.md "Every service"), against the real database: a signed-out
 * token starts no daily attempt and takes no quick-match ticket, while the same player's other token still does.
 */
@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(WithRulesService.class)
class IdentityTest {

    @Test
    void aSignedOutToken_startsNoDailyAttempt_andTakesNoTicket() throws InterruptedException {
        String id = UUID.randomUUID().toString();
        String jti = UUID.randomUUID().toString();
        String token = Tokens.token(id, "Out", false, jti);
        given().auth().oauth2(token).get("/api/daily").then().statusCode(200).body("attempts", equalTo(0));
        SignedOut.token(jti, id);
        // the announcement reaches the service's copy a moment after the sign-out committed
        long until = System.nanoTime() + java.time.Duration.ofSeconds(10).toNanos();
        while (given().auth().oauth2(token).get("/api/daily").statusCode() != 401) {
            org.junit.jupiter.api.Assertions.assertTrue(System.nanoTime() < until, "reads refused within 10 s");
            Thread.sleep(20);
        }
        given().auth().oauth2(token).post("/api/daily").then().statusCode(401).body("code", equalTo("UNAUTHORIZED"))
                .body("message", startsWith("the token is not valid"));
        given().auth().oauth2(token).contentType(ContentType.JSON).body("{\"players\":2}").post("/api/quick-match")
                .then().statusCode(401).body("code", equalTo("UNAUTHORIZED"));
        String other = Tokens.token(id, "Out");
        given().auth().oauth2(other).get("/api/daily").then().statusCode(200).body("attempts", equalTo(0));
        given().auth().oauth2(other).get("/api/quick-match").then().statusCode(404);
    }
}
