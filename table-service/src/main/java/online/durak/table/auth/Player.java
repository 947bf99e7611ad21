package online.durak.table.auth;

/**
 * Who is asking, as the token says: the player id, the display name, and whether the player is an account (registered
 * with a password, docs/accounts.md) or a guest.
 */
public record Player(String playerId, String name, boolean account) {
    /** A guest. */
    public Player(String playerId, String name) {
        this(playerId, name, false);
    }
}
