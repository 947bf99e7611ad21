package online.durak.engine;

import java.util.List;

/**
 * Daily points (rules.md §7): ten times the seat's deal points, plus, in each deal where the seat is not the durak,
 * as many points as the durak still holds cards at the deal's end (nothing after a draw: there is no durak). The one
 * place that says so: the final board of a daily table and the daily list both ask here.
 */
public final class DailyPoints {
    public static final int PER_DEAL_POINT = 10;

    private DailyPoints() {
    }

    /** The seat's daily points of one finished deal. */
    public static int ofDeal(int seat, Event.DealEnded end) {
        int bonus = end.durak() >= 0 && end.durak() != seat ? end.durakCards().size() : 0;
        return PER_DEAL_POINT * end.points().get(seat) + bonus;
    }

    /**
     * The seat's daily points of the deals that finished, in any order; a deal that never finished (an abandoned
     * attempt, docs/daily.md) is not among them and so counts as a loss: 0.
     */
    public static int of(int seat, List<Event.DealEnded> deals) {
        int sum = 0;
        for (Event.DealEnded d : deals) {
            sum += ofDeal(seat, d);
        }
        return sum;
    }
}
