package online.durak.bot;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import online.durak.engine.BotLevel;
import online.durak.engine.DealDecider;
import online.durak.engine.Decision;
import online.durak.engine.Event;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.Shuffle;
import online.durak.engine.table.TableCommand;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableState;
import online.durak.messages.EventMessage;

/**
 * A table played with the engine, as the rules service would: commands decided by {@link TableDecider}, the
 * accepted events numbered 1, 2, ... as {@link EventMessage}s. The tests' source of real event logs.
 */
public final class Game {
    public static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

    public final String tableId;
    public TableState state = TableState.NONE;
    public final List<EventMessage> events = new ArrayList<>();

    public Game(String tableId) {
        this.tableId = tableId;
    }

    /** Decides a command; its events are appended (with the command id given), or the rejection thrown. */
    public List<EventMessage> send(TableCommand c, String commandId) {
        Decision<TableState> d = TableDecider.TABLE.decide(c, state);
        if (d instanceof Decision.Rejected<TableState> r) {
            throw new IllegalStateException(c + " refused: " + r.rejection());
        }
        Decision.Accepted<TableState> a = (Decision.Accepted<TableState>) d;
        List<EventMessage> out = new ArrayList<>();
        for (Event e : a.events()) {
            out.add(new EventMessage(tableId, events.size() + 1, e, commandId, T0.plusSeconds(events.size())));
            events.add(out.get(out.size() - 1));
        }
        state = a.state();
        return out;
    }

    /**
     * Appends an event as the store holds it, without a decision: e.g. a {@code HintTaken} while a bot is to act,
     * which logs written before hints were refused out of turn (engine {@code HintRules}) may contain.
     */
    public List<EventMessage> logged(Event e) {
        EventMessage m = new EventMessage(tableId, events.size() + 1, e, "c-" + (events.size() + 1),
                T0.plusSeconds(events.size()));
        events.add(m);
        state = TableDecider.TABLE.evolve(state, e);
        return List.of(m);
    }

    public List<EventMessage> send(TableCommand c) {
        return send(c, "c-" + (events.size() + 1));
    }

    public long lastSeq() {
        return events.size();
    }

    /** The first legal move of the seat to act. */
    public Move anyLegal() {
        return DealDecider.legalMoves(state.match().deal(), state.toAct()).get(0);
    }

    public String actorId() {
        return state.holder(state.toAct()).playerId();
    }

    public List<Move> legalMoves(int seat) {
        return DealDecider.legalMoves(state.match().deal(), seat);
    }

    /** A solo game (the human in seat 0, bots of {@code level} in the others) in which a bot acts first. */
    public static Game soloBotFirst(String tableId, Rules rules, BotLevel level) {
        return soloBotFirst(tableId, rules, level, null);
    }

    /** {@link #soloBotFirst}, its person having chosen this tempo (null: none). */
    public static Game soloBotFirst(String tableId, Rules rules, BotLevel level, online.durak.engine.table.Tempo tempo) {
        for (long seed = 1; ; seed++) {
            Game g = new Game(tableId);
            g.send(new TableCommand.CreateSolo("human-" + tableId, "Anna", rules,
                    java.util.Collections.nCopies(rules.players() - 1, level), Shuffle.of(seed), tempo));
            if (g.state.toAct() > 0) {
                return g;
            }
        }
    }

    /** Two people at a table with a clock, the match started, the first player's move still to come. */
    public static Game twoHumans(String tableId) {
        Game g = new Game(tableId);
        g.send(new TableCommand.Create("anna-" + tableId, "Anna", Rules.defaults(2).withTurnClockSeconds(30)));
        g.send(new TableCommand.Join("boris-" + tableId, "Boris", 1));
        g.send(new TableCommand.Start("anna-" + tableId, Shuffle.of(7)));
        return g;
    }

    /** {@link #twoHumans}, then the clock and the grace of the seat to act run out. */
    public static Game twoHumansTimedOut(String tableId) {
        Game g = twoHumans(tableId);
        int seat = g.state.toAct();
        g.send(new TableCommand.TimeOut("clock", seat, T0.plusSeconds(40)), null);
        g.send(new TableCommand.GraceOver("clock", seat), null);
        return g;
    }
}
