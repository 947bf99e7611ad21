package online.durak.leaderboard;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import online.durak.engine.BotLevel;
import online.durak.engine.DailySecret;
import online.durak.engine.DealDecider;
import online.durak.engine.Decision;
import online.durak.engine.Event;
import online.durak.engine.Rules;
import online.durak.engine.Shuffle;
import online.durak.engine.table.SeatHolder;
import online.durak.engine.table.TableCommand;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableState;
import online.durak.engine.table.TableStatus;
import online.durak.messages.EventMessage;

/**
 * A whole match played with the engine, as the rules service would decide it: every command decided by
 * {@link TableDecider}, the accepted events numbered 1, 2, ... as {@link EventMessage}s one second apart from
 * {@code start}. Every seat plays its first legal move; the people press continue after each deal. The tests' source
 * of real event logs.
 */
public final class Match {
    public final String tableId;
    public final List<EventMessage> events = new ArrayList<>();
    public TableState state = TableState.NONE;
    private final Instant start;

    /** The daily secret of the installation these matches are played at. */
    static final DailySecret DAILY_SECRET = new DailySecret(new byte[32]);

    /** A shuffle as the rules service draws one (unsealed here: the leaderboard reads no seal). */
    private static Shuffle shuffle(long seed) {
        return new Shuffle(seed, null, DAILY_SECRET);
    }

    private Match(String tableId, Instant start) {
        this.tableId = tableId;
        this.start = start;
    }

    /**
     * Plays a match to its end: the people (id, name pairs) take seats 0, 1, ... and bots of {@code bot} the rest.
     */
    public static Match played(String tableId, Rules rules, Instant start, long seed, List<String[]> people,
                               BotLevel bot) {
        return played(tableId, rules, start, seed, people, bot, null, 0);
    }

    /**
     * Plays a match to its end, in which {@code leaver} (a person's id; null: nobody) leaves the running match at the
     * first move of the deal after {@code afterDeals} finished deals: a bot takes the seat, or the match ends.
     */
    public static Match played(String tableId, Rules rules, Instant start, long seed, List<String[]> people,
                               BotLevel bot, String leaver, int afterDeals) {
        Match m = new Match(tableId, start);
        String creator = people.get(0)[0];
        m.send(new TableCommand.Create(creator, people.get(0)[1], rules));
        for (int i = 1; i < people.size(); i++) {
            m.send(new TableCommand.Join(people.get(i)[0], people.get(i)[1], i));
        }
        for (int seat = people.size(); seat < rules.players(); seat++) {
            m.send(new TableCommand.AddBot(creator, seat, bot));
        }
        m.send(new TableCommand.Start(creator, shuffle(seed)));
        for (int step = 0; m.state.status() != TableStatus.FINISHED; step++) {
            if (step > 20_000) {
                throw new IllegalStateException("the match at " + tableId + " does not end");
            }
            if (m.state.onBoard()) {
                for (int seat = 0; seat < rules.players() && m.state.onBoard(); seat++) {
                    SeatHolder h = m.state.seats().get(seat);
                    if (h.isHuman() && !m.state.continued().contains(seat) && m.state.onBoard()) {
                        m.send(new TableCommand.Continue(h.playerId(), shuffle(seed + step)));
                    }
                }
                continue;
            }
            if (leaver != null && m.state.seatOf(leaver) >= 0 && m.state.match().dealPoints().size() == afterDeals) {
                m.send(new TableCommand.Leave(leaver, shuffle(seed + step)));
                continue;
            }
            int seat = m.state.toAct();
            m.send(new TableCommand.Play(m.state.holder(seat).playerId(),
                    DealDecider.legalMoves(m.state.match().deal(), seat).get(0), false));
        }
        return m;
    }

    private void send(TableCommand c) {
        Decision<TableState> d = TableDecider.TABLE.decide(c, state);
        if (d instanceof Decision.Rejected<TableState> r) {
            throw new IllegalStateException(c + " refused: " + r.rejection());
        }
        Decision.Accepted<TableState> a = (Decision.Accepted<TableState>) d;
        String commandId = "c-" + (events.size() + 1);
        for (Event e : a.events()) {
            events.add(new EventMessage(tableId, events.size() + 1, e, commandId, start.plusSeconds(events.size())));
        }
        state = a.state();
    }

    /** The places at the match's end, by seat. */
    public List<Integer> places() {
        return state.match().places();
    }
}
