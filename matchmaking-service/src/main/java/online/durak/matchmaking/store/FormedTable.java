package online.durak.matchmaking.store;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.time.Instant;
import java.util.List;
import online.durak.engine.BotLevel;
import online.durak.engine.Rules;

/** A table a pool formed: who sits where, and its settings. Started through the commands topic like any other. */
public record FormedTable(String tableId, String pool, Rules rules, List<Seat> seats, Instant formedAt) {
    public FormedTable {
        seats = List.copyOf(seats);
    }

    /** A person ({@code bot} null) or a bot ({@code playerId} and {@code name} null). */
    public record Seat(int seat, String playerId, String name, BotLevel bot) {
        @JsonIgnore
        public boolean isBot() {
            return bot != null;
        }
    }

    public List<Seat> people() {
        return seats.stream().filter(s -> !s.isBot()).toList();
    }
}
