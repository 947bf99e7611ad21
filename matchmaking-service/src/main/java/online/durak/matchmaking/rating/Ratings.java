package online.durak.matchmaking.rating;

/** Where a player's rating comes from, on the scale the rating gaps and bot levels are configured in. */
public interface Ratings {
    /** The player's rating; never fails (a default when it is not known). Blocking. */
    double ratingOf(String playerId);
}
