package online.durak.leaderboard.store;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/**
 * A person's all-time totals: read here, written only by {@link LeaderboardStore}'s upsert (points added in SQL,
 * never read, changed and written back).
 */
@Entity
@Table(name = "lb_players")
public class PlayerTotals extends PanacheEntityBase {
    @Id
    @Column(name = "player_id")
    public String playerId;
    public String name;
    @Column(name = "name_at")
    public OffsetDateTime nameAt;
    public long points;
    public int matches;
    public int deals;
    public int duraks;
}
