package online.durak.table.bots;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * The bot service's hint resource as a typed REST client, configured as {@code quarkus.rest-client.bot-service.*}
 * (url {@code durak.bot.url}, timeouts, and every status an answer to read: application.properties).
 */
@Path("/api/hints")
@RegisterRestClient(configKey = "bot-service")
public interface BotApi {

    /** {@code {"rules", "view"}} in, {@code {"move", "reason", "candidates"}} out; with a service token. */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    CompletionStage<RestResponse<String>> hint(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                               JsonNode body);
}
