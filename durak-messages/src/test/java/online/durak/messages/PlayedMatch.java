package online.durak.messages;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import online.durak.engine.BotLevel;
import online.durak.engine.DailySecret;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Decision;
import online.durak.engine.Event;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.engine.Shuffle;
import online.durak.engine.Views;
import online.durak.engine.table.TableCommand;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableState;
import online.durak.engine.table.TableStatus;

/**
 * A whole match played through the engine's table Decider with random legal moves: the source of real
 * samples (events, moves, seat views) for the tests. Seat 0 creates, a guest joins, leaves and joins again,
 * the last seat is a bot; the humans press continue between deals.
 */
final class PlayedMatch {
    final Rules rules;
    /** Every event of the table's log, in order. */
    final List<Event> events = new ArrayList<>();
    /** The table state right after each event (same index as {@link #events}). */
    final List<TableState> states = new ArrayList<>();
    /** Views of every seat before every move, and the open view of every finished deal, with their deal. */
    final List<Seen> views = new ArrayList<>();
    /** Every legal move that was offered. */
    final Set<Move> moves = new LinkedHashSet<>();

    /** A view and the deal it was made of. */
    record Seen(DealState deal, SeatView view) {
    }

    private TableState table = TableState.NONE;
    private final SplittableRandom random;
    /** The step at which {@link #leaver} leaves the running match; -1: nobody leaves. */
    private int leaveStep = -1;
    private String leaver;

    private PlayedMatch(Rules rules, long seed) {
        this.rules = rules;
        this.random = new SplittableRandom(seed);
    }

    /** The daily secret of the installation these samples are played at. */
    static final DailySecret DAILY_SECRET = new DailySecret(new byte[32]);

    /** A sealed shuffle, its salt made from the seed so that the samples are the same on every run. */
    static Shuffle shuffle(long seed) {
        return new Shuffle(seed, HexFormat.of().toHexDigits(seed).repeat(4), DAILY_SECRET);
    }

    static String playerId(int seat) {
        return "player-" + seat;
    }

    static PlayedMatch play(Rules rules, long seed) {
        PlayedMatch m = new PlayedMatch(rules, seed);
        m.run(seed, false);
        return m;
    }

    /** A solo game against NORMAL bots in which the player takes hints now and then. */
    static PlayedMatch solo(Rules rules, long seed) {
        PlayedMatch m = new PlayedMatch(rules, seed);
        m.run(seed, true);
        return m;
    }

    /**
     * Two people and a bot (three seats): Boris leaves the running match at step {@code leaveStep} and a bot plays
     * his seat to the end; or, {@code solo}, the one person of a solo match leaves it and so ends it.
     */
    static PlayedMatch left(Rules rules, long seed, int leaveStep, boolean solo) {
        PlayedMatch m = new PlayedMatch(rules, seed);
        m.leaveStep = leaveStep;
        m.leaver = playerId(solo ? 0 : 1);
        m.run(seed, solo);
        return m;
    }

    /** A table that never started: a guest joins and leaves, then its creator leaves too and it closes. */
    static PlayedMatch abandoned(Rules rules, long seed) {
        PlayedMatch m = new PlayedMatch(rules, seed);
        m.send(new TableCommand.Create(m.playerId(0), "Anna", rules));
        m.send(new TableCommand.Join(m.playerId(1), "Boris", 1));
        m.send(new TableCommand.Leave(m.playerId(1)));
        m.send(new TableCommand.Leave(m.playerId(0)));
        return m;
    }

    private void run(long seed, boolean solo) {
        int n = rules.players();
        if (solo) {
            send(new TableCommand.CreateSolo(playerId(0), "Anna", rules,
                    java.util.Collections.nCopies(n - 1, BotLevel.NORMAL), shuffle(seed),
                    rules.daily() == null ? online.durak.engine.table.Tempo.SLOW : null)); // a tempo chosen
            play(seed, true);
            return;
        }
        send(new TableCommand.Create(playerId(0), "Anna", rules));
        send(new TableCommand.Join(playerId(1), "Boris", 1));
        send(new TableCommand.Leave(playerId(1)));
        send(new TableCommand.Join(playerId(1), "Boris", null));
        for (int seat = 2; seat < n - 1; seat++) {
            send(new TableCommand.Join(playerId(seat), "Player " + seat, seat));
        }
        if (n > 2) {
            send(new TableCommand.AddBot(playerId(0), n - 1, BotLevel.values()[(int) (seed % 3)]));
        }
        send(new TableCommand.Start(playerId(0), shuffle(seed)));
        play(seed, false);
    }

    /**
     * Plays to the end; with a clock, a human now and then lets the clock and the grace run out (the
     * computer moves for them) and the first board waits until its clock runs out.
     */
    private void play(long seed, boolean solo) {
        int n = rules.players();
        boolean boardTimedOut = false;
        for (int steps = 0; table.status() != TableStatus.FINISHED; steps++) {
            // the clock times people while two or more play (after a leave, maybe one only)
            boolean clock = online.durak.engine.table.TurnClock.runs(table);
            if (steps > 100_000) {
                throw new AssertionError("the match does not end");
            }
            if (steps == leaveStep) {
                send(new TableCommand.Leave(leaver, shuffle(seed + steps)));
                continue;
            }
            DealState deal = table.match().deal();
            if (table.onBoard()) {
                views.add(new Seen(deal, Views.openView(deal)));
                for (int seat = 0; seat < n; seat++) {
                    views.add(new Seen(deal, Views.seatView(deal, seat)));
                    if (clock && !boardTimedOut) {
                        continue;
                    }
                    if (table.seats().get(seat).isHuman()) {
                        send(new TableCommand.Continue(table.seats().get(seat).playerId(), shuffle(seed + steps)));
                    }
                }
                if (clock && !boardTimedOut) {
                    boardTimedOut = true;
                    send(new TableCommand.BoardTimeOut("clock", shuffle(seed + steps)));
                }
                continue;
            }
            int seat = deal.toAct();
            for (int s = 0; s < n; s++) {
                views.add(new Seen(deal, Views.seatView(deal, s)));
            }
            views.add(new Seen(deal, Views.publicView(deal)));
            List<Move> legal = DealDecider.legalMoves(deal, seat);
            moves.addAll(legal);
            String playerId = table.seats().get(seat).playerId();
            boolean human = table.seats().get(seat).isHuman();
            if (solo && human && steps % 7 == 0) {
                send(new TableCommand.Hint(playerId));
            }
            boolean byComputer = clock && human && steps % 13 == 0;
            if (byComputer) {
                send(new TableCommand.TimeOut("clock", seat, java.time.Instant.ofEpochSecond(1_700_000_000L + steps)));
                send(new TableCommand.GraceOver("clock", seat));
            }
            send(new TableCommand.Play(playerId, choose(legal), byComputer));
        }
        DealState last = table.match().deal();
        if (last.isOver()) { // a solo match its person left ends inside a deal
            views.add(new Seen(last, Views.openView(last)));
        }
    }

    /** Random, but transfers and shown trumps whenever offered, so that every event type occurs. */
    private Move choose(List<Move> legal) {
        for (Move m : legal) {
            if ((m instanceof Move.ShowTrump || m instanceof Move.Transfer) && random.nextInt(3) > 0) {
                return m;
            }
        }
        return legal.get(random.nextInt(legal.size()));
    }

    private void send(TableCommand command) {
        Decision<TableState> d = TableDecider.TABLE.decide(command, table);
        if (!(d instanceof Decision.Accepted<TableState> a)) {
            throw new AssertionError(command + " was rejected: " + ((Decision.Rejected<TableState>) d).rejection());
        }
        for (Event e : a.events()) {
            table = TableDecider.TABLE.evolve(table, e);
            events.add(e);
            states.add(table);
        }
    }

    /** The deal state right after event {@code i}, or null before the first deal. */
    DealState dealAfter(int i) {
        TableState t = states.get(i);
        return t.match() == null ? null : t.match().deal();
    }
}
