package online.durak.bot.analysis;

import online.durak.bot.policy.Analysis;
import online.durak.bot.policy.HintText;
import online.durak.bot.policy.HintText.Lang;
import online.durak.bot.policy.Words;
import online.durak.engine.Phase;

/** Why a decision got its verdict, in English and German, from the moves' results as the search found them. */
final class AnalysisText {
    private AnalysisText() {
    }

    static Words reason(Phase phase, Verdict verdict, Analysis.Candidate played, Analysis.Candidate best) {
        return new Words(en(phase, verdict, played, best), de(phase, verdict, played, best));
    }

    private static String en(Phase phase, Verdict v, Analysis.Candidate p, Analysis.Candidate b) {
        Lang l = Lang.EN;
        String playedIt = l.gerund(p.move(), phase);
        String bestIt = l.gerund(b.move(), phase);
        if (p.move().equals(b.move())) {
            return l.describe(p.move(), phase) + ": the best move here" + (p.exact()
                    ? " (every card was known: " + exactEn(p, false) + ")."
                    : " (it avoids being the durak in " + pct(p) + "% of " + p.samples() + " sampled deals).");
        }
        if (v == Verdict.GOOD) {
            if (p.exact()) {
                return l.describe(p.move(), phase) + ": as good as " + bestIt + " (every card was known: both "
                        + exactEn(p, true) + ").";
            }
            return l.describe(p.move(), phase) + (p.equalToBest() ? ": as good as " : ": nearly as good as ") + bestIt
                    + " (" + pct(p) + "% and " + pct(b) + "% without being the durak in " + b.samples()
                    + " sampled deals" + (p.equalToBest() ? "; the difference is within the sampling error)." : ").");
        }
        String what = switch (v) {
            case INACCURACY -> " was an inaccuracy: ";
            case MISTAKE -> " was a mistake: ";
            default -> " was a blunder: ";
        };
        if (p.exact()) {
            return HintText.capitalize(playedIt) + what + "every card was known; " + bestIt + " " + exactEn(b, false)
                    + ", " + playedIt + " " + exactEn(p, false) + ".";
        }
        return HintText.capitalize(playedIt) + what + bestIt + " avoids being the durak in " + pct(b) + "% of "
                + b.samples() + " sampled deals, " + playedIt + " in " + pct(p) + "%" + (pct(b).equals(pct(p))
                ? ", but it wins outright less often or keeps more cards" : "") + ".";
    }

    private static String de(Phase phase, Verdict v, Analysis.Candidate p, Analysis.Candidate b) {
        Lang l = Lang.DE;
        String playedIt = l.gerund(p.move(), phase);
        String bestIt = l.gerund(b.move(), phase);
        if (p.move().equals(b.move())) {
            return l.describe(p.move(), phase) + ": der beste Zug hier" + (p.exact()
                    ? " (alle Karten waren bekannt: " + exactDe(p, false) + ")."
                    : " (in " + pct(p) + " % von " + p.samples() + " gezogenen Verteilungen nicht der Durak).");
        }
        if (v == Verdict.GOOD) {
            if (p.exact()) {
                return l.describe(p.move(), phase) + ": so gut wie " + bestIt + " (alle Karten waren bekannt: beide "
                        + exactDe(p, true) + ").";
            }
            return l.describe(p.move(), phase) + (p.equalToBest() ? ": so gut wie " : ": fast so gut wie ") + bestIt
                    + " (in " + pct(p) + " % und " + pct(b) + " % von " + b.samples()
                    + " gezogenen Verteilungen nicht der Durak" + (p.equalToBest()
                    ? "; der Unterschied liegt im Rahmen des Zufallsfehlers)." : ").");
        }
        String what = switch (v) {
            case INACCURACY -> " war eine Ungenauigkeit: ";
            case MISTAKE -> " war ein Fehler: ";
            default -> " war ein grober Fehler: ";
        };
        if (p.exact()) {
            return playedIt + what + "alle Karten waren bekannt; " + bestIt + " " + exactDe(b, false) + ", " + playedIt + " "
                    + exactDe(p, false) + ".";
        }
        return playedIt + what + bestIt + " vermeidet in " + pct(b) + " % von " + b.samples()
                + " gezogenen Verteilungen den Durak, " + playedIt + " nur in " + pct(p) + " %" + (pct(b).equals(pct(p))
                ? ", gewinnt aber seltener ganz oder behält mehr Karten" : "") + ".";
    }

    /** An exact candidate's value against best play as a verb phrase, of one move or of two ({@code both}). */
    private static String exactEn(Analysis.Candidate c, boolean both) {
        return c.expected() >= 1 ? (both ? "win" : "wins") + " against any defence"
                : c.expected() > 0 ? (both ? "draw" : "draws") + " with best play"
                : (both ? "lose" : "loses") + " against best play";
    }

    private static String exactDe(Analysis.Candidate c, boolean both) {
        return c.expected() >= 1 ? (both ? "gewinnen" : "gewinnt") + " gegen jede Verteidigung"
                : c.expected() > 0 ? (both ? "bringen" : "bringt") + " bei bestem Spiel ein Unentschieden"
                : (both ? "verlieren" : "verliert") + " bei bestem Spiel";
    }

    private static String pct(Analysis.Candidate c) {
        return Long.toString(Math.round(100 * c.notDurakRate()));
    }
}
