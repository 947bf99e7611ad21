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
 * group has given this edge its share), {@code owned <p> <p> ...}. Not part of the players' API.
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
    @Operation(hidden = true)
    public String share() {
        return "instance " + kafka.instanceId() + "\npartitions " + share.partitionCount() + "\nowned"
                + share.partitions().stream().map(p -> " " + p).collect(Collectors.joining()) + "\n";
    }
}
