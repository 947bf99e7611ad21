package online.durak.table.api;

import io.quarkus.security.Authenticated;
import io.smallrye.common.annotation.Blocking;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import online.durak.table.auth.CurrentPlayer;
import online.durak.table.play.Answers;
import online.durak.table.play.MyTables;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** "Back to one's match": the caller's tables whose match is not over ({@link MyTables}). */
@Path("/api/me/tables")
@Blocking
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "tables")
@SecurityRequirement(name = "bearer")
@APIResponse(responseCode = "401", description = "UNAUTHORIZED")
@APIResponse(responseCode = "503", description = "STORE_UNAVAILABLE")
@Authenticated
public class MyTablesResource {
    private final CurrentPlayer player;
    private final MyTables mine;

    public MyTablesResource(CurrentPlayer player, MyTables mine) {
        this.player = player;
        this.mine = mine;
    }

    @GET
    @Operation(summary = "My running and waiting tables", description = "Where I sit and the match is not over: "
            + "running matches (on the board between deals too) first, then open tables waiting for players, each "
            + "newest first; not a table whose match I left or that is finished or closed. For returning to one's "
            + "match from another page or device: the table's view is GET /api/tables/{id}/view.")
    @APIResponse(responseCode = "200", description = "my tables")
    public List<Answers.MyTable> mine() {
        return mine.of(player.get());
    }
}
