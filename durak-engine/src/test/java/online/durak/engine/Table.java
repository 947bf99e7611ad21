package online.durak.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A deal under test: {@link #when} plays a move that must be accepted, {@link #rejects} one that must be
 * refused with a given code and change nothing; the other methods state what must hold now. Every method
 * returns the table, so a test reads given → when → then.
 */
public final class Table {
    private DealState state;
    private List<Event> events = List.of();

    Table(DealState state) {
        this.state = state;
    }

    public static Table of(DealState state) {
        return new Table(state);
    }

    public DealState state() {
        return state;
    }

    /** The events of the last accepted move. */
    public List<Event> events() {
        return events;
    }

    // ---- when ----

    public Table when(int seat, String move) {
        return when(seat, Given.move(move));
    }

    public Table when(int seat, Move move) {
        Decision<DealState> d = DealDecider.decide(state, seat, move);
        if (d instanceof Decision.Rejected<DealState> r) {
            fail("seat " + seat + " " + describe(move) + " was refused: " + r.rejection() + "\n  in " + state);
        }
        Decision.Accepted<DealState> a = (Decision.Accepted<DealState>) d;
        assertEquals(a.state().toString(), replay(state, a.events()).toString(),
                "decide's state is the fold of evolve over its events");
        events = a.events();
        state = a.state();
        return this;
    }

    /** Several moves by the seats to act, e.g. {@code plays("0 attack 8D", "1 cover 8D 10D")}. */
    public Table plays(String... seatMoves) {
        for (String sm : seatMoves) {
            String t = sm.trim();
            int space = t.indexOf(' ');
            when(Integer.parseInt(t.substring(0, space)), t.substring(space + 1));
        }
        return this;
    }

    /** The move is refused with {@code code}, and the deal is exactly as before. */
    public Table rejects(int seat, String move, String code) {
        return rejects(seat, Given.move(move), code);
    }

    public Table rejects(int seat, Move move, String code) {
        String before = fingerprint(state);
        Decision<DealState> d = DealDecider.decide(state, seat, move);
        if (d instanceof Decision.Accepted<DealState> a) {
            fail("seat " + seat + " " + describe(move) + " was accepted (" + types(a.events())
                    + "), expected " + code + "\n  in " + state);
        }
        assertEquals(code, ((Decision.Rejected<DealState>) d).rejection().code(),
                () -> "seat " + seat + " " + describe(move) + ": " + ((Decision.Rejected<DealState>) d).rejection());
        assertEquals(before, fingerprint(state), "a rejected move changes nothing");
        assertFalse(DealDecider.legalMoves(state, seat).contains(move), "a refused move is not listed as legal");
        return this;
    }

    // ---- then ----

    /** Reads as the rules: {@code .when(...).then().phase(...)}. */
    public Table then() {
        return this;
    }

    public Table phase(Phase phase) {
        assertEquals(phase, state.phase(), () -> "phase in " + state);
        return this;
    }

    public Table toAct(int seat) {
        assertEquals(seat, state.toAct(), () -> "toAct in " + state);
        return this;
    }

    public Table attacker(int seat) {
        assertEquals(seat, state.attacker(), () -> "attacker in " + state);
        return this;
    }

    public Table defender(int seat) {
        assertEquals(seat, state.defender(), () -> "defender in " + state);
        return this;
    }

    /** {@code seat} attacks {@code defender} in a bout not yet opened, and must act. */
    public Table nextBout(int attacker, int defender) {
        return phase(Phase.ATTACK).attacker(attacker).defender(defender);
    }

    public Table hand(int seat, String cards) {
        assertEquals(Given.cards(cards), state.hand(seat), () -> "hand of seat " + seat + " in " + state);
        return this;
    }

    public Table handSizes(int... sizes) {
        int[] got = new int[state.players()];
        for (int i = 0; i < got.length; i++) {
            got[i] = state.handSize(i);
        }
        assertEquals(Arrays.toString(sizes), Arrays.toString(got), () -> "hand sizes in " + state);
        return this;
    }

    /** The table as {@code "8D/10D"} (covered) and {@code "8C/-"} (uncovered) pairs, in the order played. */
    public Table table(String... pairs) {
        List<String> got = new ArrayList<>();
        for (Card[] p : state.table()) {
            got.add(p[0] + "/" + (p[1] == null ? "-" : p[1]));
        }
        assertEquals(List.of(pairs), got, () -> "table in " + state);
        return this;
    }

    /** The table pairs in any order: several cards played in one move have no order among themselves. */
    public Table tableInAnyOrder(String... pairs) {
        List<String> got = new ArrayList<>();
        for (Card[] p : state.table()) {
            got.add(p[0] + "/" + (p[1] == null ? "-" : p[1]));
        }
        assertEquals(new java.util.TreeSet<>(List.of(pairs)), new java.util.TreeSet<>(got), () -> "table in " + state);
        assertEquals(pairs.length, got.size());
        return this;
    }

    public Table discardCount(int n) {
        assertEquals(n, state.discardCount(), () -> "discard count in " + state);
        return this;
    }

    public Table stockCount(int n) {
        assertEquals(n, state.stockCount(), () -> "stock count in " + state);
        return this;
    }

    public Table out(Integer... seats) {
        List<Integer> got = new ArrayList<>();
        for (int i = 0; i < state.players(); i++) {
            if (state.isOut(i)) {
                got.add(i);
            }
        }
        assertEquals(List.of(seats), got, () -> "seats out in " + state);
        return this;
    }

    public Table durak(int seat) {
        phase(Phase.DEAL_OVER);
        assertEquals(seat, state.durak(), () -> "durak in " + state);
        return this;
    }

    /** The deal ended with nobody holding cards. */
    public Table draw() {
        phase(Phase.DEAL_OVER);
        assertEquals(-1, state.durak(), () -> "a draw has no durak: " + state);
        return this;
    }

    public Table points(int... points) {
        assertEquals(Arrays.toString(points), Arrays.toString(state.points()), () -> "points in " + state);
        return this;
    }

    public Table known(int seat, String cards) {
        assertEquals(Given.cards(cards), state.known(seat), () -> "known cards of seat " + seat + " in " + state);
        return this;
    }

    public Table roomLeft(int n) {
        assertEquals(n, state.roomLeft(), () -> "room left in " + state);
        return this;
    }

    /** The event types of the last accepted move, in order. */
    public Table emitted(String... types) {
        assertEquals(List.of(types), types(events));
        return this;
    }

    /** The seats that drew cards at the end of the last bout, in drawing order. */
    public Table drew(Integer... seats) {
        List<Integer> got = new ArrayList<>();
        for (Event e : events) {
            if (e instanceof Event.CardsDrawn d) {
                got.add(d.seat());
            }
        }
        assertEquals(List.of(seats), got, () -> "drawing order in " + events);
        return this;
    }

    public Table drewCards(int seat, String cards) {
        for (Event e : events) {
            if (e instanceof Event.CardsDrawn d && d.seat() == seat) {
                assertEquals(Given.cards(cards), d.cards(), "cards drawn by seat " + seat);
                return this;
            }
        }
        return fail("seat " + seat + " drew nothing: " + events);
    }

    public Table legal(int seat, String move) {
        assertTrue(DealDecider.legalMoves(state, seat).contains(Given.move(move)),
                () -> move + " is legal for seat " + seat + " in " + state);
        return this;
    }

    public Table notLegal(int seat, String move) {
        assertFalse(DealDecider.legalMoves(state, seat).contains(Given.move(move)),
                () -> move + " is not legal for seat " + seat + " in " + state);
        return this;
    }

    public SeatView view(int seat) {
        return Views.seatView(state, seat);
    }

    // ---- helpers ----

    static List<String> types(List<Event> events) {
        return events.stream().map(Event::type).toList();
    }

    private static DealState replay(DealState from, List<Event> events) {
        DealState s = from;
        for (Event e : events) {
            s = DealDecider.evolve(s, (Event.DealEvent) e);
        }
        return s;
    }

    private static String describe(Move m) {
        return m.type() + " " + m;
    }

    /** Everything a move could change, as text. */
    static String fingerprint(DealState s) {
        StringBuilder b = new StringBuilder(s.toString());
        for (int i = 0; i < s.players(); i++) {
            b.append(" known").append(i).append('=').append(s.known(i));
        }
        return b.append(" stock=").append(s.stock()).append(" discard=").append(s.discard())
                .append(" room=").append(s.roomLeft()).append(" toCome=").append(s.stillToComeInRound())
                .append(" passed=").append(s.passedInRound()).append(" durak=").append(s.durak())
                .append(" points=").append(Arrays.toString(s.points())).toString();
    }
}
