package online.durak.messages;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import online.durak.engine.BotLevel;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.Decision;
import online.durak.engine.Event;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
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

    private PlayedMatch(Rules rules, long seed) {
        this.rules = rules;
        this.random = new SplittableRandom(seed);
    }

    static String playerId(int seat) {
        return "player-" + seat;
    }

    static PlayedMatch play(Rules rules, long seed) {
        PlayedMatch m = new PlayedMatch(rules, seed);
        m.run(seed);
        return m;
    }

    private void run(long seed) {
        int n = rules.players();
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
        send(new TableCommand.Start(playerId(0), seed));
        for (int steps = 0; table.status() != TableStatus.FINISHED; steps++) {
            if (steps > 100_000) {
                throw new AssertionError("the match does not end");
            }
            DealState deal = table.match().deal();
            if (table.onBoard()) {
                views.add(new Seen(deal, Views.openView(deal)));
                for (int seat = 0; seat < n; seat++) {
                    views.add(new Seen(deal, Views.seatView(deal, seat)));
                    if (table.seats().get(seat).isHuman()) {
                        send(new TableCommand.Continue(table.seats().get(seat).playerId(), seed + steps));
                    }
                }
                continue;
            }
            int seat = deal.toAct();
            for (int s = 0; s < n; s++) {
                views.add(new Seen(deal, Views.seatView(deal, s)));
            }
            List<Move> legal = DealDecider.legalMoves(deal, seat);
            moves.addAll(legal);
            send(new TableCommand.Play(table.seats().get(seat).playerId(), choose(legal)));
        }
        DealState last = table.match().deal();
        views.add(new Seen(last, Views.openView(last)));
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
        Decision<TableState> d = TableDecider.decide(table, command);
        if (!(d instanceof Decision.Accepted<TableState> a)) {
            throw new AssertionError(command + " was rejected: " + ((Decision.Rejected<TableState>) d).rejection());
        }
        for (Event e : a.events()) {
            table = TableDecider.evolve(table, e);
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
