package online.durak.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The match as a Decider: deals one after another, totals, places, who deals and who opens (rules.md §3, §6). */
public final class MatchDecider {
    private MatchDecider() {
    }

    public static MatchState initialState(Rules rules) {
        return new MatchState(rules, 0, -1, -1, null, List.of(), Collections.nCopies(rules.players(), 0), null);
    }

    public static boolean isTerminal(MatchState m) {
        return m.isOver();
    }

    public static Decision<MatchState> decide(MatchState m, Command command) {
        if (m.isOver()) {
            return Decision.reject(Rejection.MATCH_OVER, "the match is over");
        }
        if (command instanceof Command.StartDeal start) {
            if (m.dealRunning()) {
                return Decision.reject(Rejection.DEAL_RUNNING, "a deal is still being played");
            }
            int number = m.dealNumber() + 1;
            // the daily game's shuffles come from its date and the daily secret, whatever seed came (rules.md §3)
            Shuffle shuffle = start.shuffle();
            Event e = DealDecider.deal(m.rules(), shuffle.seedFor(m.rules(), number), shuffle.salt(), number,
                    nextDealer(m), nextAttacker(m));
            return new Decision.Accepted<>(List.of(e), evolve(m, e));
        }
        Command.Play play = (Command.Play) command;
        if (!m.dealRunning()) {
            return Decision.reject(Rejection.DEAL_NOT_RUNNING, "no deal is being played");
        }
        Decision<DealState> d = DealDecider.decide(m.deal(), play.seat(), play.move());
        if (d instanceof Decision.Rejected<DealState> r) {
            return new Decision.Rejected<>(r.rejection());
        }
        Decision.Accepted<DealState> a = (Decision.Accepted<DealState>) d;
        List<Event> events = new ArrayList<>(a.events());
        MatchState next = withDeal(m, a.state(), a.events());
        if (a.state().isOver() && next.dealNumber() >= m.rules().dealsPerMatch()) {
            Event end = new Event.MatchEnded(next.totals(), places(next.totals()));
            events.add(end);
            next = evolve(next, end);
        }
        return new Decision.Accepted<>(events, next);
    }

    /**
     * The match ends before its last deal because nobody is left to play it (the one person of a solo match left):
     * the totals so far and their places, as at a regular end. The running deal, if any, stays unfinished.
     */
    public static Event.MatchEnded endEarly(MatchState m) {
        if (m.isOver()) {
            throw new IllegalStateException("the match is over already");
        }
        return new Event.MatchEnded(m.totals(), places(m.totals()));
    }

    /** The first deal is dealt by seat 0; later the previous durak deals, after a draw the previous dealer's left. */
    static int nextDealer(MatchState m) {
        if (m.dealNumber() == 0) {
            return 0;
        }
        if (m.previousDurak() >= 0) {
            return m.previousDurak();
        }
        return (m.dealer() + 1) % m.rules().players();
    }

    /** -1 when the lowest trump decides (first deal, after a draw, team play); else right of the durak. */
    static int nextAttacker(MatchState m) {
        if (m.dealNumber() == 0 || m.previousDurak() < 0 || m.rules().teams()) {
            return -1;
        }
        int n = m.rules().players();
        return (m.previousDurak() - 1 + n) % n;
    }

    static List<Integer> places(List<Integer> totals) {
        List<Integer> places = new ArrayList<>(totals.size());
        for (int t : totals) {
            int better = 0;
            for (int o : totals) {
                if (o > t) {
                    better++;
                }
            }
            places.add(1 + better);
        }
        return places;
    }

    public static MatchState evolve(MatchState m, Event event) {
        if (event instanceof Event.MatchStarted e) {
            return initialState(e.rules());
        }
        if (event instanceof Event.DealStarted e) {
            DealState deal = DealDecider.start(m.rules(), e);
            return new MatchState(m.rules(), e.deal(), e.dealer(), m.previousDurak(), deal, m.dealPoints(),
                    m.totals(), null);
        }
        if (event instanceof Event.MatchEnded e) {
            return new MatchState(m.rules(), m.dealNumber(), m.dealer(), m.previousDurak(), m.deal(),
                    m.dealPoints(), e.totals(), e.places());
        }
        if (event instanceof Event.DealEvent e) {
            return withDeal(m, DealDecider.evolve(m.deal(), e), List.of(event));
        }
        throw new IllegalArgumentException("not an event of the match: " + event.type());
    }

    private static MatchState withDeal(MatchState m, DealState deal, List<Event> events) {
        for (Event e : events) {
            if (e instanceof Event.DealEnded end) {
                List<List<Integer>> dealPoints = new ArrayList<>(m.dealPoints());
                dealPoints.add(end.points());
                List<Integer> totals = new ArrayList<>(m.totals());
                for (int i = 0; i < totals.size(); i++) {
                    totals.set(i, totals.get(i) + end.points().get(i));
                }
                return new MatchState(m.rules(), m.dealNumber(), m.dealer(), end.durak(), deal, dealPoints, totals,
                        null);
            }
        }
        return new MatchState(m.rules(), m.dealNumber(), m.dealer(), m.previousDurak(), deal, m.dealPoints(),
                m.totals(), null);
    }
}
