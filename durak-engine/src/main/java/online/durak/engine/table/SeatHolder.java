package online.durak.engine.table;

import online.durak.engine.BotLevel;

/** Who sits in a seat: a human player, or a bot of a level ({@code bot} null for humans). */
public record SeatHolder(String playerId, String name, BotLevel bot) {
    public boolean isHuman() {
        return bot == null;
    }
}
