package online.durak.table;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import online.durak.engine.BotLevel;
import online.durak.engine.DailySecret;
import online.durak.engine.Decision;
import online.durak.engine.DealState;
import online.durak.engine.Event;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.Shuffle;
import online.durak.engine.Views;
import online.durak.engine.table.TableCommand;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableState;
import online.durak.messages.EventMessage;

/**
 * A made-up table played with the engine itself: commands decided by {@link TableDecider}, events collected
 * with their seqs (1-based), as the rules service would store them.
 */
public final class Script {
    public final String tableId;
    public TableState state = TableState.NONE;
    public final List<EventMessage> messages = new ArrayList<>();

    /** The daily secret of the installation these scripts are played at. */
    public static final DailySecret DAILY_SECRET = new DailySecret(new byte[32]);

    public Script(String tableId) {
        this.tableId = tableId;
    }

    /** A sealed shuffle as the rules service draws one, its salt made from the seed: the same script, the same events. */
    public static Shuffle shuffle(long seed) {
        return new Shuffle(seed, HexFormat.of().toHexDigits(seed).repeat(4), DAILY_SECRET);
    }

    /** A two-player table of {@code p0} and {@code p1}, started with {@code seed}. */
    public static Script started(String tableId, String p0, String p1, Rules rules, long seed) {
        return new Script(tableId)
                .run(new TableCommand.Create(p0, "Anna", rules))
                .run(new TableCommand.Join(p1, "Boris", null))
                .run(new TableCommand.Start(p0, shuffle(seed)));
    }

    /** {@code player}'s attempt at the daily game of {@code day} (docs/daily.md): a solo table against two STRONG bots. */
    public static Script daily(String tableId, String player, LocalDate day, boolean practice) {
        return new Script(tableId).run(new TableCommand.CreateSolo(player, "Anna", Rules.daily(day, practice),
                List.of(BotLevel.STRONG, BotLevel.STRONG), shuffle(day.toEpochDay())));
    }

    public Script run(TableCommand command) {
        Decision<TableState> d = TableDecider.TABLE.decide(command, state);
        if (d instanceof Decision.Rejected<TableState> r) {
            throw new IllegalStateException("rejected: " + r.rejection());
        }
        Decision.Accepted<TableState> a = (Decision.Accepted<TableState>) d;
        String commandId = command.playerId() + ":c" + messages.size();
        for (Event e : a.events()) {
            messages.add(new EventMessage(tableId, messages.size() + 1, e, commandId, Instant.parse("2025-01-31T18:00:00Z")
                    .plusMillis(messages.size())));
        }
        state = a.state();
        return this;
    }

    /** Plays {@code moves} times the first legal move of whoever acts (stops when the deal is over). */
    public Script play(int moves) {
        for (int i = 0; i < moves; i++) {
            DealState deal = state.match().deal();
            if (deal.isOver() || deal.toAct() < 0) {
                return this;
            }
            int seat = deal.toAct();
            Move m = Views.seatView(deal, seat).legalMoves().get(0);
            run(new TableCommand.Play(state.seats().get(seat).playerId(), m));
        }
        return this;
    }

    /** Plays until the running deal is over. */
    public Script playDeal() {
        while (state.match().dealRunning()) {
            play(1);
        }
        return this;
    }

    public long lastSeq() {
        return messages.size();
    }

    public EventMessage seq(long seq) {
        return messages.get((int) seq - 1);
    }

    public List<EventMessage> range(long fromSeq, long toSeq) {
        return messages.subList((int) fromSeq - 1, (int) toSeq);
    }

    public static Rules twoPlayers(int dealsPerMatch) {
        return Rules.defaults(2).withTurnClockSeconds(0).withDealsPerMatch(dealsPerMatch);
    }
}
