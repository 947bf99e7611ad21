package online.durak.bot.api;

import io.quarkus.security.Authenticated;
import io.smallrye.common.annotation.Blocking;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import online.durak.bot.analysis.Analyses;
import online.durak.bot.analysis.MatchAnalysis;
import online.durak.messages.Codec;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * The strong bot's analysis of a finished match (docs/bots.md "Analysis"), forwarded by the edge (table-service's
 * {@code durak.upstreams.bots}) for any signed-in player: {@code POST /api/tables/{id}/analysis} starts it (202, its
 * status), {@code GET} the same path says how far it is; {@code POST /api/records/analysis} with a record's text
 * (docs/record-format.md) does both for a pasted record (asking again with the same text is the poll).
 */
@Path("/api")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "analysis")
@SecurityRequirement(name = "bearer")
@APIResponse(responseCode = "401", description = "UNAUTHORIZED")
public class AnalysisResource {
    private final Analyses analyses;

    public AnalysisResource(Analyses analyses) {
        this.analyses = analyses;
    }

    @Schema(name = "AnalysisStatus", description = "where an analysis stands; analysis once it is done")
    public record Status(@Schema(enumeration = {"queued", "running", "done"}) String state,
                         @Schema(description = "decisions judged so far") int done,
                         @Schema(description = "decisions to judge") int total,
                         @Schema(description = "a record's analysis: record:<SHA-256 of its text>", nullable = true)
                         String key,
                         @Schema(nullable = true) MatchAnalysis analysis) {
    }

    @POST
    @Blocking
    @Path("/tables/{id}/analysis")
    @Operation(summary = "Ask for the strong bot's analysis of a finished match", description = "Every decision of "
            + "every person weighed by the hint's search with only what that seat knew: the estimate of the move "
            + "played and of the best, a verdict (good, inaccuracy, mistake, blunder) and why, in English and German; "
            + "a summary per person. It runs in the background (GET says how far); asking again costs nothing. A "
            + "daily game's only after its day (UTC).")
    @APIResponse(responseCode = "202", description = "started, or running, or done",
            content = @Content(schema = @Schema(implementation = Status.class)))
    @APIResponse(responseCode = "403", description = "DAILY_HIDDEN")
    @APIResponse(responseCode = "404", description = "NO_SUCH_TABLE")
    @APIResponse(responseCode = "409", description = "MATCH_NOT_OVER")
    public RestResponse<String> start(@PathParam("id") String id) {
        return RestResponse.status(RestResponse.Status.ACCEPTED, Codec.write(analyses.requestTable(id)));
    }

    @GET
    @Blocking
    @Path("/tables/{id}/analysis")
    @Operation(summary = "The analysis of a match, or how far it is", description = "state queued, running (done "
            + "of total decisions judged) or done (with the analysis).")
    @APIResponse(responseCode = "200", description = "the status",
            content = @Content(schema = @Schema(implementation = Status.class)))
    @APIResponse(responseCode = "404", description = "NO_ANALYSIS")
    public String status(@PathParam("id") String id) {
        return Codec.write(analyses.table(id));
    }

    @POST
    @Blocking
    @Path("/records/analysis")
    @Consumes(MediaType.TEXT_PLAIN)
    @Operation(summary = "Ask for the analysis of a pasted record", description = "A match's record "
            + "(docs/record-format.md), replayed through the engine, then analysed as a table's match is; keyed by "
            + "the record's SHA-256, so asking again with the same text is the poll.")
    @APIResponse(responseCode = "202", description = "started, or running, or done",
            content = @Content(schema = @Schema(implementation = Status.class)))
    @APIResponse(responseCode = "400", description = "INVALID_RECORD")
    @APIResponse(responseCode = "403", description = "DAILY_HIDDEN")
    @APIResponse(responseCode = "409", description = "MATCH_NOT_OVER")
    public RestResponse<String> record(String text) {
        return RestResponse.status(RestResponse.Status.ACCEPTED, Codec.write(analyses.requestRecord(text)));
    }
}
