package online.durak.bot.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import online.durak.engine.Card;
import online.durak.engine.Determinization;
import online.durak.engine.Move;
import online.durak.engine.Phase;
import online.durak.engine.Rank;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.engine.Suit;

/**
 * The sentences of a hint ({@link StrongPolicy#analyse}), drawn from what the search found, in English and German
 * ({@link Lang}): what to play, how often it keeps the seat out of the durak seat, how sure the search is (moves
 * within the sampling error of the best are "about equal here"), and what is known of the other hands, the other
 * seats called by their names.
 */
public final class HintText {
    private HintText() {
    }

    /** The names of the seats, by seat, as the table shows them; a missing one is "seat N". */
    public record Names(List<String> bySeat) {
        public static final Names NONE = new Names(List.of());

        public Names {
            bySeat = bySeat == null ? List.of() : java.util.Collections.unmodifiableList(new ArrayList<>(bySeat));
        }

        String of(int seat) {
            String n = seat < bySeat.size() ? bySeat.get(seat) : null;
            return n == null || n.isBlank() ? null : n;
        }
    }

    static Words reason(Rules rules, SeatView view, StrongPolicy.Searched r, Names names) {
        return new Words(reason(Lang.EN, rules, view, r, names), reason(Lang.DE, rules, view, r, names));
    }

    private static String reason(Lang l, Rules rules, SeatView view, StrongPolicy.Searched r, Names names) {
        Move best = r.best();
        Phase phase = view.phase();
        List<Analysis.Candidate> c = r.candidates();
        switch (r.kind()) {
            case ONLY_MOVE:
                return l.onlyMove(best, phase);
            case EXACT:
                return (exact(l, view, r) + " " + opponentHolds(l, rules, view, names)).trim();
            case HEURISTIC:
                return (l.describe(best, phase) + l.noOtherMove() + " " + context(l, rules, view, names)).trim();
            default:
                break;
        }
        Analysis.Candidate top = c.get(0);
        if (r.exactFailed()) {
            Analysis.Candidate worse = firstWorse(c);
            return (l.describe(best, phase) + l.tooBig(top, worse == null ? null : worse.move(), worse, phase) + " "
                    + opponentHolds(l, rules, view, names)).trim();
        }
        List<Move> equal = new ArrayList<>();
        for (Analysis.Candidate x : c) {
            if (x.equalToBest()) {
                equal.add(x.move());
            }
        }
        StringBuilder b = new StringBuilder();
        if (equal.size() > 1) {
            b.append(l.aboutEqual(equal, phase, c, r.samples()));
        } else {
            b.append(l.describe(best, phase)).append(l.staysOut(top));
            if (c.size() > 1) {
                b.append(l.comparedWith(top, c.get(1), phase));
            }
            b.append('.');
        }
        String ctx = context(l, rules, view, names);
        return ctx.isEmpty() ? b.toString() : b.append(' ').append(ctx).toString();
    }

    private static String exact(Lang l, SeatView view, StrongPolicy.Searched r) {
        Phase phase = view.phase();
        List<Analysis.Candidate> c = r.candidates();
        int[] v = r.exactValues();
        int bestValue = v[0];
        // the first move that is worse than the best, to say what the choice avoids
        Move worse = null;
        int worseValue = bestValue;
        for (int i = 1; i < c.size(); i++) {
            if (v[i] < bestValue) {
                worseValue = v[i];
                worse = c.get(i).move();
                // prefer naming "taking" when taking is a mistake: it is the move people reach for
                for (int j = i; j < c.size(); j++) {
                    if (c.get(j).move() instanceof Move.Take && v[j] < bestValue) {
                        worse = c.get(j).move();
                        worseValue = v[j];
                    }
                }
                break;
            }
        }
        return l.describe(r.best(), phase) + l.exact(bestValue, worse, worseValue, phase,
                c.get(0).meanCardsLeftWhenDurak()) + ".";
    }

    private static Analysis.Candidate firstWorse(List<Analysis.Candidate> c) {
        Analysis.Candidate top = c.get(0);
        for (int i = 1; i < c.size(); i++) {
            Analysis.Candidate x = c.get(i);
            if (x.notDurakRate() < top.notDurakRate() || x.meanCardsLeftWhenDurak() > top.meanCardsLeftWhenDurak()) {
                return x;
            }
        }
        return null;
    }

    /** When every card is known: what the opponent holds. */
    private static String opponentHolds(Lang l, Rules rules, SeatView view, Names names) {
        int others = 0;
        int other = -1;
        for (int i = 0; i < view.handSizes().size(); i++) {
            if (i != view.seat() && view.handSizes().get(i) > 0) {
                others++;
                other = i;
            }
        }
        if (others != 1) {
            return "";
        }
        List<Card> cards = new ArrayList<>(view.known().getOrDefault(other, List.of()));
        cards.addAll(Determinization.unknownCards(rules, view).cards());
        cards.sort(null);
        return l.holds(capitalize(l.who(view, other, names)), l.cards(cards, view.trump())) + ".";
    }

    /**
     * Known cards in other hands (picked up or shown), and how many trumps are still unseen: one sentence, or
     * empty when there is nothing worth saying.
     */
    private static String context(Lang l, Rules rules, SeatView view, Names names) {
        List<String> parts = new ArrayList<>();
        for (var e : view.known().entrySet()) {
            int seat = e.getKey();
            if (seat == view.seat() || e.getValue().isEmpty()) {
                continue;
            }
            parts.add(l.knownToHold(l.who(view, seat, names), l.cards(e.getValue(), view.trump())));
        }
        long trumpMask = view.trump().mask() & rules.deck().cards().bits();
        int unseen = Long.bitCount(Determinization.unknownCards(rules, view).bits() & trumpMask);
        parts.add(view.trumpsInPlay() >= 0 ? l.unseenTrumps(unseen, view.trumpsInPlay(), symbol(view.trump()))
                : l.hiddenDiscard(unseen, symbol(view.trump())));
        return capitalize(String.join("; ", parts)) + ".";
    }

    static String symbol(Suit s) {
        return switch (s) {
            case C -> "♣";
            case D -> "♦";
            case H -> "♥";
            case S -> "♠";
        };
    }

    /** The move as an instruction: "Cover 7♠ with 9♠". */
    static String describe(Move m, Phase phase) {
        return Lang.EN.describe(m, phase);
    }

    /** The first letter in upper case. */
    public static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    static String pct(double rate) {
        return Long.toString(Math.round(100 * rate));
    }

    static String fmt(double x) {
        return x == Math.rint(x) ? Long.toString(Math.round(x)) : String.format(Locale.ROOT, "%.1f", x);
    }

    /** The phrases of one language; every sentence of a hint (and of a match's analysis) is made of them. */
    public enum Lang {
        EN {
            @Override
            String rank(Rank r) {
                return r.text();
            }

            @Override
            public String describe(Move m, Phase phase) {
                if (m instanceof Move.Attack a) {
                    return "Attack with " + cards(a.cards(), null);
                } else if (m instanceof Move.Cover c) {
                    return "Cover " + card(c.attack()) + " with " + card(c.card());
                } else if (m instanceof Move.Transfer t) {
                    return "Pass the attack on with " + card(t.card());
                } else if (m instanceof Move.ShowTrump t) {
                    return "Show the trump " + card(t.trump()) + " to pass the attack on";
                } else if (m instanceof Move.Take) {
                    return "Take";
                } else if (m instanceof Move.Throw t) {
                    return (phase == Phase.TAKE_ADDING ? "Give along " : "Throw in ") + cards(t.cards(), null);
                }
                return phase == Phase.TAKE_ADDING ? "Add nothing" : "Pass";
            }

            @Override
            public String gerund(Move m, Phase phase) {
                if (m instanceof Move.Attack a) {
                    return "attacking with " + cards(a.cards(), null);
                } else if (m instanceof Move.Cover c) {
                    return "covering " + card(c.attack()) + " with " + card(c.card());
                } else if (m instanceof Move.Transfer t) {
                    return "passing the attack on with " + card(t.card());
                } else if (m instanceof Move.ShowTrump t) {
                    return "showing the trump " + card(t.trump());
                } else if (m instanceof Move.Take) {
                    return "taking";
                } else if (m instanceof Move.Throw t) {
                    return (phase == Phase.TAKE_ADDING ? "giving along " : "throwing in ") + cards(t.cards(), null);
                }
                return phase == Phase.TAKE_ADDING ? "adding nothing" : "passing";
            }

            @Override
            String and() {
                return " and ";
            }

            @Override
            String or() {
                return " or ";
            }

            @Override
            String onlyMove(Move m, Phase phase) {
                return capitalize(gerund(m, phase)) + " is your only move.";
            }

            @Override
            String noOtherMove() {
                return ": the search saw no other sensible move here.";
            }

            @Override
            String tooBig(Analysis.Candidate top, Move worse, Analysis.Candidate w, Phase phase) {
                StringBuilder b = new StringBuilder(": every card is known, but the game is too big to search to the"
                        + " end in time, so each move was played out with the NORMAL heuristic");
                b.append(top.notDurakRate() >= 1 ? " and this one keeps you out of the durak seat"
                        : top.notDurakRate() > 0 ? " and this one gives the best result"
                        : " and this one leaves you the fewest cards (" + fmt(top.meanCardsLeftWhenDurak()) + ")");
                if (worse != null) {
                    b.append(", ").append(gerund(worse, phase)).append(w.notDurakRate() < top.notDurakRate()
                            ? " does not" : " leaves you more cards");
                }
                return b.append('.').toString();
            }

            @Override
            String exact(int best, Move worse, int worseValue, Phase phase, double cardsLeft) {
                StringBuilder b = new StringBuilder(": every card is known, so the search was exact");
                if (best == ExactSearch.WIN) {
                    b.append(", and this wins whatever the opponent does");
                    b.append(worse == null ? " (so would any move here)" : "; " + gerund(worse, phase)
                            + (worseValue == ExactSearch.DRAW ? " would only draw" : " would lose"));
                } else if (best == ExactSearch.DRAW) {
                    b.append(": with best play on both sides you both go out in the same bout, a draw");
                    if (worse != null) {
                        b.append("; ").append(gerund(worse, phase)).append(" would make you the durak");
                    }
                } else {
                    b.append(", and against best play every move makes you the durak; this one gives the opponent"
                            + " the most chances to go wrong");
                    if (cardsLeft > 0) {
                        b.append(" (played out, you would keep ").append(fmt(cardsLeft))
                                .append(cardsLeft == 1 ? " card)" : " cards)");
                    }
                }
                return b.toString();
            }

            @Override
            String staysOut(Analysis.Candidate top) {
                return ": you stay out of the durak seat in " + pct(top.notDurakRate()) + "% of " + top.samples()
                        + " sampled deals";
            }

            @Override
            String comparedWith(Analysis.Candidate top, Analysis.Candidate next, Phase phase) {
                String other = gerund(next.move(), phase);
                long gap = Math.round(100 * top.notDurakRate()) - Math.round(100 * next.notDurakRate());
                if (gap > 0) {
                    return "; " + other + (gap >= 5 ? " does so in only " : " does so in ")
                            + pct(next.notDurakRate()) + "%, clearly worse";
                } else if (top.meanCardsLeftWhenDurak() + 0.05 < next.meanCardsLeftWhenDurak()) {
                    return ", as often as " + other + ", but when it goes wrong you keep fewer cards ("
                            + fmt(top.meanCardsLeftWhenDurak()) + " against " + fmt(next.meanCardsLeftWhenDurak())
                            + " on average)";
                }
                return ", as often as " + other + ", but it wins outright more often (fewer draws)";
            }

            @Override
            String aboutEqual(List<Move> moves, Phase phase, List<Analysis.Candidate> c, int samples) {
                List<String> rates = new ArrayList<>();
                for (Analysis.Candidate x : c) {
                    if (x.equalToBest()) {
                        rates.add(pct(x.notDurakRate()) + "%");
                    }
                }
                return list(moves.stream().map(m -> describe(m, phase)).toList(), this::lower, or())
                        + ": about equal here. They keep you out of the durak seat in " + list(rates, s -> s, and())
                        + " of " + samples + " sampled deals; the difference is within the sampling error.";
            }

            @Override
            String who(SeatView view, int seat, Names names) {
                String n = names.of(seat);
                if (n != null) {
                    return n;
                }
                return view.handSizes().size() == 2 ? "your opponent" : "seat " + seat;
            }

            @Override
            String holds(String who, String cards) {
                return who + " holds " + cards;
            }

            @Override
            String knownToHold(String who, String cards) {
                return who + " is known to hold " + cards;
            }

            @Override
            String unseenTrumps(int unseen, int inPlay, String suit) {
                return unseen + " of the " + inPlay + " trumps (" + suit + ") still in play "
                        + (unseen == 1 ? "is" : "are") + " unseen";
            }

            @Override
            String hiddenDiscard(int unseen, String suit) {
                return "the discard lies face down, so " + unseen + " trumps (" + suit
                        + ") may be in other hands, the stock or the discard";
            }
        },
        DE {
            @Override
            String rank(Rank r) {
                return switch (r) {
                    case JACK -> "B";
                    case QUEEN -> "D";
                    default -> r.text();
                };
            }

            @Override
            public String describe(Move m, Phase phase) {
                if (m instanceof Move.Attack a) {
                    return "Mit " + cards(a.cards(), null) + " angreifen";
                } else if (m instanceof Move.Cover c) {
                    return card(c.attack()) + " mit " + card(c.card()) + " stechen";
                } else if (m instanceof Move.Transfer t) {
                    return "Mit " + card(t.card()) + " weiterschieben";
                } else if (m instanceof Move.ShowTrump t) {
                    return "Den Trumpf " + card(t.trump()) + " zeigen und weiterschieben";
                } else if (m instanceof Move.Take) {
                    return "Aufnehmen";
                } else if (m instanceof Move.Throw t) {
                    return cards(t.cards(), null) + (phase == Phase.TAKE_ADDING ? " mitgeben" : " zuwerfen");
                }
                return phase == Phase.TAKE_ADDING ? "Nichts mehr mitgeben" : "Passen";
            }

            @Override
            public String gerund(Move m, Phase phase) {
                if (m instanceof Move.Attack a) {
                    return "Angreifen mit " + cards(a.cards(), null);
                } else if (m instanceof Move.Cover c) {
                    return "Stechen von " + card(c.attack()) + " mit " + card(c.card());
                } else if (m instanceof Move.Transfer t) {
                    return "Weiterschieben mit " + card(t.card());
                } else if (m instanceof Move.ShowTrump t) {
                    return "Zeigen des Trumpfs " + card(t.trump());
                } else if (m instanceof Move.Take) {
                    return "Aufnehmen";
                } else if (m instanceof Move.Throw t) {
                    return (phase == Phase.TAKE_ADDING ? "Mitgeben von " : "Zuwerfen von ") + cards(t.cards(), null);
                }
                return phase == Phase.TAKE_ADDING ? "Nichts mehr mitgeben" : "Passen";
            }

            @Override
            String and() {
                return " und ";
            }

            @Override
            String or() {
                return " oder ";
            }

            @Override
            String onlyMove(Move m, Phase phase) {
                return "Dein einziger Zug: " + describe(m, phase) + ".";
            }

            @Override
            String noOtherMove() {
                return ": die Suche sah hier keinen anderen sinnvollen Zug.";
            }

            @Override
            String tooBig(Analysis.Candidate top, Move worse, Analysis.Candidate w, Phase phase) {
                StringBuilder b = new StringBuilder(": alle Karten sind bekannt, aber das Spiel ist zu groß, um es"
                        + " rechtzeitig bis zum Ende zu durchsuchen; jeder Zug wurde mit der NORMAL-Heuristik"
                        + " ausgespielt");
                b.append(top.notDurakRate() >= 1 ? ", und dieser hält dich aus der Durak-Rolle"
                        : top.notDurakRate() > 0 ? ", und dieser bringt das beste Ergebnis"
                        : ", und dieser lässt dir die wenigsten Karten (" + fmt(top.meanCardsLeftWhenDurak()) + ")");
                if (worse != null) {
                    b.append("; ").append(gerund(worse, phase)).append(w.notDurakRate() < top.notDurakRate()
                            ? " schafft das nicht" : " lässt dir mehr Karten");
                }
                return b.append('.').toString();
            }

            @Override
            String exact(int best, Move worse, int worseValue, Phase phase, double cardsLeft) {
                StringBuilder b = new StringBuilder(": alle Karten sind bekannt, die Suche war also exakt");
                if (best == ExactSearch.WIN) {
                    b.append(", und damit gewinnst du, was der Gegner auch tut");
                    b.append(worse == null ? " (das täte hier jeder Zug)" : "; " + gerund(worse, phase)
                            + (worseValue == ExactSearch.DRAW ? " brächte nur ein Unentschieden" : " würde verlieren"));
                } else if (best == ExactSearch.DRAW) {
                    b.append(": bei bestem Spiel beider Seiten geht ihr im selben Angriff beide hinaus, ein"
                            + " Unentschieden");
                    if (worse != null) {
                        b.append("; ").append(gerund(worse, phase)).append(" würde dich zum Durak machen");
                    }
                } else {
                    b.append(", und gegen bestes Spiel macht dich jeder Zug zum Durak; dieser gibt dem Gegner die"
                            + " meisten Gelegenheiten, sich zu irren");
                    if (cardsLeft > 0) {
                        b.append(" (ausgespielt behieltest du ").append(fmt(cardsLeft))
                                .append(cardsLeft == 1 ? " Karte)" : " Karten)");
                    }
                }
                return b.toString();
            }

            @Override
            String staysOut(Analysis.Candidate top) {
                return ": so bist du in " + pct(top.notDurakRate()) + " % von " + top.samples()
                        + " gezogenen Verteilungen nicht der Durak";
            }

            @Override
            String comparedWith(Analysis.Candidate top, Analysis.Candidate next, Phase phase) {
                String other = gerund(next.move(), phase);
                long gap = Math.round(100 * top.notDurakRate()) - Math.round(100 * next.notDurakRate());
                if (gap > 0) {
                    return "; " + other + (gap >= 5 ? " schafft das nur in " : " schafft das in ")
                            + pct(next.notDurakRate()) + " %, deutlich schlechter";
                } else if (top.meanCardsLeftWhenDurak() + 0.05 < next.meanCardsLeftWhenDurak()) {
                    return ", so oft wie " + other + ", aber wenn es schiefgeht, behältst du weniger Karten ("
                            + fmt(top.meanCardsLeftWhenDurak()).replace('.', ',') + " gegen "
                            + fmt(next.meanCardsLeftWhenDurak()).replace('.', ',') + " im Mittel)";
                }
                return ", so oft wie " + other + ", aber du gewinnst öfter ganz (weniger Unentschieden)";
            }

            @Override
            String aboutEqual(List<Move> moves, Phase phase, List<Analysis.Candidate> c, int samples) {
                List<String> rates = new ArrayList<>();
                for (Analysis.Candidate x : c) {
                    if (x.equalToBest()) {
                        rates.add(pct(x.notDurakRate()) + " %");
                    }
                }
                return list(moves.stream().map(m -> describe(m, phase)).toList(), this::lower, or())
                        + ": hier etwa gleich gut. Damit bist du in " + list(rates, s -> s, and()) + " von " + samples
                        + " gezogenen Verteilungen nicht der Durak; der Unterschied liegt im Rahmen des Zufallsfehlers.";
            }

            @Override
            String who(SeatView view, int seat, Names names) {
                String n = names.of(seat);
                if (n != null) {
                    return n;
                }
                return view.handSizes().size() == 2 ? "dein Gegner" : "Platz " + seat;
            }

            @Override
            String holds(String who, String cards) {
                return who + " hat " + cards;
            }

            @Override
            String knownToHold(String who, String cards) {
                return who + " hat bekanntlich " + cards;
            }

            @Override
            String unseenTrumps(int unseen, int inPlay, String suit) {
                return unseen + " der " + inPlay + " Trümpfe (" + suit + ") im Spiel " + (unseen == 1 ? "ist" : "sind")
                        + " noch nicht aufgetaucht";
            }

            @Override
            String hiddenDiscard(int unseen, String suit) {
                return "die Ablage liegt verdeckt, also können " + unseen + " Trümpfe (" + suit
                        + ") in anderen Händen, im Stapel oder in der Ablage sein";
            }
        };

        abstract String rank(Rank r);

        /** The move as an instruction: "Cover 7♠ with 9♠", "7♠ mit 9♠ stechen". */
        public abstract String describe(Move m, Phase phase);

        /** The move as a subject: "covering 7♠ with 9♠", "Stechen von 7♠ mit 9♠". */
        public abstract String gerund(Move m, Phase phase);

        abstract String and();

        abstract String or();

        abstract String onlyMove(Move m, Phase phase);

        abstract String noOtherMove();

        abstract String tooBig(Analysis.Candidate top, Move worse, Analysis.Candidate w, Phase phase);

        abstract String exact(int best, Move worse, int worseValue, Phase phase, double cardsLeft);

        abstract String staysOut(Analysis.Candidate top);

        abstract String comparedWith(Analysis.Candidate top, Analysis.Candidate next, Phase phase);

        abstract String aboutEqual(List<Move> moves, Phase phase, List<Analysis.Candidate> c, int samples);

        /** Another seat: its name, else "your opponent" (two players) or "seat N". */
        abstract String who(SeatView view, int seat, Names names);

        abstract String holds(String who, String cards);

        abstract String knownToHold(String who, String cards);

        abstract String unseenTrumps(int unseen, int inPlay, String suit);

        abstract String hiddenDiscard(int unseen, String suit);

        /** Rank and suit symbol: 10♦, Q♠ (German D♠). */
        public String card(Card c) {
            return rank(c.rank()) + symbol(c.suit());
        }

        /** "7♠", "7♠ and 7♥", "6♣, 9♥ and K♠" (trumps last when a trump is given). */
        public String cards(List<Card> list, Suit trump) {
            List<Card> sorted = new ArrayList<>(list);
            sorted.sort((x, y) -> {
                int tx = trump != null && x.suit() == trump ? 1 : 0;
                int ty = trump != null && y.suit() == trump ? 1 : 0;
                return tx != ty ? tx - ty : x.rank() != y.rank() ? x.rank().compareTo(y.rank()) : x.compareTo(y);
            });
            return list(sorted.stream().map(this::card).toList(), s -> s, and());
        }

        /** A sentence's later parts start in lower case in English; German nouns keep their capitals. */
        String lower(String s) {
            return this == EN && !s.isEmpty() ? Character.toLowerCase(s.charAt(0)) + s.substring(1) : s;
        }

        /** "a", "a and b", "a, b and c": the first item as it is, the rest through {@code later}. */
        static String list(List<String> items, Function<String, String> later, String last) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < items.size(); i++) {
                if (i > 0) {
                    b.append(i == items.size() - 1 ? last : ", ");
                }
                b.append(i == 0 ? items.get(i) : later.apply(items.get(i)));
            }
            return b.toString();
        }
    }
}
