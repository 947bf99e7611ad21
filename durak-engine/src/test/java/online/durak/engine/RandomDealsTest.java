package online.durak.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The random-simulation test (OpenSpiel's): seeded random legal moves through complete deals, and through whole
 * matches, for every valid combination of table settings, checking the engine's invariants after every move.
 *
 * <p>The checks do not trust the engine's own helpers: who may act, who may throw in, the limit, the roles of the
 * next bout, the draw order and the points are recomputed here from rules.md and compared. A failure message names
 * the settings, the seed and every move so far, so the deal replays exactly.
 */
class RandomDealsTest {
    private static final long BASE_SEED = 0x5EED_D0_0D_2025L;
    /** Standalone deals per setting combination; each combination also plays one match of 3 or 5 deals. */
    private static final int SINGLE_DEALS = 7;
    private static final int MIN_DEALS = 10_000;
    private static final int MOVE_BOUND = 2_000;
    /** Random (mostly illegal) moves tried per position, besides a legal move sent by the wrong seat. */
    private static final int RANDOM_MOVES = 3;

    private static final ClassValue<Method[]> ACCESSORS = new ClassValue<>() {
        @Override
        protected Method[] computeValue(Class<?> type) {
            RecordComponent[] rc = type.getRecordComponents();
            Method[] m = new Method[rc.length];
            for (int i = 0; i < rc.length; i++) {
                m[i] = rc[i].getAccessor();
                m[i].setAccessible(true);
            }
            return m;
        }
    };

    private static final ClassValue<String> MOVE_NAMES = new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> type) {
            return "move " + type.getSimpleName();
        }
    };

    /** What the run exercised, to show the random moves reach every kind of move, rejection and ending. */
    private static final Map<String, Long> TALLY = new ConcurrentSkipListMap<>();

    private static void count(String what) {
        TALLY.merge(what, 1L, Long::sum);
    }

    private static void countAll(Map<String, Long> counts) {
        counts.forEach((what, n) -> TALLY.merge(what, n, Long::sum));
    }

    private static long counted(String what) {
        return TALLY.getOrDefault(what, 0L);
    }

    /**
     * The view check reads the components of {@link SeatView} that can hold cards by name; a new component must be
     * added to it (and to this list), so that no card can slip into a view unchecked.
     */
    @Test
    void seatView_hasOnlyTheComponentsTheLeakCheckReads() {
        List<String> names = new ArrayList<>();
        for (RecordComponent rc : SeatView.class.getRecordComponents()) {
            names.add(rc.getName());
        }
        assertEquals(List.of("seat", "phase", "toAct", "attacker", "defender", "hands", "handSizes", "known", "table",
                "trump", "trumpCard", "stockCount", "discardCount", "discard", "trumpsInPlay", "boutsPlayed", "out",
                "roomLeft", "stillToCome", "passed", "legalMoves", "durak", "points", "shuffleCommitment"), names);
    }

    // ---- the settings ----

    /** One group per table shape (players, deck, teams), each holding every combination of the other settings. */
    @TestFactory
    Stream<DynamicTest> randomDeals_keepEveryInvariant_inEverySettingCombination() {
        List<List<Rules>> shapes = tableShapes();
        int combinations = shapes.stream().mapToInt(List::size).sum();
        int deals = 0;
        int index = 0;
        for (List<Rules> shape : shapes) {
            for (int i = 0; i < shape.size(); i++) {
                deals += SINGLE_DEALS + dealsPerMatch(index++);
            }
        }
        assertEquals(972, combinations, "valid setting combinations (rules.md §1)");
        assertTrue(deals >= MIN_DEALS, "planned deals: " + deals);

        List<DynamicTest> tests = new ArrayList<>();
        int first = 0;
        for (List<Rules> shape : shapes) {
            Rules r = shape.get(0);
            String name = r.players() + " players, " + r.deck().size() + " cards" + (r.teams() ? ", teams" : "")
                    + ": " + shape.size() + " setting combinations";
            int firstIndex = first;
            // Settings in parallel (both cores of the build machine); every deal is seeded on its own.
            tests.add(DynamicTest.dynamicTest(name, () -> IntStream.range(0, shape.size()).parallel()
                    .forEach(i -> playSetting(shape.get(i), firstIndex + i))));
            first += shape.size();
        }
        TALLY.clear();
        int planned = deals;
        long started = System.nanoTime();
        tests.add(DynamicTest.dynamicTest("every kind of move, rejection and ending was reached", () -> {
            long ms = (System.nanoTime() - started) / 1_000_000;
            System.out.println("RandomDealsTest: " + TALLY + " in " + ms + " ms");
            assertEquals(planned, counted("deals"), "deals played");
            for (String move : List.of("Attack", "Cover", "Transfer", "ShowTrump", "Take", "Throw", "Pass")) {
                assertTrue(counted("move " + move) > 0, "no " + move + " was played");
            }
            // MAY_NOT_THROW_IN cannot happen: under NEIGHBOURS_ONLY a seat that may not throw passes automatically,
            // so it is never the seat to act, and NOT_YOUR_TURN comes first.
            for (String code : List.of(Rejection.NO_SUCH_SEAT, Rejection.DEAL_NOT_RUNNING, Rejection.NOT_YOUR_TURN,
                    Rejection.WRONG_PHASE, Rejection.NO_CARDS, Rejection.CARD_NOT_IN_HAND, Rejection.MIXED_RANKS,
                    Rejection.OVER_LIMIT, Rejection.DEFENDER_CANNOT_COVER, Rejection.RANK_NOT_ON_TABLE,
                    Rejection.RANK_NOT_ALLOWED, Rejection.NOT_AN_UNCOVERED_ATTACK,
                    Rejection.DOES_NOT_BEAT, Rejection.NO_TRANSFER_IN_VARIANT, Rejection.TRANSFER_NOT_POSSIBLE,
                    Rejection.TRANSFER_WRONG_RANK, Rejection.NEXT_DEFENDER_CANNOT_COVER, Rejection.SHOW_TRUMP_OFF,
                    Rejection.NOT_A_TRUMP, Rejection.DEAL_RUNNING, Rejection.MATCH_OVER)) {
                assertTrue(counted("rejected " + code) > 0, "no move was rejected with " + code);
            }
            for (String ending : List.of("durak", "draw", "redeal", "deck dealt out", "team seat played by partner")) {
                assertTrue(counted(ending) > 0, "never reached: " + ending);
            }
        }));
        return tests.stream();
    }

    private static List<List<Rules>> tableShapes() {
        List<List<Rules>> shapes = new ArrayList<>();
        for (Deck deck : Deck.values()) {
            for (int players = 2; players <= Math.min(6, deck.size() / 6); players++) {
                for (boolean teams : new boolean[] {false, true}) {
                    if (teams && players != 4 && players != 6) {
                        continue;
                    }
                    Rules shape = Rules.defaults(players).withDeck(deck).withTeams(teams);
                    List<Rules> all = new ArrayList<>();
                    for (int variant = 0; variant < 3; variant++) {
                        for (ThrowIn throwIn : ThrowIn.values()) {
                            for (FirstBoutLimit limit : FirstBoutLimit.values()) {
                                for (boolean discardVisible : new boolean[] {true, false}) {
                                    all.add(shape.withVariant(variant == 0 ? Variant.PODKIDNOI : Variant.PEREVODNOI)
                                            .withShowTrumpToTransfer(variant == 2)
                                            .withThrowIn(throwIn)
                                            .withFirstBoutLimit(limit)
                                            .withDiscardVisible(discardVisible));
                                }
                            }
                        }
                    }
                    shapes.add(all);
                }
            }
        }
        return shapes;
    }

    private static int dealsPerMatch(int settingIndex) {
        return settingIndex % 2 == 0 ? 3 : 5;
    }

    private static long seedOf(int settingIndex, int game) {
        return new SplittableRandom(BASE_SEED + 1_000_003L * settingIndex + game).nextLong();
    }

    private static void playSetting(Rules rules, int settingIndex) {
        for (int k = 0; k < SINGLE_DEALS; k++) {
            playDeal(rules, seedOf(settingIndex, k), k % rules.players());
        }
        playMatch(rules.withDealsPerMatch(dealsPerMatch(settingIndex)), seedOf(settingIndex, 1_000));
    }

    // ---- one deal through DealDecider ----

    /** Plays one deal; {@code seed} shuffles the deck and drives the random moves. */
    static DealState playDeal(Rules rules, long seed, int dealer) {
        Event.DealStarted started = DealDecider.deal(rules, seed, 1, dealer, -1);
        Run run = new Run(rules, "deal: rules=" + rules + " seed=" + seed + " dealer=" + dealer, seed);
        DealState s = run.start(started, dealer, -1);
        while (!s.isOver()) {
            run.checkPosition(s);
            int seat = s.toAct();
            Move move = run.choose(s);
            Decision<DealState> d = DealDecider.decide(s, seat, move);
            Decision.Accepted<DealState> a = run.accepted(d, seat, move);
            run.afterMove(s, seat, move, a.events(), a.state());
            s = a.state();
        }
        run.checkOver(s);
        return s;
    }

    // ---- a whole match through MatchDecider ----

    private static void playMatch(Rules rules, long seed) {
        SplittableRandom seeds = new SplittableRandom(seed);
        String replay = "match: rules=" + rules + " seed=" + seed;
        MatchState m = MatchDecider.initialState(rules);
        MatchState folded = m;
        int n = rules.players();
        int[] totals = new int[n];
        for (int dealNo = 1; dealNo <= rules.dealsPerMatch(); dealNo++) {
            String where = replay + " deal " + dealNo;
            Decision<MatchState> noDeal = MatchDecider.decide(m, new Command.Play(0, Move.PASS));
            assertRejected(noDeal, Rejection.DEAL_NOT_RUNNING, where);

            int expectedDealer = dealNo == 1 ? 0 : m.previousDurak() >= 0 ? m.previousDurak() : (m.dealer() + 1) % n;
            int expectedAttacker = dealNo == 1 || m.previousDurak() < 0 || rules.teams()
                    ? -1 : (m.previousDurak() - 1 + n) % n;
            long dealSeed = seeds.nextLong();
            String salt = java.util.HexFormat.of().toHexDigits(dealSeed).repeat(4);
            Decision<MatchState> d = MatchDecider.decide(m, new Command.StartDeal(new Shuffle(dealSeed, salt, null)));
            assertTrue(d.isAccepted(), () -> where + ": StartDeal refused: " + d);
            Decision.Accepted<MatchState> a = (Decision.Accepted<MatchState>) d;
            assertEquals(1, a.events().size(), where);
            Event.DealStarted started = (Event.DealStarted) a.events().get(0);
            assertEquals(dealNo, started.deal(), where);
            assertEquals(salt, started.salt(), where);
            assertTrue(ShuffleProof.of(started).holds(), where);
            List<Event> played = new ArrayList<>(List.of(started));
            folded = foldMatch(folded, a.events());
            m = a.state();
            assertEquals(dealNo, m.dealNumber(), where);

            Run run = new Run(rules, where + " (StartDeal seed " + dealSeed + ")", dealSeed);
            DealState s = run.start(started, expectedDealer, expectedAttacker);
            assertEquals(Snap.of(s), Snap.of(m.deal()), where);
            if (expectedAttacker >= 0) {
                assertEquals(m.previousDurak(), s.defender(),
                        () -> where + ": the durak defends first (rules.md §3.4)");
            }
            assertRejected(MatchDecider.decide(m, new Command.StartDeal(Shuffle.of(1))), Rejection.DEAL_RUNNING, where);

            while (!m.deal().isOver()) {
                s = m.deal();
                run.checkPosition(s);
                int seat = s.toAct();
                Move move = run.choose(s);
                Decision<DealState> direct = DealDecider.decide(s, seat, move);
                Decision.Accepted<DealState> da = run.accepted(direct, seat, move);
                Decision<MatchState> md = MatchDecider.decide(m, new Command.Play(seat, move));
                assertTrue(md.isAccepted(), () -> where + ": MatchDecider refused " + move + ": " + md);
                Decision.Accepted<MatchState> ma = (Decision.Accepted<MatchState>) md;
                List<Event> dealEvents = ma.events();
                if (!dealEvents.isEmpty() && dealEvents.get(dealEvents.size() - 1) instanceof Event.MatchEnded) {
                    dealEvents = dealEvents.subList(0, dealEvents.size() - 1);
                    assertEquals(rules.dealsPerMatch(), dealNo, where + ": MatchEnded before the last deal");
                }
                assertEquals(da.events(), dealEvents, () -> where + ": MatchDecider and DealDecider disagree");
                run.afterMove(s, seat, move, dealEvents, ma.state().deal());
                played.addAll(dealEvents);
                folded = foldMatch(folded, ma.events());
                m = ma.state();
                assertEquals(Snap.of(m.deal()), Snap.of(folded.deal()), () -> where + ": match fold differs");
            }
            run.checkOver(m.deal());
            assertNull(DealCheck.failure(rules, started.deckOrder(), played),
                    () -> where + ": the deal does not follow from its deck order");
            int[] points = m.deal().points();
            for (int i = 0; i < n; i++) {
                totals[i] += points[i];
            }
            assertEquals(m.deal().durak(), m.previousDurak(), where);
            assertEquals(toList(totals), m.totals(), () -> where + ": totals are the sum of the deal points");
            assertEquals(dealNo, m.dealPoints().size(), where);
            assertEquals(dealNo == rules.dealsPerMatch(), m.isOver(), where);
            assertEquals(m.totals(), folded.totals(), where);
            assertEquals(m.places(), folded.places(), where);
        }
        assertTrue(MatchDecider.isTerminal(m), replay);
        List<Integer> places = new ArrayList<>();
        for (int t : totals) {
            int better = 0;
            for (int o : totals) {
                if (o > t) {
                    better++;
                }
            }
            places.add(1 + better);
        }
        assertEquals(places, m.places(), () -> replay + ": places (ties share, rules.md §6)");
        assertRejected(MatchDecider.decide(m, new Command.StartDeal(Shuffle.of(1))), Rejection.MATCH_OVER, replay);
    }

    private static MatchState foldMatch(MatchState m, List<Event> events) {
        for (Event e : events) {
            m = MatchDecider.evolve(m, e);
        }
        return m;
    }

    private static void assertRejected(Decision<?> d, String code, String where) {
        assertTrue(d instanceof Decision.Rejected<?>, () -> where + ": expected " + code + ", got " + d);
        assertEquals(code, ((Decision.Rejected<?>) d).rejection().code(), where);
        count("rejected " + code);
    }

    private static List<Integer> toList(int[] a) {
        List<Integer> list = new ArrayList<>(a.length);
        for (int x : a) {
            list.add(x);
        }
        return list;
    }

    // ---- everything observable about a deal state, to compare states ----

    record Snap(Phase phase, int toAct, int attacker, int defender, List<CardSet> hands, List<CardSet> known,
                List<Card> stock, CardSet discard, int discardCount, List<Card> table, List<Boolean> out,
                List<Integer> points, int durak, int boutsPlayed, List<Integer> passed, List<Integer> stillToCome,
                int roomLeft, Card trumpCard, Suit trump) {
        static Snap of(DealState s) {
            List<CardSet> hands = new ArrayList<>();
            List<CardSet> known = new ArrayList<>();
            List<Boolean> out = new ArrayList<>();
            for (int i = 0; i < s.players(); i++) {
                hands.add(s.hand(i));
                known.add(s.known(i));
                out.add(s.isOut(i));
            }
            List<Card> table = new ArrayList<>();
            for (Card[] pair : s.table()) {
                table.add(pair[0]);
                table.add(pair[1]);
            }
            int[] points = s.points();
            return new Snap(s.phase(), s.toAct(), s.attacker(), s.defender(), hands, known, s.stock(), s.discard(),
                    s.discardCount(), table, out, points == null ? null : toList(points), s.durak(), s.boutsPlayed(),
                    s.passedInRound(), s.stillToComeInRound(), s.roomLeft(), s.trumpCard(), s.trump());
        }
    }

    // ---- one deal being played ----

    /** A deal in play: how to replay it, the fold of its events, and what the checks track between moves. */
    private static final class Run {
        final Rules rules;
        final int n;
        final String replay;
        final SplittableRandom random;   // picks the moves played
        final SplittableRandom probe;    // makes the random (mostly illegal) moves, so probing never changes the game
        /** true: pick a move type first, then a move of it (more takes and passes); false: any legal move. */
        final boolean byType;
        final List<String> moves = new ArrayList<>();
        final Map<String, Long> counts = new HashMap<>();  // added to TALLY when the deal is over
        DealState folded;
        int bouts;
        long shownThisBout;
        int outEvents;
        int[] partyOutAt;
        long[] known;      // what every player knows to be in each hand, from the events (rules.md §3, §4.5, §4.6)
        int attackerActor; // who acts for the attacker and the defender in this bout (fixed when the role is given)
        int defenderActor;
        int[] roundOrder;  // the running throw-in round, fixed when it starts; null outside a round
        int roundIdx;      // position in roundOrder of the seat to act

        Run(Rules rules, String replay, long seed) {
            this.rules = rules;
            this.n = rules.players();
            this.replay = replay;
            this.random = new SplittableRandom(seed ^ 0x9E3779B97F4A7C15L);
            this.probe = new SplittableRandom(seed ^ 0x632BE59BD9B4E019L);
            this.byType = random.nextBoolean();
            this.partyOutAt = new int[parties()];
            Arrays.fill(partyOutAt, Integer.MAX_VALUE);
        }

        /** The message of a failed check, with everything needed to replay the deal; built only on failure. */
        Supplier<String> at(Supplier<String> what) {
            return () -> what.get() + "\n  replay: " + replay + "\n  moves (" + moves.size() + "): " + moves
                    + "\n  state: " + folded;
        }

        Supplier<String> at(String what) {
            return at(() -> what);
        }

        void count(String what) {
            counts.merge(what, 1L, Long::sum);
        }

        int parties() {
            return rules.teams() ? n / 2 : n;
        }

        // ---- dealing (rules.md §3) ----

        DealState start(Event.DealStarted e, int dealer, int attacker) {
            assertEquals(dealer, e.dealer(), at(() -> "dealer"));
            Deck deck = rules.deck();
            assertEquals(deck.size(), e.deckOrder().size(), at(() -> "deck order size"));
            assertEquals(deck.cards(), CardSet.of(e.deckOrder()), at(() -> "deck order is a permutation of the deck"));
            DealState s = DealDecider.start(rules, e);
            folded = s;
            known = new long[n];
            if (e.shownTrump() != null) {
                known[e.attacker()] |= e.shownTrump().bit();
            }
            attackerActor = actor(s, s.attacker());
            defenderActor = actor(s, s.defender());
            int dealt = 6 * n;
            long[] hands = new long[n];
            for (int k = 0; k < dealt; k++) {
                hands[(dealer + 1 + k) % n] |= e.deckOrder().get(k).bit();
            }
            for (int i = 0; i < n; i++) {
                assertEquals(new CardSet(hands[i]), s.hand(i), at(() -> "dealt one at a time from left of the dealer"));
            }
            Card trumpCard = dealt < deck.size() ? e.deckOrder().get(dealt) : e.deckOrder().get(dealt - 1);
            assertEquals(trumpCard, s.trumpCard(), at(() -> "trump card"));
            assertEquals(trumpCard.suit(), s.trump(), at(() -> "trump suit"));
            List<Card> stock = new ArrayList<>(e.deckOrder().subList(Math.min(dealt + 1, deck.size()), deck.size()));
            if (dealt < deck.size()) {
                stock.add(trumpCard);
            } else {
                assertTrue(s.hand(dealer).contains(trumpCard), at(() -> "the dealer holds the trump card"));
                known[dealer] |= trumpCard.bit();
            }
            assertEquals(stock, s.stock(), at(() -> "stock: the rest, the trump card at the bottom"));
            if (attacker < 0) {
                Card shown = e.shownTrump();
                assertNotNull(shown, at(() -> "the lowest trump decides: it is shown"));
                assertEquals(s.trump(), shown.suit(), at(() -> "shown card is a trump"));
                assertTrue(s.hand(e.attacker()).contains(shown), at(() -> "the first attacker holds the shown trump"));
                assertTrue(s.known(e.attacker()).contains(shown), at(() -> "the shown trump is known"));
                for (int i = 0; i < n; i++) {
                    for (Card c : s.hand(i).cards()) {
                        assertFalse(c.suit() == s.trump() && c.rank().compareTo(shown.rank()) < 0,
                                at("seat " + i + " holds " + c + ", lower than the shown " + shown));
                    }
                }
            } else {
                assertEquals(attacker, e.attacker(), at(() -> "first attacker: right of the previous durak"));
                assertNull(e.shownTrump(), at(() -> "no trump shown when the durak decides"));
                assertEquals(0, e.redeals(), at(() -> "no redeal when the durak decides"));
            }
            assertEquals(e.attacker(), s.attacker(), at(() -> "attacker"));
            checkKnown(s);
            if (e.redeals() > 0) {
                count("redeal");
            }
            if (s.stockCount() == 0) {
                count("deck dealt out");
            }
            return s;
        }

        // ---- picking a move ----

        Move choose(DealState s) {
            List<Move> legal = DealDecider.legalMoves(s, s.toAct());
            if (!byType) {
                return legal.get(random.nextInt(legal.size()));
            }
            List<Class<?>> types = new ArrayList<>();
            for (Move m : legal) {
                if (!types.contains(m.getClass())) {
                    types.add(m.getClass());
                }
            }
            Class<?> type = types.get(random.nextInt(types.size()));
            List<Move> ofType = legal.stream().filter(m -> m.getClass() == type).toList();
            return ofType.get(random.nextInt(ofType.size()));
        }

        Decision.Accepted<DealState> accepted(Decision<DealState> d, int seat, Move move) {
            if (d instanceof Decision.Rejected<DealState> r) {
                fail(at(() -> "legal move " + move + " of seat " + seat + " refused: " + r.rejection()).get());
            }
            return (Decision.Accepted<DealState>) d;
        }

        // ---- after every move ----

        void checkPosition(DealState s) {
            count("positions");
            if (rules.teams() && s.toAct() != s.attacker() && s.toAct() != s.defender()
                    && (s.phase() == Phase.ATTACK || s.phase() == Phase.DEFENSE)) {
                count("team seat played by partner");
            }
            assertTrue(moves.size() < MOVE_BOUND, at(() -> "the deal did not end within " + MOVE_BOUND + " moves"));
            Snap before = Snap.of(s);
            checkCards(s);
            checkShape(s);
            List<Move> legal = checkLegalMoves(s);
            checkViews(s);
            for (Move m : legal) {
                Decision<DealState> d = DealDecider.decide(s, s.toAct(), m);
                Decision.Accepted<DealState> a = accepted(d, s.toAct(), m);
                assertFalse(a.events().isEmpty(), at(() -> "no events for " + m));
                DealState f = s;
                for (Event e : a.events()) {
                    f = DealDecider.evolve(f, (Event.DealEvent) e);
                }
                assertEquals(fingerprint(a.state()), fingerprint(f),
                        at(() -> "decide's state is the fold of its events, " + m));
            }
            checkRandomMoves(s, legal, fingerprint(s));
            assertEquals(before, Snap.of(s), at(() -> "decide changed the state it was given"));
        }

        /** Every card of the deck exactly once across hands, table, stock and discard. */
        void checkCards(DealState s) {
            long seen = 0;
            int count = 0;
            List<CardSet> parts = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                parts.add(s.hand(i));
            }
            parts.add(s.tableCards());
            parts.add(CardSet.of(s.stock()));
            parts.add(s.discard());
            for (CardSet part : parts) {
                long both = seen & part.bits();
                assertEquals(0L, both, at(() -> "cards in two places: " + new CardSet(both)));
                seen |= part.bits();
                count += part.size();
            }
            assertEquals(s.stockCount(), s.stock().size(), at(() -> "stock count"));
            assertEquals(s.stock().size(), CardSet.of(s.stock()).size(), at(() -> "a card twice in the stock"));
            int covers = 0;
            for (Card[] pair : s.table()) {
                covers += pair[1] == null ? 0 : 1;
            }
            assertEquals(s.attackCount() + covers, s.tableCards().size(), at("table cards: attacks and covers"));
            assertEquals(rules.deck().size(), count, at(() -> "card count"));
            assertEquals(rules.deck().cards(), new CardSet(seen), at(() -> "every card of the deck"));
            assertEquals(s.discard().size(), s.discardCount(), at(() -> "discard count"));
            for (int i = 0; i < n; i++) {
                assertTrue(s.hand(i).containsAll(s.known(i)), at("known cards of seat " + i + " not in its hand"));
            }
        }

        /** Roles, the limit, who is out, drawing up: rules.md §4 and §5, recomputed here. */
        void checkShape(DealState s) {
            int toAct = s.toAct();
            assertTrue(toAct >= 0 && toAct < n, at(() -> "toAct out of range: " + toAct));
            assertEquals(bouts, s.boutsPlayed(), at(() -> "bouts played"));
            assertEquals(cap(s), s.cap(), at(() -> "cap (rules.md §4.4)"));
            assertTrue(s.attackCount() <= cap(s), at(() -> "more attack cards than the cap"));
            int defenderHand = s.handSize(defenderActor);
            assertTrue(uncovered(s) <= defenderHand, at(() -> "more uncovered attack cards than the defender holds"));
            assertFalse(rules.teams() && rules.team(s.attacker()) == rules.team(s.defender()),
                    at(() -> "partners never attack each other"));
            for (int i = 0; i < n; i++) {
                if (s.isOut(i)) {
                    assertEquals(0, s.handSize(i), at("seat " + i + " is out with cards"));
                    assertEquals(0, s.stockCount(), at("seat " + i + " is out while the stock lasts"));
                }
            }
            switch (s.phase()) {
                case ATTACK -> {
                    assertEquals(0, s.attackCount(), at(() -> "table at the start of a bout"));
                    assertTrue(active(s, s.attacker()), at(() -> "the attacker is active"));
                    assertEquals(actor(s, s.attacker()), attackerActor, at(() -> "who acts for the attacker"));
                    assertEquals(actor(s, s.defender()), defenderActor, at(() -> "who acts for the defender"));
                    assertEquals(attackerActor, toAct, at(() -> "the attacker opens"));
                    assertEquals(nextOpponentLeft(s, s.attacker()), s.defender(),
                            at(() -> "defender: next active left"));
                    assertEquals(Math.min(cap(s), defenderHand), s.roomLeft(), at(() -> "room at the opening"));
                    int holding = 0;
                    for (int p = 0; p < parties(); p++) {
                        if (partyCards(s, p) != 0) {
                            holding++;
                        }
                    }
                    assertTrue(holding >= 2, at(() -> "a bout starts though at most one party holds cards"));
                    for (int i = 0; i < n; i++) {
                        if (s.stockCount() > 0) {
                            assertTrue(s.handSize(i) >= 6, at("seat " + i + " did not draw up to 6"));
                        } else if (s.handSize(i) == 0) {
                            assertTrue(s.isOut(i), at("seat " + i + " has no cards but is not out"));
                        }
                    }
                }
                case DEFENSE -> {
                    assertEquals(defenderActor, toAct, at(() -> "the defender acts"));
                    assertTrue(uncovered(s) > 0, at(() -> "DEFENSE with nothing uncovered"));
                    assertEquals(room(s), s.roomLeft(), at(() -> "room"));
                }
                case THROW_IN, TAKE_ADDING -> {
                    if (s.phase() == Phase.THROW_IN) {
                        assertEquals(0, uncovered(s), at(() -> "THROW_IN with uncovered cards"));
                    }
                    assertEquals(room(s), s.roomLeft(), at(() -> "room"));
                    assertNotNull(roundOrder, at(() -> "a round the test did not see start"));
                    assertEquals(roundOrder[roundIdx], toAct, at(() -> "seat to act in the round"));
                    List<Integer> passed = new ArrayList<>();
                    List<Integer> toCome = new ArrayList<>();
                    for (int i = 0; i < roundOrder.length; i++) {
                        int seat = roundOrder[i];
                        boolean canThrow = room(s) > 0 && (s.hand(seat).bits() & throwable(s, seat)) != 0;
                        if (i >= roundIdx && canThrow) {
                            toCome.add(seat);
                        } else if (!s.hand(seat).isEmpty()) {
                            passed.add(seat); // passed, or will pass automatically; seats without cards take no part
                        }
                    }
                    assertEquals(passed, s.passedInRound(), at(() -> "passed in round (order from the attacker)"));
                    assertEquals(toCome, s.stillToComeInRound(), at(() -> "still to come in round"));
                }
                default -> fail(at(() -> "running deal in phase " + s.phase()).get());
            }
        }

        /** Exactly one seat may act, and its legal moves are exactly what rules.md allows. */
        List<Move> checkLegalMoves(DealState s) {
            List<Move> legal = null;
            for (int i = 0; i < n; i++) {
                List<Move> l = DealDecider.legalMoves(s, i);
                if (i == s.toAct()) {
                    legal = l;
                } else {
                    assertTrue(l.isEmpty(), at("seat " + i + " has moves but seat " + s.toAct() + " is to act"));
                }
            }
            assertFalse(legal.isEmpty(), at(() -> "the seat to act has no legal move"));
            Set<Move> set = new HashSet<>(legal);
            assertEquals(legal.size(), set.size(), at(() -> "a legal move listed twice"));
            Set<Move> expected = expectedMoves(s);
            if (!expected.equals(set)) {
                Set<Move> missing = new HashSet<>(expected);
                missing.removeAll(set);
                Set<Move> extra = new HashSet<>(set);
                extra.removeAll(expected);
                fail(at(() -> "legal moves differ from rules.md: missing " + missing + ", not allowed " + extra).get());
            }
            if (s.phase() == Phase.THROW_IN || s.phase() == Phase.TAKE_ADDING) {
                assertTrue(legal.stream().anyMatch(m -> m instanceof Move.Throw),
                        at(() -> "a seat that can throw nothing gets a turn (it passes automatically, §4.3)"));
            }
            return legal;
        }

        Set<Move> expectedMoves(DealState s) {
            Set<Move> moves = new HashSet<>();
            int seat = s.toAct();
            long hand = s.hand(seat).bits();
            switch (s.phase()) {
                case ATTACK -> {
                    int max = Math.min(cap(s), s.handSize(defenderActor));
                    for (Rank r : Rank.values()) {
                        subsets(hand & r.mask(), max, cards -> moves.add(new Move.Attack(cards)));
                    }
                }
                case DEFENSE -> {
                    for (Card[] pair : s.table()) {
                        if (pair[1] == null) {
                            for (Card c : s.hand(seat).cards()) {
                                if (beats(c, pair[0], s.trump())) {
                                    moves.add(new Move.Cover(pair[0], c));
                                }
                            }
                        }
                    }
                    addTransfers(s, seat, moves);
                    moves.add(Move.TAKE);
                }
                default -> {
                    int room = room(s);
                    if (room > 0) {
                        subsets(hand & throwable(s, seat), room, cards -> moves.add(new Move.Throw(cards)));
                    }
                    moves.add(Move.PASS);
                }
            }
            return moves;
        }

        /** rules.md §4.5. */
        void addTransfers(DealState s, int seat, Set<Move> moves) {
            if (rules.variant() != Variant.PEREVODNOI || uncovered(s) != s.attackCount()) {
                return;
            }
            Rank rank = s.table().get(0)[0].rank();
            for (Card[] pair : s.table()) {
                if (pair[0].rank() != rank) {
                    return;
                }
            }
            int next = nextOpponentLeft(s, s.defender());
            int nextHand = next < 0 ? 0 : s.handSize(actor(s, next));
            int count = s.attackCount();
            if (count + 1 <= cap(s) && nextHand >= count + 1) {
                for (Card c : s.hand(seat).cards()) {
                    if (c.rank() == rank) {
                        moves.add(new Move.Transfer(c));
                    }
                }
            }
            Card trump = Card.of(rank, s.trump());
            if (rules.showTrumpToTransfer() && s.hand(seat).contains(trump) && (shownThisBout & trump.bit()) == 0
                    && nextHand >= count) {
                moves.add(new Move.ShowTrump(trump));
            }
        }

        /** No seat's view holds a card it may not know (rules.md §8). */
        void checkViews(DealState s) {
            long common = s.tableCards().bits() | (rules.discardVisible() ? s.discard().bits() : 0)
                    | (s.trumpCard() == null ? 0 : s.trumpCard().bit());
            List<Integer> handSizes = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                handSizes.add(s.handSize(i));
            }
            for (int v = 0; v < n; v++) {
                SeatView view = Views.seatView(s, v);
                int seat = v;
                assertEquals(Set.of(v), view.hands().keySet(), at(() -> "seat " + seat + " sees other hands"));
                assertEquals(s.hand(v), CardSet.of(view.hands().get(v)), at(() -> "own hand in view"));
                long allowed = common | s.hand(v).bits();
                for (Map.Entry<Integer, List<Card>> k : view.known().entrySet()) {
                    CardSet cards = CardSet.of(k.getValue());
                    assertTrue(s.known(k.getKey()).containsAll(cards),
                            at(() -> "seat " + seat + " sees " + cards + " as known in seat " + k.getKey()));
                }
                long shown = cardsIn(view.hands()) | cardsIn(view.table()) | cardsIn(view.trumpCard())
                        | cardsIn(view.discard()) | cardsIn(view.legalMoves());
                long leak = shown & ~allowed;
                assertEquals(0L, leak, at(() -> "seat " + seat + "'s view shows " + new CardSet(leak)));
                assertEquals(handSizes, view.handSizes(), at(() -> "hand sizes in view"));
                // of the deck order a view shows only its seal: a hash, in which no card's text can stand
                assertEquals(s.shuffleCommitment(), view.shuffleCommitment(), at(() -> "the shuffle's commitment"));
                assertTrue(view.shuffleCommitment() == null || ShuffleProof.isCommitment(view.shuffleCommitment()),
                        at(() -> "the commitment is 64 lowercase hex digits"));
                assertEquals(s.stockCount(), view.stockCount(), at(() -> "stock size in view"));
                if (rules.discardVisible()) {
                    assertEquals(s.discard(), CardSet.of(view.discard()), at(() -> "visible discard"));
                    long trumps = rules.deck().cards().bits() & s.trump().mask() & ~s.discard().bits();
                    assertEquals(Long.bitCount(trumps), view.trumpsInPlay(), at(() -> "trumps in play"));
                } else {
                    assertNull(view.discard(), at(() -> "face-down discard shown"));
                    assertEquals(-1, view.trumpsInPlay(), at(() -> "trumps in play counted from a face-down discard"));
                }
                assertEquals(DealDecider.legalMoves(s, v), view.legalMoves(), at(() -> "legal moves in view"));
                assertEquals(s.toAct(), view.toAct(), at(() -> "toAct in view"));
            }
            if (!s.isOver()) {
                assertThrows(IllegalStateException.class, () -> Views.openView(s),
                        at(() -> "open view of a running deal"));
            }
        }

        /** Random moves of every kind, mostly illegal: whatever is not listed must be refused, changing nothing. */
        void checkRandomMoves(DealState s, List<Move> legal, long print) {
            Set<Move> legalSet = new HashSet<>(legal);
            for (int i = 0; i < RANDOM_MOVES; i++) {
                int seat = probe.nextInt(5) == 0 ? probe.nextInt(n + 2) - 1 : s.toAct();
                Move m = randomMove(s, seat);
                Decision<DealState> d = DealDecider.decide(s, seat, m);
                if (seat == s.toAct() && legalSet.contains(m)) {
                    accepted(d, seat, m);
                } else {
                    assertTrue(d instanceof Decision.Rejected<DealState>,
                            at(() -> "seat " + seat + "'s unlisted move " + m + " accepted"));
                    Rejection r = ((Decision.Rejected<DealState>) d).rejection();
                    assertNotNull(r.code(), at(() -> "rejection code"));
                    count("rejected " + r.code());
                    if (seat < 0 || seat >= n) {
                        assertEquals(Rejection.NO_SUCH_SEAT, r.code(), at(() -> "rejection of seat " + seat));
                    } else if (seat != s.toAct()) {
                        assertEquals(Rejection.NOT_YOUR_TURN, r.code(), at(() -> "rejection of seat " + seat));
                    }
                    assertEquals(print, fingerprint(s), at(() -> "rejected " + m + " changed the state"));
                }
            }
            if (n > 1) {
                int other = (s.toAct() + 1 + probe.nextInt(n - 1)) % n;
                Move m = legal.get(probe.nextInt(legal.size()));
                Decision<DealState> d = DealDecider.decide(s, other, m);
                assertTrue(d instanceof Decision.Rejected<DealState> r
                        && r.rejection().code().equals(Rejection.NOT_YOUR_TURN),
                        at(() -> "seat " + other + " played " + m + " out of turn: " + d));
            }
        }

        /** A move of any type, or (more often) of a type the phase expects, so that the finer checks are reached. */
        Move randomMove(DealState s, int seat) {
            long hand = seat >= 0 && seat < n ? s.hand(seat).bits() : 0;
            int type = probe.nextInt(7);
            if (probe.nextInt(10) < 6) {
                type = switch (s.phase()) {
                    case ATTACK -> 0;
                    case DEFENSE -> 1 + probe.nextInt(4);
                    default -> 5 + probe.nextInt(2);
                };
            }
            switch (type) {
                case 0: return new Move.Attack(randomCards(s, hand));
                case 1: return new Move.Cover(randomAttackCard(s, hand), randomCard(s, hand));
                case 2: return new Move.Transfer(randomCard(s, hand));
                case 3: return new Move.ShowTrump(randomCard(s, hand));
                case 4: return Move.TAKE;
                case 5: return new Move.Throw(randomCards(s, hand));
                default: return Move.PASS;
            }
        }

        /** A card: mostly from the hand, else anywhere in the deck, outside it, on the table or in another hand. */
        Card randomCard(DealState s, long hand) {
            int k = probe.nextInt(10);
            if (k < 5 && hand != 0) {
                return pick(hand);
            } else if (k == 7) {
                return Card.of(probe.nextInt(52));
            } else if (k == 8 && s.tableCards().size() > 0) {
                return pick(s.tableCards().bits());
            } else if (k == 9) {
                long others = rules.deck().cards().bits() & ~hand & ~s.discard().bits() & ~s.tableCards().bits();
                if (others != 0) {
                    return pick(others);
                }
            }
            return pick(rules.deck().cards().bits());
        }

        Card randomAttackCard(DealState s, long hand) {
            List<Card[]> table = s.table();
            if (!table.isEmpty() && probe.nextInt(10) < 7) {
                return table.get(probe.nextInt(table.size()))[0];
            }
            return randomCard(s, hand);
        }

        /** Empty now and then; else 1–4 cards, often sharing a rank, often of the table's ranks. */
        CardSet randomCards(DealState s, long hand) {
            if (probe.nextInt(20) == 0) {
                return CardSet.EMPTY;
            }
            int size = 1 + probe.nextInt(4);
            long tableRanks = s.tableCards().isEmpty() ? 0 : cardsOfRanks(s.tableCards().bits());
            Card first = probe.nextBoolean() && (hand & tableRanks) != 0
                    ? pick(hand & tableRanks) : randomCard(s, hand);
            long cards = first.bit();
            while (Long.bitCount(cards) < size) {
                long sameRank = first.rank().mask() & rules.deck().cards().bits() & ~cards;
                long fromHand = sameRank & hand;
                Card c = probe.nextBoolean() && fromHand != 0 ? pick(fromHand)
                        : probe.nextBoolean() && sameRank != 0 ? pick(sameRank) : randomCard(s, hand);
                if ((cards & c.bit()) != 0) {
                    break;
                }
                cards |= c.bit();
            }
            return new CardSet(cards);
        }

        Card pick(long cards) {
            int k = probe.nextInt(Long.bitCount(cards));
            for (long m = cards; ; m &= m - 1) {
                if (k-- == 0) {
                    return Card.of(Long.numberOfTrailingZeros(m));
                }
            }
        }

        /** After an accepted move: the fold, and what rules.md says must follow (round order, bout end, drawing). */
        void afterMove(DealState s, int seat, Move move, List<Event> events, DealState next) {
            moves.add(seat + ":" + move);
            count(MOVE_NAMES.get(move.getClass()));
            assertFalse(events.isEmpty(), at(() -> "no events"));
            checkFirstEvent(seat, move, events.get(0));
            DealState mid = DealDecider.evolve(folded, (Event.DealEvent) events.get(0));
            expectRound(s, seat, move, mid);

            boolean boutEnded = false;
            boolean taken = false;
            DealState afterBout = null;
            List<Event.CardsDrawn> draws = new ArrayList<>();
            for (int i = 0; i < events.size(); i++) {
                Event e = events.get(i);
                DealState t = folded;
                if (i > 0) {
                    assertTrue(boutEnded || e instanceof Event.BoutEnded, at(() -> "event after the move: " + e));
                }
                if (e instanceof Event.BoutEnded b) {
                    assertEquals(1, i, at(() -> "the bout ends right after the move that ends it"));
                    assertEquals(-1, t.toAct(), at(() -> "bout ended while a seat could still act"));
                    taken = b.taken();
                    assertEquals(t.phase() == Phase.TAKE_ADDING, b.taken(), at(() -> "taken iff the defender took"));
                    if (!b.taken()) {
                        assertEquals(0, uncovered(t), at(() -> "bito with uncovered cards"));
                    }
                    assertEquals(defenderActor, b.defender(), at(() -> "who picks up"));
                    assertEquals(t.tableCards(), b.cards(), at(() -> "the bout's cards"));
                    boutEnded = true;
                } else if (e instanceof Event.CardsDrawn c) {
                    List<Card> top = t.stock().subList(0, c.cards().size());
                    assertEquals(CardSet.of(top), c.cards(), at(() -> "drawn from the top of the stock"));
                    draws.add(c);
                } else if (e instanceof Event.PlayersOut o) {
                    checkPlayersOut(t, o);
                } else if (e instanceof Event.BoutReady r) {
                    assertEquals(events.size() - 1, i, at(() -> "BoutReady is the last event"));
                    boolean wasTaken = taken;
                    int attacker = taken ? nextActiveLeft(t, t.defender()) : t.defender();
                    if (!active(t, attacker)) {
                        attacker = nextActiveLeft(t, attacker);
                    }
                    assertEquals(attacker, r.attacker(), at(() -> "next attacker (rules.md §4.7), taken=" + wasTaken));
                    assertEquals(nextOpponentLeft(t, attacker), r.defender(), at(() -> "next defender"));
                } else if (e instanceof Event.DealEnded d) {
                    assertEquals(events.size() - 1, i, at(() -> "DealEnded is the last event"));
                    checkDealEnded(t, d);
                } else if (e instanceof Event.TrumpShown ts) {
                    shownThisBout |= ts.trump().bit();
                }
                learn(e);
                folded = DealDecider.evolve(folded, (Event.DealEvent) e);
                if (e instanceof Event.BoutReady r) {
                    attackerActor = actor(folded, r.attacker());
                    defenderActor = actor(folded, r.defender());
                } else if (e instanceof Event.Transferred || e instanceof Event.TrumpShown) {
                    attackerActor = defenderActor;
                    defenderActor = actor(folded, folded.defender());
                }
                if (e instanceof Event.BoutEnded) {
                    afterBout = folded;
                    bouts++;
                    shownThisBout = 0;
                }
            }
            if (boutEnded) {
                Event last = events.get(events.size() - 1);
                assertTrue(last instanceof Event.BoutReady || last instanceof Event.DealEnded,
                        at(() -> "a bout ends with the next bout's roles or the deal's end"));
                checkDraws(afterBout, draws);
            }
            assertEquals(Snap.of(next), Snap.of(folded), at(() -> "folding the events gives the live state"));
            checkKnown(next);
        }

        /** What the table sees: shown trumps, picked-up cards, the face-up trump card drawn; played cards leave. */
        void learn(Event e) {
            if (e instanceof Event.Attacked a) {
                known[a.seat()] &= ~a.cardSet().bits();
            } else if (e instanceof Event.Covered c) {
                known[c.seat()] &= ~c.card().bit();
            } else if (e instanceof Event.Transferred t) {
                known[t.seat()] &= ~t.card().bit();
            } else if (e instanceof Event.Threw t) {
                known[t.seat()] &= ~t.cardSet().bits();
            } else if (e instanceof Event.TrumpShown t) {
                known[t.seat()] |= t.trump().bit();
            } else if (e instanceof Event.BoutEnded b && b.taken()) {
                known[b.defender()] |= b.cards().bits();
            } else if (e instanceof Event.CardsDrawn c && folded.trumpCard() != null
                    && c.cards().contains(folded.trumpCard())) {
                known[c.seat()] |= folded.trumpCard().bit();
            }
        }

        /** Known cards are exactly what the table has seen: more would leak a hidden card into every view. */
        void checkKnown(DealState s) {
            for (int i = 0; i < n; i++) {
                int seat = i;
                assertEquals(new CardSet(known[i]), s.known(i), at(() -> "known cards of seat " + seat));
            }
        }

        void checkFirstEvent(int seat, Move move, Event e) {
            boolean ok;
            if (move instanceof Move.Attack a) {
                ok = e.equals(new Event.Attacked(seat, a.cards()));
            } else if (move instanceof Move.Cover c) {
                ok = e.equals(new Event.Covered(seat, c.attack(), c.card()));
            } else if (move instanceof Move.Transfer t) {
                ok = e.equals(new Event.Transferred(seat, t.card()));
            } else if (move instanceof Move.ShowTrump t) {
                ok = e.equals(new Event.TrumpShown(seat, t.trump()));
            } else if (move instanceof Move.Take) {
                ok = e.equals(new Event.Took(seat));
            } else if (move instanceof Move.Throw t) {
                ok = e.equals(new Event.Threw(seat, t.cards()));
            } else {
                ok = e.equals(new Event.Passed(seat));
            }
            assertTrue(ok, at(() -> "first event " + e + " for " + seat + ":" + move));
        }

        /** The throw-in round (rules.md §4.3, §4.6): fixed order from the attacker; seats that cannot throw pass. */
        void expectRound(DealState s, int seat, Move move, DealState mid) {
            int from;
            if (move instanceof Move.Cover && mid.phase() == Phase.THROW_IN || move instanceof Move.Take) {
                roundOrder = roundOrder(mid);
                from = 0;
            } else if (move instanceof Move.Pass || move instanceof Move.Throw && s.phase() == Phase.TAKE_ADDING) {
                assertEquals(roundOrder[roundIdx], seat, at(() -> "round position"));
                from = roundIdx + 1;
            } else {
                roundOrder = null;
                return;
            }
            int expected = -1;
            for (int i = from; i < roundOrder.length && expected < 0; i++) {
                if (canThrow(mid, roundOrder[i])) {
                    expected = i;
                }
            }
            if (expected < 0) {
                assertEquals(-1, mid.toAct(), at(() -> "nobody left in the round can throw, yet seat " + mid.toAct()
                        + " acts; round " + Arrays.toString(roundOrder)));
                roundOrder = null;
            } else {
                int expectedSeat = roundOrder[expected];
                assertEquals(expectedSeat, mid.toAct(), at(() -> "next in the round " + Arrays.toString(roundOrder)
                        + " after " + seat + ":" + move + " is seat " + expectedSeat));
                roundIdx = expected;
            }
        }

        int[] roundOrder(DealState s) {
            int first = attackerActor;
            int[] order = new int[n];
            int k = 0;
            for (int i = 0; i < n; i++) {
                int seat = (first + i) % n;
                if (!s.isOut(seat) && seat != s.defender() && seat != defenderActor
                        && !(rules.teams() && rules.team(seat) == rules.team(s.defender()))) {
                    order[k++] = seat;
                }
            }
            return Arrays.copyOf(order, k);
        }

        boolean canThrow(DealState s, int seat) {
            return room(s) > 0 && (s.hand(seat).bits() & throwable(s, seat)) != 0;
        }

        /** §4.7: the attacker draws first, then clockwise, the defender last, each up to 6 while the stock lasts. */
        void checkDraws(DealState t, List<Event.CardsDrawn> draws) {
            List<String> expected = new ArrayList<>();
            int stock = t.stockCount();
            for (int i = 0; i <= n; i++) {
                int seat = i == n ? t.defender() : (t.attacker() + i) % n;
                if (i < n && seat == t.defender() || t.isOut(seat)) {
                    continue;
                }
                int take = Math.min(Math.max(0, 6 - t.handSize(seat)), stock);
                if (take > 0) {
                    expected.add(seat + "+" + take);
                    stock -= take;
                }
            }
            List<String> actual = draws.stream().map(d -> d.seat() + "+" + d.cards().size()).toList();
            assertEquals(expected, actual, at(() -> "draw order and counts"));
        }

        void checkPlayersOut(DealState t, Event.PlayersOut o) {
            assertEquals(0, t.stockCount(), at(() -> "out while the stock lasts"));
            List<Integer> expected = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (!t.isOut(i) && t.handSize(i) == 0) {
                    expected.add(i);
                }
            }
            assertFalse(expected.isEmpty(), at(() -> "PlayersOut with nobody going out"));
            assertEquals(expected, o.seats(), at(() -> "who goes out"));
            outEvents++;
            for (int p = 0; p < parties(); p++) {
                if (partyOutAt[p] == Integer.MAX_VALUE) {
                    boolean allOut = true;
                    for (int i = 0; i < n; i++) {
                        if (rules.team(i) == p && !t.isOut(i) && !o.seats().contains(i)) {
                            allOut = false;
                        }
                    }
                    if (allOut) {
                        partyOutAt[p] = outEvents;
                    }
                }
            }
        }

        /** §5 and §6: at most one party holds cards; points 1 + parties out later (durak included), durak 0. */
        void checkDealEnded(DealState t, Event.DealEnded d) {
            int holding = -1;
            int holders = 0;
            for (int p = 0; p < parties(); p++) {
                if (partyCards(t, p) != 0) {
                    holders++;
                    holding = p;
                }
            }
            int count = holders;
            assertTrue(holders <= 1, at(() -> "the deal ended with " + count + " parties holding cards"));
            if (holding < 0) {
                assertEquals(-1, d.durak(), at(() -> "a draw has no durak"));
                assertEquals(CardSet.EMPTY, d.durakCards(), at(() -> "a draw's durak cards"));
            } else {
                assertTrue(d.durak() >= 0 && rules.team(d.durak()) == holding && t.handSize(d.durak()) > 0,
                        at(() -> "the durak is a seat holding cards of the last party: " + d.durak()));
                assertEquals(new CardSet(partyCards(t, holding)), d.durakCards(), at(() -> "the durak's cards"));
            }
            List<Integer> expected = new ArrayList<>();
            for (int seat = 0; seat < n; seat++) {
                int p = rules.team(seat);
                if (p == holding) {
                    expected.add(0);
                    continue;
                }
                int later = 0;
                for (int q = 0; q < parties(); q++) {
                    if (q != p && (q == holding || partyOutAt[q] > partyOutAt[p])) {
                        later++;
                    }
                }
                expected.add(1 + later);
            }
            assertEquals(expected, d.points(), at(() -> "deal points (rules.md §6)"));
            for (int seat = 0; seat < n; seat++) {
                int p = seat;
                assertEquals(d.points().get(rules.team(seat)), d.points().get(seat),
                        at(() -> "partners' points, " + p));
            }
        }

        void checkOver(DealState s) {
            assertEquals(Phase.DEAL_OVER, s.phase(), at(() -> "phase"));
            assertEquals(-1, s.toAct(), at(() -> "nobody acts after the deal"));
            assertEquals(Snap.of(folded), Snap.of(s), at(() -> "folding the events gives the final state"));
            assertNotNull(s.points(), at(() -> "points"));
            checkCards(s);
            checkViews(s);
            for (int i = 0; i < n; i++) {
                assertTrue(DealDecider.legalMoves(s, i).isEmpty(), at(() -> "legal moves after the deal"));
                for (int k = 0; k < RANDOM_MOVES; k++) {
                    Move m = randomMove(s, i);
                    Decision<DealState> d = DealDecider.decide(s, i, m);
                    assertTrue(d instanceof Decision.Rejected<DealState> r
                            && r.rejection().code().equals(Rejection.DEAL_NOT_RUNNING),
                            at(() -> m + " after the deal"));
                }
            }
            SeatView open = Views.openView(s);
            for (int i = 0; i < n; i++) {
                assertEquals(s.hand(i).cards(), open.hands().get(i), at(() -> "open view"));
            }
            int holders = 0;
            for (int p = 0; p < parties(); p++) {
                if (partyCards(s, p) != 0) {
                    holders++;
                }
            }
            assertTrue(holders <= 1, at(() -> "over with several parties holding cards"));
            count("deals");
            count(s.durak() < 0 ? "draw" : "durak");
            countAll(counts);
        }

        // ---- rules.md recomputed ----

        /** §4: holding cards or the stock not empty; in team play a seat stays until both partners are out. */
        boolean active(DealState s, int seat) {
            if (rules.teams()) {
                return !(s.isOut(seat) && s.isOut(rules.partner(seat)));
            }
            return !s.isOut(seat) && (s.handSize(seat) > 0 || s.stockCount() > 0);
        }

        /**
         * §5: a seat without cards in team play is played by its partner. The engine decides this when a seat is
         * given its role (bout start, transfer) and keeps it for the bout: a defender who covers with his last card
         * stays the defender (so nothing more can be thrown in), an attacker who throws his last card keeps his
         * place at the head of the round.
         */
        int actor(DealState s, int seat) {
            return rules.teams() && s.handSize(seat) == 0 ? rules.partner(seat) : seat;
        }

        int nextActiveLeft(DealState s, int seat) {
            for (int i = 1; i <= n; i++) {
                if (active(s, (seat + i) % n)) {
                    return (seat + i) % n;
                }
            }
            return -1;
        }

        int nextActiveRight(DealState s, int seat) {
            for (int i = 1; i <= n; i++) {
                if (active(s, (seat - i + n) % n)) {
                    return (seat - i + n) % n;
                }
            }
            return -1;
        }

        int nextOpponentLeft(DealState s, int seat) {
            for (int i = 1; i <= n; i++) {
                int c = (seat + i) % n;
                if (active(s, c) && !(rules.teams() && rules.team(c) == rules.team(seat))) {
                    return c;
                }
            }
            return -1;
        }

        /** §4.4. */
        int cap(DealState s) {
            return switch (rules.firstBoutLimit()) {
                case FIRST_BOUT -> bouts == 0 ? 5 : 6;
                case UNTIL_FIRST_DISCARD -> s.discard().isEmpty() ? 5 : 6;
                case NONE -> 6;
            };
        }

        int room(DealState s) {
            return Math.max(0, Math.min(cap(s) - s.attackCount(),
                    s.handSize(defenderActor) - uncovered(s)));
        }

        /** §4.3: which of a seat's cards it may throw in by rank and {@code throwIn}. */
        long throwable(DealState s, int seat) {
            boolean neighbour = seat == nextActiveLeft(s, s.defender()) || seat == nextActiveRight(s, s.defender());
            if (rules.throwIn() == ThrowIn.ALL || neighbour) {
                return cardsOfRanks(s.tableCards().bits());
            }
            if (rules.throwIn() == ThrowIn.NEIGHBOURS) {
                return s.table().get(0)[0].rank().mask();
            }
            return 0;
        }

        long partyCards(DealState s, int party) {
            long cards = 0;
            for (int i = 0; i < n; i++) {
                if (rules.team(i) == party) {
                    cards |= s.hand(i).bits();
                }
            }
            return cards;
        }
    }

    // ---- helpers ----

    /** A cheap digest of a state's observable fields, to see that a decide changed nothing. */
    static long fingerprint(DealState s) {
        long h = s.phase().ordinal();
        h = h * 31 + s.toAct();
        h = h * 31 + s.attacker();
        h = h * 31 + s.defender();
        for (int i = 0; i < s.players(); i++) {
            h = h * 31 + s.hand(i).bits();
            h = h * 31 + s.known(i).bits();
            h = h * 31 + (s.isOut(i) ? 1 : 0);
        }
        h = h * 31 + s.stockCount();
        h = h * 31 + s.discard().bits();
        h = h * 31 + s.discardCount();
        h = h * 31 + s.tableCards().bits();
        h = h * 31 + s.attackCount();
        h = h * 31 + uncovered(s);
        h = h * 31 + s.boutsPlayed();
        h = h * 31 + s.roomLeft();
        return h;
    }

    /** Attack cards on the table minus covers: every table card is one or the other. */
    static int uncovered(DealState s) {
        return 2 * s.attackCount() - s.tableCards().size();
    }

    /** §2: same suit and higher, or a trump against a non-trump. */
    static boolean beats(Card c, Card other, Suit trump) {
        if (c.suit() == other.suit()) {
            return c.rank().compareTo(other.rank()) > 0;
        }
        return c.suit() == trump;
    }

    /** All cards of the ranks present in {@code cards}. */
    static long cardsOfRanks(long cards) {
        long all = 0;
        for (Rank r : Rank.values()) {
            if ((cards & r.mask()) != 0) {
                all |= r.mask();
            }
        }
        return all;
    }

    /** Every non-empty subset of {@code cards} with at most {@code max} cards. */
    static void subsets(long cards, int max, Consumer<CardSet> out) {
        int[] idx = new int[Long.bitCount(cards)];
        int k = 0;
        for (long m = cards; m != 0; m &= m - 1) {
            idx[k++] = Long.numberOfTrailingZeros(m);
        }
        combine(idx, 0, 0L, 0, max, out);
    }

    private static void combine(int[] idx, int from, long chosen, int size, int max,
                                Consumer<CardSet> out) {
        for (int i = from; i < idx.length; i++) {
            long next = chosen | 1L << idx[i];
            out.accept(new CardSet(next));
            if (size + 1 < max) {
                combine(idx, i + 1, next, size + 1, max, out);
            }
        }
    }

    /** The cards a move names (a switch rather than reflection: views list many moves). */
    static long movesCards(Move m) {
        if (m instanceof Move.Attack a) {
            return a.cardSet().bits();
        } else if (m instanceof Move.Throw t) {
            return t.cardSet().bits();
        } else if (m instanceof Move.Cover c) {
            return c.attack().bit() | c.card().bit();
        } else if (m instanceof Move.Transfer t) {
            return t.card().bit();
        } else if (m instanceof Move.ShowTrump t) {
            return t.trump().bit();
        } else if (m instanceof Move.Take || m instanceof Move.Pass) {
            return 0;
        }
        return recordCards((Record) m);
    }

    static Object invoke(Method accessor, Object target) {
        try {
            return accessor.invoke(target);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** Every card anywhere inside a value: cards, card sets, arrays, collections, maps, records (moves). */
    static long cardsIn(Object o) {
        if (o == null) {
            return 0;
        } else if (o instanceof Card c) {
            return c.bit();
        } else if (o instanceof CardSet cs) {
            return cs.bits();
        } else if (o instanceof Object[] array) {
            long m = 0;
            for (Object x : array) {
                m |= cardsIn(x);
            }
            return m;
        } else if (o instanceof Collection<?> c) {
            long m = 0;
            for (Object x : c) {
                m |= cardsIn(x);
            }
            return m;
        } else if (o instanceof Move m) {
            return movesCards(m);
        } else if (o instanceof Map<?, ?> map) {
            return cardsIn(map.keySet()) | cardsIn(map.values());
        } else if (o instanceof Record r) {
            return recordCards(r);
        }
        return 0;
    }

    private static long recordCards(Record r) {
        long m = 0;
        for (Method a : ACCESSORS.get(r.getClass())) {
            m |= cardsIn(invoke(a, r));
        }
        return m;
    }
}
