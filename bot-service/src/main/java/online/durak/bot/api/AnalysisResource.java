package online.durak.bot.api;

import io.smallrye.common.annotation.Blocking;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import online.durak.bot.analysis.Analyses;
import online.durak.messages.Codec;
import online.durak.service.auth.ServiceToken;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * The strong bot's analysis of a finished match (docs/bots.md "Analysis"), for the table service to forward:
 * {@code POST /api/analyses/tables/{id}} starts it (202, its status), {@code GET} the same path says how far it is,
 * {@code {state: queued|running|done, done, total, analysis?}} (404 NO_ANALYSIS when never asked for);
 * {@code POST /api/analyses/records} with a record's text (docs/record-format.md) does both for a pasted record
 * (its status, with {@code key}; asking again with the same text is the poll). Refusals: 404 NO_SUCH_TABLE, 409
 * MATCH_NOT_OVER, 403 DAILY_HIDDEN (a daily game before its day is over), 400 INVALID_RECORD. Only another service
 * may ask.
 */
@Path("/api/analyses")
@RolesAllowed(ServiceToken.GROUP)
@Produces(MediaType.APPLICATION_JSON)
public class AnalysisResource {
    private final Analyses analyses;

    public AnalysisResource(Analyses analyses) {
        this.analyses = analyses;
    }

    @POST
    @Blocking
    @Path("/tables/{id}")
    public RestResponse<String> start(@PathParam("id") String id) {
        return RestResponse.status(RestResponse.Status.ACCEPTED, Codec.write(analyses.requestTable(id)));
    }

    @GET
    @Blocking
    @Path("/tables/{id}")
    public String status(@PathParam("id") String id) {
        return Codec.write(analyses.table(id));
    }

    @POST
    @Blocking
    @Path("/records")
    @Consumes(MediaType.TEXT_PLAIN)
    public RestResponse<String> record(String text) {
        return RestResponse.status(RestResponse.Status.ACCEPTED, Codec.write(analyses.requestRecord(text)));
    }
}
