package online.durak.leaderboard.store;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.Objects;

/** A person's part of one finished match, dated by its end: the periods are windows over these. */
@Entity
@Table(name = "lb_entries")
@IdClass(MatchEntry.Key.class)
public class MatchEntry extends PanacheEntityBase {
    @Id
    @Column(name = "table_id")
    public String tableId;
    /** The seq of the table's {@code MatchEnded}. */
    @Id
    public long seq;
    @Id
    @Column(name = "player_id")
    public String playerId;
    public String name;
    public int seat;
    public OffsetDateTime at;
    public int points;
    @Column(name = "deal_points")
    public int dealPoints;
    public int place;
    public int deals;
    public int duraks;
    @Column(name = "left_early")
    public boolean leftEarly;
    /** The day of the daily game the table played, null for any other table (docs/daily.md). */
    public LocalDate daily;

    /** The primary key (table_id, seq, player_id). */
    public static class Key implements Serializable {
        public String tableId;
        public long seq;
        public String playerId;

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && seq == k.seq && Objects.equals(tableId, k.tableId)
                    && Objects.equals(playerId, k.playerId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(tableId, seq, playerId);
        }
    }
}
