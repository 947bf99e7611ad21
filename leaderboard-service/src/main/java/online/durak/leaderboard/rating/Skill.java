package online.durak.leaderboard.rating;

import com.pocketcombats.openskill.Adjudicator;
import com.pocketcombats.openskill.RatingModelConfig;
import com.pocketcombats.openskill.aggregate.DefaultTeamRatingAggregator;
import com.pocketcombats.openskill.data.MatchMakingRating;
import com.pocketcombats.openskill.data.RatingAdjustment;
import com.pocketcombats.openskill.data.SimplePlayerResult;
import com.pocketcombats.openskill.data.SimpleTeamResult;
import com.pocketcombats.openskill.data.TeamResult;
import com.pocketcombats.openskill.model.PlackettLuce;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * One match's rating update with OpenSkill's Plackett–Luce model (com.pocketcombats:openskill, its default
 * configuration: μ 25, σ 25/3, β 25/6, τ 25/300): teams ranked by the match's final places (1 = best, a shared place a
 * shared rank), each seat one player of its team. Pure: the caller supplies the current ratings.
 */
public final class Skill {
    public static final RatingModelConfig CONFIG = RatingModelConfig.builder().build();
    public static final double INITIAL_MU = 25.0;
    public static final double INITIAL_SIGMA = 25.0 / 3;
    private static final Adjudicator<Integer> ADJUDICATOR = new Adjudicator<>(CONFIG, new PlackettLuce(CONFIG));
    private static final DefaultTeamRatingAggregator TEAMS = new DefaultTeamRatingAggregator(CONFIG);

    private Skill() {
    }

    /** A rating: the skill's mean and its uncertainty. */
    public record Rating(double mu, double sigma) {
        public static final Rating NEW = new Rating(INITIAL_MU, INITIAL_SIGMA);

        /** The conservative estimate μ − 3σ that boards sort by (0 for a newcomer). */
        public double ordinal() {
            return mu - 3 * sigma;
        }

        /** What a person is shown: the ordinal rounded to one decimal. */
        public double display() {
            return Math.round(ordinal() * 10) / 10.0;
        }
    }

    /**
     * A seat of a rated match.
     *
     * @param slot  the seat number (unique in the match)
     * @param rater whose rating the seat plays with: a player id, or {@link #bot} of the bot's level
     * @param team  the seat's team (the seat itself outside team play)
     * @param rank  the seat's final place (1 = best; equal places share)
     */
    public record Seat(int slot, String rater, int team, int rank) {
    }

    /** The rater id of a bot level's one shared rating. */
    public static String bot(String level) {
        return "bot:" + level;
    }

    public static boolean isBot(String rater) {
        return rater.startsWith("bot:");
    }

    /**
     * The ratings after the match of every rater of {@code seats}. A rater in several seats (two bots of one level)
     * is a copy of its rating in each; its new rating moves by the mean of the copies' changes.
     */
    public static Map<String, Rating> rate(List<Seat> seats, Function<String, Rating> current) {
        Map<Integer, List<Seat>> byTeam = new TreeMap<>();
        for (Seat s : seats) {
            byTeam.computeIfAbsent(s.team(), k -> new ArrayList<>()).add(s);
        }
        Map<Integer, Seat> bySlot = new HashMap<>();
        List<TeamResult<Integer>> teams = new ArrayList<>();
        for (List<Seat> team : byTeam.values()) {
            List<SimplePlayerResult<Integer>> players = new ArrayList<>();
            for (Seat s : team) {
                Rating r = current.apply(s.rater());
                // the slot is the id: two copies of one bot rating stay two players (and two distinct teams)
                players.add(new SimplePlayerResult<>(s.slot(), r.mu(), r.sigma()));
                bySlot.put(s.slot(), s);
            }
            MatchMakingRating t = TEAMS.computeTeamRating(players);
            teams.add(new SimpleTeamResult<>(t.mu(), t.sigma(), team.get(0).rank(), players));
        }
        Map<String, List<RatingAdjustment<Integer>>> byRater = new LinkedHashMap<>();
        for (RatingAdjustment<Integer> a : ADJUDICATOR.rate(teams)) {
            byRater.computeIfAbsent(bySlot.get(a.playerId()).rater(), k -> new ArrayList<>()).add(a);
        }
        Map<String, Rating> out = new LinkedHashMap<>();
        for (var e : byRater.entrySet()) {
            List<RatingAdjustment<Integer>> copies = e.getValue();
            if (copies.size() == 1) { // OpenSkill's own numbers, untouched
                out.put(e.getKey(), new Rating(copies.get(0).mu(), copies.get(0).sigma()));
                continue;
            }
            Rating before = current.apply(e.getKey());
            double dMu = 0;
            double sigma = 0;
            for (RatingAdjustment<Integer> a : copies) {
                dMu += a.mu() - before.mu();
                sigma += a.sigma();
            }
            out.put(e.getKey(), new Rating(before.mu() + dMu / copies.size(), sigma / copies.size()));
        }
        return out;
    }
}
