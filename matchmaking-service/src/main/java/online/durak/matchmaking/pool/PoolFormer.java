package online.durak.matchmaking.pool;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import online.durak.engine.BotLevel;

/**
 * Which tables one pool's waiting tickets form now (docs/matchmaking.md). Pure: the tickets and the time come in,
 * the tables go out; the store and the locks are the caller's.
 *
 * <ul>
 *   <li>The oldest ticket comes first. For each number of players it accepts, from the largest, it looks for
 *       people accepting that number too, the nearest rating first, while the table's rating spread stays within
 *       every member's accepted gap: {@code gapInitial + gapPerSecond × seconds waited} (lichess's pools widen the
 *       same way). A full table of people forms at once.</li>
 *   <li>Once the oldest ticket has waited {@code fillAfter}, its table forms with the people found (the number of
 *       players that seats the most of them, the smallest on a tie) and bots in the other seats.</li>
 * </ul>
 */
public final class PoolFormer {
    private final Duration fillAfter;
    private final double gapInitial;
    private final double gapPerSecond;

    public PoolFormer(Duration fillAfter, double gapInitial, double gapPerSecond) {
        this.fillAfter = fillAfter;
        this.gapInitial = gapInitial;
        this.gapPerSecond = gapPerSecond;
    }

    /**
     * A table to form: {@code people} in seats 0, 1, ... (the oldest ticket in seat 0), bots in the others.
     */
    public record Formed(int players, List<Waiting> people) {
        public Formed {
            people = List.copyOf(people);
        }

        public int bots() {
            return players - people.size();
        }

        /** The spread of the people's ratings (max - min). */
        public double spread() {
            return people.stream().mapToDouble(Waiting::rating).max().orElse(0)
                    - people.stream().mapToDouble(Waiting::rating).min().orElse(0);
        }

        public double meanRating() {
            return people.stream().mapToDouble(Waiting::rating).average().orElse(0);
        }
    }

    /** The rating gap a ticket accepts after waiting so long. */
    public double acceptedGap(Waiting w, Instant now) {
        return gapInitial + gapPerSecond * w.waitedSeconds(now);
    }

    /** When bots fill the seats of a table around this ticket. */
    public Instant fillsAt(Waiting w) {
        return w.since().plus(fillAfter);
    }

    /** The tables {@code waiting} (one pool's tickets, in any order) form at {@code now}; each ticket at most once. */
    public List<Formed> form(List<Waiting> waiting, Instant now) {
        List<Waiting> byAge = new ArrayList<>(waiting);
        byAge.sort(Comparator.comparing(Waiting::since).thenComparing(Waiting::ticketId));
        Set<String> taken = new HashSet<>();
        List<Formed> tables = new ArrayList<>();
        for (Waiting anchor : byAge) {
            if (taken.contains(anchor.ticketId())) {
                continue;
            }
            Formed f = tableFor(anchor, byAge, taken, now);
            if (f != null) {
                f.people().forEach(p -> taken.add(p.ticketId()));
                tables.add(f);
            }
        }
        return tables;
    }

    /**
     * The people who would sit with {@code me} now (me first), for the largest number of players I accept that
     * gathers the most: what the waiting screen shows as found.
     */
    public List<Waiting> found(Waiting me, List<Waiting> waiting, Instant now) {
        List<Waiting> best = List.of(me);
        for (int n : me.sizes()) {
            List<Waiting> group = gather(me, n, waiting, Set.of(), now);
            if (group.size() > best.size()) {
                best = group;
            }
        }
        return best;
    }

    private Formed tableFor(Waiting anchor, List<Waiting> all, Set<String> taken, Instant now) {
        List<Integer> largestFirst = new ArrayList<>(anchor.sizes());
        largestFirst.sort(Comparator.reverseOrder());
        for (int n : largestFirst) {
            List<Waiting> group = gather(anchor, n, all, taken, now);
            if (group.size() == n) {
                return new Formed(n, group);
            }
        }
        if (now.isBefore(fillsAt(anchor))) {
            return null;
        }
        Formed best = null;
        for (int n : anchor.sizes()) { // ascending: the smallest table on a tie, the fewest bots
            List<Waiting> group = gather(anchor, n, all, taken, now);
            if (best == null || group.size() > best.people().size()) {
                best = new Formed(n, group);
            }
        }
        return best;
    }

    /** {@code anchor} and up to n - 1 others accepting n players, the nearest rating first, within every gap. */
    private List<Waiting> gather(Waiting anchor, int n, List<Waiting> all, Set<String> taken, Instant now) {
        List<Waiting> candidates = new ArrayList<>();
        for (Waiting w : all) {
            if (!w.ticketId().equals(anchor.ticketId()) && !taken.contains(w.ticketId())
                    && w.sizes().contains(n)) {
                candidates.add(w);
            }
        }
        candidates.sort(Comparator.comparingDouble((Waiting w) -> Math.abs(w.rating() - anchor.rating()))
                .thenComparing(Waiting::since));
        List<Waiting> group = new ArrayList<>(List.of(anchor));
        double min = anchor.rating();
        double max = anchor.rating();
        double gap = acceptedGap(anchor, now);
        for (Waiting c : candidates) {
            if (group.size() == n) {
                break;
            }
            double lo = Math.min(min, c.rating());
            double hi = Math.max(max, c.rating());
            double g = Math.min(gap, acceptedGap(c, now));
            if (hi - lo <= g) {
                group.add(c);
                min = lo;
                max = hi;
                gap = g;
            }
        }
        return group;
    }

    /** The bots' level for a table of people with this mean rating. */
    public static BotLevel botLevel(double meanRating, double easyBelow, double strongFrom) {
        if (meanRating < easyBelow) {
            return BotLevel.EASY;
        }
        return meanRating >= strongFrom ? BotLevel.STRONG : BotLevel.NORMAL;
    }
}
