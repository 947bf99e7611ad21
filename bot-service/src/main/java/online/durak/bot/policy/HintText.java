package online.durak.bot.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import online.durak.engine.Card;
import online.durak.engine.Determinization;
import online.durak.engine.Move;
import online.durak.engine.Phase;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.engine.Suit;

/** The English sentences of a hint ({@link StrongPolicy#analyse}), drawn from what the search found. */
final class HintText {
    private HintText() {
    }

    static String reason(Rules rules, SeatView view, StrongPolicy.Searched r) {
        Move best = r.best();
        Phase phase = view.phase();
        List<Analysis.Candidate> c = r.candidates();
        switch (r.kind()) {
            case ONLY_MOVE:
                return capitalize(gerund(best, phase)) + " is your only move.";
            case EXACT:
                return (exact(view, r) + " " + opponentHolds(rules, view)).trim();
            case HEURISTIC:
                return describe(best, phase) + ": the search saw no other sensible move here. " + context(rules, view);
            default:
                break;
        }
        Analysis.Candidate top = c.get(0);
        StringBuilder b = new StringBuilder(describe(best, phase));
        if (r.exactFailed()) {
            b.append(": every card is known, but the game is too big to search to the end in time, so each move"
                    + " was played out with the NORMAL heuristic");
            b.append(top.notDurakRate() >= 1 ? " and this one keeps you out of the durak seat"
                    : top.notDurakRate() > 0 ? " and this one gives the best result"
                    : " and this one leaves you the fewest cards (" + fmt(top.meanCardsLeftWhenDurak()) + ")");
            Analysis.Candidate worse = firstWorse(c);
            if (worse != null) {
                b.append(", ").append(gerund(worse.move(), phase)).append(worse.notDurakRate() < top.notDurakRate()
                        ? " does not" : " leaves you more cards");
            }
            return b.append(". ").append(opponentHolds(rules, view)).toString().trim();
        }
        b.append(": you stay out of the durak seat in ").append(pct(top.notDurakRate())).append(" of ")
                .append(top.samples()).append(" sampled deals");
        if (c.size() > 1) {
            Analysis.Candidate next = c.get(1);
            String other = gerund(next.move(), phase);
            long gap = Math.round(100 * top.notDurakRate()) - Math.round(100 * next.notDurakRate());
            if (gap > 0) {
                b.append("; ").append(other).append(gap >= 5 ? " does so in only " : " does so in ")
                        .append(pct(next.notDurakRate()));
            } else if (top.meanCardsLeftWhenDurak() + 0.05 < next.meanCardsLeftWhenDurak()) {
                b.append(", as often as ").append(other).append(", but when it goes wrong you keep fewer cards (")
                        .append(fmt(top.meanCardsLeftWhenDurak())).append(" against ")
                        .append(fmt(next.meanCardsLeftWhenDurak())).append(" on average)");
            } else {
                b.append("; ").append(other).append(" does about as well");
            }
        }
        b.append('.');
        String ctx = context(rules, view);
        return ctx.isEmpty() ? b.toString() : b.append(' ').append(ctx).toString();
    }

    private static String exact(SeatView view, StrongPolicy.Searched r) {
        Phase phase = view.phase();
        List<Analysis.Candidate> c = r.candidates();
        int[] v = r.exactValues();
        int bestValue = v[0];
        // the first move that is worse than the best, to say what the choice avoids
        String worse = null;
        int worseValue = bestValue;
        for (int i = 1; i < c.size(); i++) {
            if (v[i] < bestValue) {
                worseValue = v[i];
                worse = gerund(c.get(i).move(), phase);
                // prefer naming "taking" when taking is a mistake: it is the move people reach for
                for (int j = i; j < c.size(); j++) {
                    if (c.get(j).move() instanceof Move.Take && v[j] < bestValue) {
                        worse = gerund(c.get(j).move(), phase);
                        worseValue = v[j];
                    }
                }
                break;
            }
        }
        StringBuilder b = new StringBuilder(describe(r.best(), phase))
                .append(": every card is known, so the search was exact");
        if (bestValue == ExactSearch.WIN) {
            b.append(", and this wins whatever the opponent does");
            b.append(worse == null ? " (so would any move here)"
                    : "; " + worse + (worseValue == ExactSearch.DRAW ? " would only draw" : " would lose"));
        } else if (bestValue == ExactSearch.DRAW) {
            b.append(": with best play on both sides you both go out in the same bout, a draw");
            if (worse != null) {
                b.append("; ").append(worse).append(" would make you the durak");
            }
        } else {
            b.append(", and against best play every move makes you the durak; this one gives the opponent the"
                    + " most chances to go wrong");
            Analysis.Candidate top = c.get(0);
            if (top.meanCardsLeftWhenDurak() > 0) {
                b.append(" (played out, you would keep ").append(fmt(top.meanCardsLeftWhenDurak()))
                        .append(top.meanCardsLeftWhenDurak() == 1 ? " card)" : " cards)");
            }
        }
        return b.append('.').toString();
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
    private static String opponentHolds(Rules rules, SeatView view) {
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
        String who = view.handSizes().size() == 2 ? "Your opponent" : "The opponent (seat " + other + ")";
        return who + " holds " + cards(cards, view.trump()) + ".";
    }

    /**
     * Known cards in other hands (picked up or shown), and how many trumps are still unseen: one sentence, or
     * empty when there is nothing worth saying.
     */
    static String context(Rules rules, SeatView view) {
        List<String> parts = new ArrayList<>();
        for (var e : view.known().entrySet()) {
            int seat = e.getKey();
            if (seat == view.seat() || e.getValue().isEmpty()) {
                continue;
            }
            String who = view.handSizes().size() == 2 ? "your opponent" : "seat " + seat;
            parts.add(who + " is known to hold " + cards(e.getValue(), view.trump()));
        }
        long trumpMask = view.trump().mask() & rules.deck().cards().bits();
        long unseen = Determinization.unknownCards(rules, view).bits() & trumpMask;
        String suit = symbol(view.trump());
        if (view.trumpsInPlay() >= 0) {
            parts.add(Long.bitCount(unseen) + " of the " + view.trumpsInPlay() + " trumps (" + suit
                    + ") still in play " + (Long.bitCount(unseen) == 1 ? "is" : "are") + " unseen");
        } else {
            parts.add("the discard lies face down, so " + Long.bitCount(unseen) + " trumps (" + suit
                    + ") may be in other hands, the stock or the discard");
        }
        if (parts.isEmpty()) {
            return "";
        }
        return capitalize(String.join("; ", parts)) + ".";
    }

    /** The move as an instruction: "Cover 7♠ with 9♠". */
    static String describe(Move m, Phase phase) {
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

    /** The move as a subject: "taking", "covering 7♠ with 9♠". */
    static String gerund(Move m, Phase phase) {
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

    /** Rank and suit symbol: 10♦, Q♠. */
    static String card(Card c) {
        return c.rank().text() + symbol(c.suit());
    }

    static String symbol(Suit s) {
        return switch (s) {
            case C -> "♣";
            case D -> "♦";
            case H -> "♥";
            case S -> "♠";
        };
    }

    /** "7♠", "7♠ and 7♥", "6♣, 9♥ and K♠" (trumps last when a trump is given). */
    static String cards(List<Card> list, Suit trump) {
        List<Card> sorted = new ArrayList<>(list);
        sorted.sort((x, y) -> {
            int tx = trump != null && x.suit() == trump ? 1 : 0;
            int ty = trump != null && y.suit() == trump ? 1 : 0;
            return tx != ty ? tx - ty : x.rank() != y.rank() ? x.rank().compareTo(y.rank()) : x.compareTo(y);
        });
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < sorted.size(); i++) {
            if (i > 0) {
                b.append(i == sorted.size() - 1 ? " and " : ", ");
            }
            b.append(card(sorted.get(i)));
        }
        return b.toString();
    }

    private static String pct(double rate) {
        return Math.round(100 * rate) + "%";
    }

    private static String fmt(double x) {
        return x == Math.rint(x) ? Long.toString(Math.round(x)) : String.format(Locale.ROOT, "%.1f", x);
    }

    private static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
