package online.durak.engine;

/** Why a command was refused: a stable {@link #code()} for programs and a message for people. */
public record Rejection(String code, String message) {
    public static final String NO_SUCH_SEAT = "NO_SUCH_SEAT";
    public static final String DEAL_NOT_RUNNING = "DEAL_NOT_RUNNING";
    public static final String DEAL_RUNNING = "DEAL_RUNNING";
    public static final String MATCH_OVER = "MATCH_OVER";
    public static final String NOT_YOUR_TURN = "NOT_YOUR_TURN";
    public static final String WRONG_PHASE = "WRONG_PHASE";
    public static final String NO_CARDS = "NO_CARDS";
    public static final String CARD_TWICE = "CARD_TWICE";
    public static final String CARD_NOT_IN_HAND = "CARD_NOT_IN_HAND";
    public static final String MIXED_RANKS = "MIXED_RANKS";
    public static final String OVER_LIMIT = "OVER_LIMIT";
    public static final String DEFENDER_CANNOT_COVER = "DEFENDER_CANNOT_COVER";
    public static final String RANK_NOT_ON_TABLE = "RANK_NOT_ON_TABLE";
    public static final String RANK_NOT_ALLOWED = "RANK_NOT_ALLOWED";
    public static final String MAY_NOT_THROW_IN = "MAY_NOT_THROW_IN";
    public static final String NOT_AN_UNCOVERED_ATTACK = "NOT_AN_UNCOVERED_ATTACK";
    public static final String DOES_NOT_BEAT = "DOES_NOT_BEAT";
    public static final String NO_TRANSFER_IN_VARIANT = "NO_TRANSFER_IN_VARIANT";
    public static final String TRANSFER_NOT_POSSIBLE = "TRANSFER_NOT_POSSIBLE";
    public static final String TRANSFER_WRONG_RANK = "TRANSFER_WRONG_RANK";
    public static final String NEXT_DEFENDER_CANNOT_COVER = "NEXT_DEFENDER_CANNOT_COVER";
    public static final String SHOW_TRUMP_OFF = "SHOW_TRUMP_OFF";
    public static final String NOT_A_TRUMP = "NOT_A_TRUMP";
    public static final String TRUMP_ALREADY_SHOWN = "TRUMP_ALREADY_SHOWN";
}
