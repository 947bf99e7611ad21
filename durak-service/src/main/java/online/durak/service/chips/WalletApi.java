package online.durak.service.chips;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * leaderboard-service's wallet as a typed REST client (docs/chips.md "Holds"). A service that calls it configures
 * {@code quarkus.rest-client.chips-wallet.}: {@code url}, {@code read-timeout} and {@code connect-timeout} (ms), and
 * {@code disable-default-mapper=true} (a 409 is an answer to read, not an exception).
 */
@Path("/internal/chips/holds")
@RegisterRestClient(configKey = "chips-wallet")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public interface WalletApi {

    /** Holds {@code amount} of {@code playerId}'s balance for {@code tableId}. */
    @POST
    CompletionStage<RestResponse<String>> hold(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                               Map<String, Object> body);

    /** Releases the hold of {@code playerId} at {@code tableId}. */
    @POST
    @Path("/release")
    CompletionStage<RestResponse<String>> release(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                                  Map<String, Object> body);

    /** Moves the hold of {@code playerId} from {@code fromTableId} to {@code toTableId}. */
    @POST
    @Path("/move")
    CompletionStage<RestResponse<String>> move(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                               Map<String, Object> body);
}
