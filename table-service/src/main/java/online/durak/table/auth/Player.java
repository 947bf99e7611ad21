package online.durak.table.auth;

/** Who is asking, as the token says: a guest's id and display name. */
public record Player(String playerId, String name) {
}
