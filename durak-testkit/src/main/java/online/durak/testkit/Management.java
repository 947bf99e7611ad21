package online.durak.testkit;

import io.quarkus.test.common.http.TestHTTPResourceManager;
import io.restassured.RestAssured;
import io.restassured.specification.RequestSpecification;
import java.net.URI;

/**
 * A {@code @QuarkusTest}'s requests to its service's management interface (durak-service: health and metrics are
 * served only there, on a port of their own, never on the public one).
 */
public final class Management {
    private Management() {
    }

    /** REST Assured's {@code given()} against the management port, e.g. {@code Management.given().get("/q/metrics")}. */
    public static RequestSpecification given() {
        URI uri = URI.create(TestHTTPResourceManager.getManagementUri());
        return RestAssured.given().baseUri(uri.getScheme() + "://" + uri.getHost()).port(uri.getPort());
    }
}
