package online.durak.table.it;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import online.durak.testkit.DurakInfraResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import online.durak.testkit.Management;

@QuarkusTest
@QuarkusTestResource(DurakInfraResource.class)
@QuarkusTestResource(TestTopics.class)
class ServiceEdgesTest {

    @BeforeEach
    void ready() {
        It.awaitReady();
    }

    @Test
    void readiness_coversKafkaTheDatabaseAndTheProjections() {
        Management.given().when().get("/q/health/ready")
                .then().statusCode(200).body("status", equalTo("UP"))
                // the replies consumer has its partitions; the projections were rebuilt and follow the events
                .body("checks.find { it.name == 'kafka-consumers' }.status", equalTo("UP"))
                .body("checks.find { it.name == 'kafka-consumers' }.data.replies", startsWith("UP "))
                .body("checks.find { it.name == 'kafka-consumers' }.data.events", startsWith("UP "))
                // the circuit breaker around commands: UP whatever its state, the state in the data
                .body("checks.find { it.name == 'rules-service' }.status", equalTo("UP"))
                .body("checks.find { it.name == 'rules-service' }.data.circuit", equalTo("CLOSED"))
                .body(containsString("Kafka"))
                .body(containsString("Reactive PostgreSQL"));
    }

    @Test
    void info_namesTheServiceAndVersion() {
        given().when().get("/api/info")
                .then().statusCode(200)
                .body("service", equalTo("table-service"))
                .body("version", equalTo("0.1.0-SNAPSHOT"));
    }

    @Test
    void metrics_areExposed() {
        Management.given().when().get("/q/metrics")
                .then().statusCode(200).body(containsString("durak_projection_events"))
                // the Kafka clients' own (lag of the events and replies readers, the commands producer)
                .body(containsString("kafka_consumer_fetch_manager_records_lag_max"))
                .body(containsString("kafka_producer_request_latency_avg"));
    }

    @Test
    void openApi_documentsTheEndpointsAndTheirErrors() {
        given().queryParam("format", "json").when().get("/q/openapi")
                .then().statusCode(200)
                .body("paths.'/api/tables/{id}/moves'.post.responses.'422'.description", containsString("CARD_NOT_IN_HAND"))
                .body("paths.'/api/tables/{id}/moves'.post.responses.'409'.description", containsString("NOT_YOUR_TURN"))
                .body("paths.'/api/tables/{id}/moves'.post.responses.'503'.description", containsString("RULES_UNAVAILABLE"))
                .body("paths.'/api/tables'.post.responses.'503'.description", containsString("RULES_UNAVAILABLE"))
                .body("paths.'/api/tables/{id}/hint'.post.responses.'503'.description", containsString("RULES_UNAVAILABLE"))
                .body("paths.'/api/guests'.post.responses.'201'.description", equalTo("signed in"))
                .body("components.securitySchemes.bearer.scheme", equalTo("bearer"))
                // bodies come from the records the resources take and return, engine types by reference, with examples
                .body("paths.'/api/tables/{id}/moves'.post.requestBody.content.'application/json'.schema.'$ref'",
                        equalTo("#/components/schemas/MoveRequest"))
                .body("paths.'/api/tables/{id}/moves'.post.responses.'200'.content.'application/json'.schema.'$ref'",
                        equalTo("#/components/schemas/CommandAccepted"))
                .body("paths.'/api/tables/{id}/view'.get.responses.'200'.content.'application/json'.schema.'$ref'",
                        equalTo("#/components/schemas/TableView"))
                .body("components.schemas.MoveRequest.required", hasItems("commandId", "move"))
                .body("components.schemas.MoveRequest.properties.move.'$ref'", equalTo("#/components/schemas/Move"))
                .body("components.schemas.TableView.properties.deal.'$ref'", equalTo("#/components/schemas/SeatView"))
                .body("components.schemas.EventsPage.properties.events.items.'$ref'", equalTo("#/components/schemas/SeatEvent"))
                .body("components.schemas.Settings.examples[0].players", equalTo(2))
                .body("components.schemas.Move.examples[0].type", equalTo("cover"))
                .body("components.schemas.BoardRow.properties.calculation.examples[0]",
                        equalTo("1 + 2 players out after you = 3"))
                // every error answer has the one error body
                .body("paths.'/api/tables/{id}/moves'.post.responses.'422'.content.'application/json'.schema.'$ref'",
                        equalTo("#/components/schemas/Error"))
                .body("paths.'/api/guests'.post.responses.'400'.content.'application/json'.schema.'$ref'",
                        equalTo("#/components/schemas/Error"))
                .body("components.schemas.Error.properties.code.examples[0]", equalTo("NO_SUCH_TABLE"));
    }

    @Test
    void unknownPathsAndMethods_areJsonErrors() {
        given().get("/api/nothing-here").then().statusCode(404).body("code", equalTo("NOT_FOUND"));
        given().delete("/api/guests").then().statusCode(405).body("code", equalTo("METHOD_NOT_ALLOWED"));
        given().get("/nothing-here-either").then().statusCode(404).contentType(ContentType.JSON)
                .body("code", equalTo("NOT_FOUND"));
    }

    @Test
    void anUnacceptableMediaType_isAJsonError() {
        given().accept(ContentType.XML).get("/api/info")
                .then().statusCode(406).contentType(ContentType.JSON).body("code", equalTo("NOT_ACCEPTABLE"));
    }

    @Test
    void requestsBeyondTheStatedLimits_areJsonErrorsNamingTheLimit() {
        given().get("/api/tables/" + "t".repeat(5000))
                .then().statusCode(414).contentType(ContentType.JSON).body("code", equalTo("URI_TOO_LONG"))
                .body("message", containsString("4096"));
        given().header("Authorization", "Bearer " + "x".repeat(100_000)).get("/api/tables")
                .then().statusCode(431).contentType(ContentType.JSON).body("code", equalTo("HEADERS_TOO_LARGE"));
        given().contentType(ContentType.JSON).body("{\"name\":\"" + "a".repeat(1_100_000) + "\"}").post("/api/guests")
                .then().statusCode(413).contentType(ContentType.JSON).body("code", equalTo("BODY_TOO_LARGE"));
        // just under the limits, the request reaches its resource
        given().get("/api/tables/" + "t".repeat(4000)).then().statusCode(401).body("code", equalTo("UNAUTHORIZED"));
        given().header("Authorization", "Bearer " + "x".repeat(15_000)).get("/api/tables/t1")
                .then().statusCode(401).body("code", equalTo("UNAUTHORIZED"));
    }
}
