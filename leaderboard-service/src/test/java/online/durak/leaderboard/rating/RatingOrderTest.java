package online.durak.leaderboard.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import online.durak.leaderboard.rating.RatingOrder.RatedMatch;
import online.durak.leaderboard.rating.Skill.Rating;
import online.durak.leaderboard.rating.Skill.Seat;
import org.junit.jupiter.api.Test;

/**
 * Inserting matches in any order gives exactly the ratings of inserting them in their order: the store's part
 * (lb_rated, lb_ratings) is played here by a list and a map.
 */
class RatingOrderTest {
    private static final List<String> PEOPLE = List.of("a", "b", "c", "d", "e", "f");

    /** A random match of 2 to 4 seats, people and bots, ranks by random places (ties possible). */
    private static List<Seat> match(Random r) {
        int n = 2 + r.nextInt(3);
        List<String> pool = new ArrayList<>(PEOPLE);
        java.util.Collections.shuffle(pool, r);
        List<Seat> seats = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            String rater = r.nextInt(3) == 0 ? Skill.bot(r.nextBoolean() ? "EASY" : "STRONG") : pool.get(s);
            seats.add(new Seat(s, rater, s, 1 + r.nextInt(n)));
        }
        return seats;
    }

    /** The store: matches in order, and the current ratings. */
    private static final class Store {
        final List<RatedMatch> rated = new ArrayList<>(); // in order by index key
        final List<Integer> keys = new ArrayList<>();
        final Map<String, Rating> ratings = new HashMap<>();

        void apply(int key, List<Seat> seats) {
            int at = 0;
            while (at < keys.size() && keys.get(at) < key) {
                at++;
            }
            List<RatedMatch> later = new ArrayList<>(rated.subList(at, rated.size()));
            Map<String, Rating> current = new HashMap<>(ratings);
            RatingOrder.Result res = RatingOrder.insert("t" + key, 1, seats, later, current);
            rated.add(at, res.inserted());
            keys.add(at, key);
            for (RatedMatch c : res.changed()) {
                rated.set(rated.indexOf(rated.stream().filter(m -> m.tableId().equals(c.tableId())).findFirst()
                        .orElseThrow()), c);
            }
            ratings.putAll(res.ratings());
        }
    }

    @Test
    void anyArrivalOrder_givesTheInOrderRatings_toTheLastBit() {
        Random r = new Random(7);
        List<List<Seat>> matches = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            matches.add(match(r));
        }
        Store inOrder = new Store();
        for (int i = 0; i < matches.size(); i++) {
            inOrder.apply(i, matches.get(i));
        }
        for (int trial = 0; trial < 5; trial++) {
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < matches.size(); i++) {
                order.add(i);
            }
            java.util.Collections.shuffle(order, new Random(trial));
            Store shuffled = new Store();
            for (int i : order) {
                shuffled.apply(i, matches.get(i));
            }
            assertEquals(inOrder.ratings, shuffled.ratings);
            assertEquals(inOrder.rated, shuffled.rated);
        }
    }

    @Test
    void oneRaterInTwoSeats_movesByTheMeanOfItsCopies() {
        List<Seat> seats = List.of(new Seat(0, "p", 0, 1), new Seat(1, Skill.bot("EASY"), 1, 2),
                new Seat(2, Skill.bot("EASY"), 2, 3));
        Map<String, Rating> after = Skill.rate(seats, x -> Rating.NEW);
        assertTrue(after.get("p").mu() > 25);
        assertTrue(after.get(Skill.bot("EASY")).mu() < 25);
        assertEquals(2, after.size());
    }
}
