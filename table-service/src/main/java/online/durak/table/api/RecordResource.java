package online.durak.table.api;

import io.quarkus.security.Authenticated;
import io.smallrye.common.annotation.Blocking;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import online.durak.table.play.Answers;
import online.durak.table.play.MatchRecords;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The analysis board's reading of a pasted record ({@link MatchRecords#read}): nothing is stored. */
@Path("/api/records")
@Blocking
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "tables")
@SecurityRequirement(name = "bearer")
@APIResponse(responseCode = "401", description = "UNAUTHORIZED")
@Authenticated
public class RecordResource {

    @POST
    @Consumes(MediaType.TEXT_PLAIN)
    @Operation(summary = "Read a match's record", description = "Reads a record in the open record format "
            + "(docs/record-format.md) and replays it through the engine, as `java -jar durak-engine.jar record verify "
            + "FILE` does: every move legal, every deal dealt from its deck order, every shuffle proof holding, the "
            + "result what the moves come to. Answers every deal that ended as GET /api/tables/{id}/replay answers "
            + "one; a record that does not hold is 400 INVALID_RECORD with \"line N: the reason\". Nothing is stored.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.TEXT_PLAIN,
            schema = @Schema(type = SchemaType.STRING, examples = "[Durak \"1\"]\n[Table \"t-1\"]\n…")))
    @APIResponse(responseCode = "200", description = "the record's deals as replays")
    @APIResponse(responseCode = "400", description = "INVALID_RECORD")
    @APIResponse(responseCode = "413", description = "BODY_TOO_LARGE")
    public Answers.RecordReplay read(String record) {
        return MatchRecords.read(record);
    }
}
