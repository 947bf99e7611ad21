package online.durak.table.api;

import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.stream.Collectors;
import online.durak.service.kafka.KafkaClients;
import online.durak.table.messaging.EdgeShare;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code GET /api/edge}: this edge's share of the tables, for the load balancer in front of several edges
 * (deploy/haproxy, docs/spine.md "The edges"), which sends a table's requests and sockets to the edge that folds it.
 * Plain lines, so that a few lines of Lua read them: {@code instance <id>}, {@code partitions <count>} (0 before the
 * group has given this edge its share), {@code owned <p> <p> ...}. Like {@code /api/info}, for operators and the
 * load balancer rather than for players.
 */
@Path("/api/edge")
public class EdgeResource {
    private final EdgeShare share;
    private final KafkaClients kafka;

    public EdgeResource(EdgeShare share, KafkaClients kafka) {
        this.share = share;
        this.kafka = kafka;
    }

    @GET
    @PermitAll
    @Produces(MediaType.TEXT_PLAIN)
    @Operation(summary = "This edge's share of the tables", description = "For the load balancer in front of several "
            + "table-service instances (docs/spine.md \"The edges\"): plain lines instance <id>, partitions <count> (0 "
            + "before the group gave this edge its share) and owned <p> <p> ..., the partitions of durak.table-events "
            + "whose tables this edge folds (a table's partition is Kafka's for its id as the key).")
    public String share() {
        return "instance " + kafka.instanceId() + "\npartitions " + share.partitionCount() + "\nowned"
                + share.partitions().stream().map(p -> " " + p).collect(Collectors.joining()) + "\n";
    }
}
