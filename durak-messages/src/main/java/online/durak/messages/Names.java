package online.durak.messages;

import online.durak.engine.BotLevel;
import online.durak.engine.Card;
import online.durak.engine.FirstBoutLimit;
import online.durak.engine.Phase;
import online.durak.engine.Suit;
import online.durak.engine.ThrowIn;
import online.durak.engine.Variant;

/**
 * The wire names of the engine's enums, written out by hand: renaming a Java constant must not change
 * the format. The switches are exhaustive, so a new constant does not compile until it has a name here.
 * Reading looks a name up among the constants' wire names, so each mapping is written once.
 */
final class Names {
    private Names() {
    }

    static String suit(Suit s) {
        return switch (s) {
            case C -> "C";
            case D -> "D";
            case H -> "H";
            case S -> "S";
        };
    }

    /** The text form of rules.md §2: rank then suit, {@code 10D}. */
    static String card(Card c) {
        return c.text();
    }

    static String variant(Variant v) {
        return switch (v) {
            case PODKIDNOI -> "PODKIDNOI";
            case PEREVODNOI -> "PEREVODNOI";
        };
    }

    static String throwIn(ThrowIn t) {
        return switch (t) {
            case ALL -> "ALL";
            case NEIGHBOURS -> "NEIGHBOURS";
            case NEIGHBOURS_ONLY -> "NEIGHBOURS_ONLY";
        };
    }

    static String firstBoutLimit(FirstBoutLimit f) {
        return switch (f) {
            case FIRST_BOUT -> "FIRST_BOUT";
            case UNTIL_FIRST_DISCARD -> "UNTIL_FIRST_DISCARD";
            case NONE -> "NONE";
        };
    }

    static String botLevel(BotLevel b) {
        return switch (b) {
            case EASY -> "EASY";
            case NORMAL -> "NORMAL";
            case STRONG -> "STRONG";
        };
    }

    static String phase(Phase p) {
        return switch (p) {
            case ATTACK -> "ATTACK";
            case DEFENSE -> "DEFENSE";
            case THROW_IN -> "THROW_IN";
            case TAKE_ADDING -> "TAKE_ADDING";
            case DEAL_OVER -> "DEAL_OVER";
        };
    }

    static Variant variant(String text) {
        for (Variant v : Variant.values()) {
            if (variant(v).equals(text)) {
                return v;
            }
        }
        return null;
    }

    static ThrowIn throwIn(String text) {
        for (ThrowIn t : ThrowIn.values()) {
            if (throwIn(t).equals(text)) {
                return t;
            }
        }
        return null;
    }

    static FirstBoutLimit firstBoutLimit(String text) {
        for (FirstBoutLimit f : FirstBoutLimit.values()) {
            if (firstBoutLimit(f).equals(text)) {
                return f;
            }
        }
        return null;
    }

    static Phase phase(String text) {
        for (Phase p : Phase.values()) {
            if (phase(p).equals(text)) {
                return p;
            }
        }
        return null;
    }

    static BotLevel botLevel(String text) {
        for (BotLevel b : BotLevel.values()) {
            if (botLevel(b).equals(text)) {
                return b;
            }
        }
        return null;
    }
}
