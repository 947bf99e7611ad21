package online.durak.service.api;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** {@code GET /api/info}: names this service and its version, so an operator can see what is running where. */
@Path("/api/info")
public class InfoResource {

    public record ServiceInfo(String service, String version) {
    }

    private final ServiceInfo info;

    public InfoResource(@ConfigProperty(name = "quarkus.application.name") String service,
                        @ConfigProperty(name = "quarkus.application.version") String version) {
        this.info = new ServiceInfo(service, version);
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public ServiceInfo info() {
        return info;
    }
}
