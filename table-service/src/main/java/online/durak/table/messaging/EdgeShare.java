package online.durak.table.messaging;

import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import online.durak.service.kafka.GroupMember;
import online.durak.service.kafka.KafkaClients;
import online.durak.table.projection.Projections;
import org.apache.kafka.common.utils.Utils;
import org.jboss.logging.Logger;

/**
 * This edge's share of the tables (docs/spine.md "The edges"): the partitions of {@code durak.table-events} that the
 * consumer group {@code durak.kafka.consumers.share.group} ({@code table-service}) gives this instance. A table is
 * this edge's when its partition is (Kafka's own choice for its id as a key), and this edge folds it; a partition
 * given up makes its tables outlines here, unless a socket here holds them. {@code GET /api/edge} tells the load
 * balancer the share, so that it sends a table's requests and sockets here.
 */
@ApplicationScoped
public class EdgeShare implements GroupMember.Listener {
    private static final Logger LOG = Logger.getLogger(EdgeShare.class);

    private final KafkaClients kafka;
    private final Projections projections;
    private volatile GroupMember member;

    public EdgeShare(KafkaClients kafka, Projections projections) {
        this.kafka = kafka;
        this.projections = projections;
    }

    void start() {
        projections.share(this::ours);
        member = kafka.member("share", kafka.topics().tableEvents(), this);
    }

    GroupMember member() {
        return member;
    }

    /** The partition of a table's records: what Kafka's producer picks for its id as the key. */
    public static int partitionOf(String tableId, int partitions) {
        return Utils.toPositive(Utils.murmur2(tableId.getBytes(StandardCharsets.UTF_8))) % partitions;
    }

    /** Whether the partition is this edge's now. */
    public boolean owns(int partition) {
        GroupMember m = member;
        return m != null && m.partitions().contains(partition);
    }

    /** Whether the table is this edge's now (none is before the group has given this edge its share). */
    public boolean ours(String tableId) {
        GroupMember m = member;
        int n = m == null ? 0 : m.partitionCount();
        return n > 0 && m.partitions().contains(partitionOf(tableId, n));
    }

    /** This edge's partitions now. */
    public Set<Integer> partitions() {
        GroupMember m = member;
        return m == null ? Set.of() : Set.copyOf(m.partitions());
    }

    /** The topic's partitions (0 before the group was joined). */
    public int partitionCount() {
        GroupMember m = member;
        return m == null ? 0 : m.partitionCount();
    }

    @Override
    public void released(Set<Integer> removed, boolean lost) {
        int outlined = projections.release();
        LOG.infof("partitions %s are another edge's now: %d table(s) folded here became outlines", removed, outlined);
    }
}
