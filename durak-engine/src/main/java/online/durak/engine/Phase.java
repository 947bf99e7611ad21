package online.durak.engine;

/** What the deal waits for (docs/conformance.md names these). */
public enum Phase {
    /** The attacker must open a bout. */
    ATTACK,
    /** An attack card lies uncovered: the defender covers, transfers or takes. */
    DEFENSE,
    /** Everything is covered: the throw-in round runs until everyone has passed in a row. */
    THROW_IN,
    /** The defender has declared take: the round runs once, then the defender picks up. */
    TAKE_ADDING,
    /** At most one player (team) holds cards. */
    DEAL_OVER
}
