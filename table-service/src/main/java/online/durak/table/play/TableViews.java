package online.durak.table.play;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;
import online.durak.engine.DailyPoints;
import online.durak.engine.Event;
import online.durak.engine.LeaderboardPoints;
import online.durak.engine.MatchState;
import online.durak.engine.Rules;
import online.durak.engine.ShuffleProof;
import online.durak.engine.Views;
import online.durak.engine.table.SeatHolder;
import online.durak.engine.table.TableState;
import online.durak.engine.table.TurnClock;
import online.durak.messages.EventMessage;
import online.durak.messages.EventVisibility;
import online.durak.messages.SeatEventMessage;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import online.durak.table.play.Answers.Board;
import online.durak.table.play.Answers.BoardRow;
import online.durak.table.play.Answers.Clock;
import online.durak.table.play.Answers.DailyBoard;
import online.durak.table.play.Answers.DealBoard;
import online.durak.table.play.Answers.MatchInView;
import online.durak.table.play.Answers.MatchResult;
import online.durak.table.play.Answers.Replay;
import online.durak.table.play.Answers.ReplayStep;
import online.durak.table.play.Answers.Seat;
import online.durak.table.play.Answers.TableInView;
import online.durak.table.play.Answers.TableSummary;
import online.durak.table.play.Answers.TableView;
import online.durak.table.projection.TableSnapshot;

/**
 * Every answer this service shows a client about a table ({@link Answers}), made from a projection's snapshot.
 * Hidden cards never pass: a deal leaves only through {@link Views#seatView} (one seat) or, once finished, {@link
 * Views#replay}; an event only through {@link EventVisibility} ({@link SeatEventMessage#forSeat}).
 */
public final class TableViews {
    private TableViews() {
    }

    // ---- the lobby and the table ----

    public static TableSummary summary(TableSnapshot s) {
        TableState t = s.state();
        return new TableSummary(s.tableId(), t.status().name(), t.rules(), t.createdBy(), s.createdAt(), s.seq(),
                seats(t), t.freeSeats());
    }

    /** One entry per seat, free or not. */
    public static List<Seat> seats(TableState t) {
        List<Seat> seats = new ArrayList<>(t.seats().size());
        for (int i = 0; i < t.seats().size(); i++) {
            SeatHolder h = t.seats().get(i);
            seats.add(h == null ? new Seat(i, true, null, null, false, null)
                    : new Seat(i, false, h.playerId(), h.name(), h.isHuman(), h.bot()));
        }
        return seats;
    }

    /**
     * A seat's view, with the table's own turn clock; for {@link Spectators#NO_SEAT} the public view of the deal (the
     * caller has checked {@link Spectators#mayWatch}). {@code spectators}: how many watch the table now.
     */
    public static TableView view(TableSnapshot s, int seat, int spectators) {
        TableState t = s.state();
        TableInView table = new TableInView(t.status().name(), t.rules(), seats(t), t.freeSeats(), t.createdBy(),
                t.solo(), leavers(t), spectators);
        MatchState m = t.match();
        if (m == null) {
            return new TableView(s.tableId(), s.seq(), seat, table, null, null, null);
        }
        MatchInView match = new MatchInView(m.dealNumber(), t.rules().dealsPerMatch(), m.dealRunning(), t.onBoard(),
                sorted(t.continued()), m.totals(), m.places(), t.hints());
        return new TableView(s.tableId(), s.seq(), seat, table, match,
                m.deal() == null ? null : seat == Spectators.NO_SEAT ? Views.publicView(m.deal())
                        : Views.seatView(m.deal(), seat), clock(s.clock()));
    }

    /**
     * The clock (rules.md §8): whose decision is timed (-1: the board, waiting for continue), when its turn clock runs
     * out, when the grace after it runs out (null until the turn clock has), and whether the grace has run out too so
     * the computer now plays that move; null when nothing is timed (no clock, solo tables, a bot to act, the table not
     * playing).
     */
    public static Clock clock(TurnClock c) {
        return c == null ? null : new Clock(c.seat(), c.turnEnds(), c.graceEnds(), c.ranOut());
    }

    // ---- events ----

    /** An event as {@code seat} may see it ({@link EventVisibility#NO_SEAT} for a viewer without a seat). */
    public static SeatEventMessage seatEvent(TableSnapshot s, EventMessage m, int seat) {
        return SeatEventMessage.forSeat(m, seat, s.state().rules());
    }

    /** Every event after {@code since} as {@code seat} may see it, in seq order: each seq once. */
    public static List<SeatEventMessage> seatEvents(TableSnapshot s, long since, int seat) {
        List<SeatEventMessage> events = new ArrayList<>();
        for (long seq = Math.max(0, since) + 1; since < s.seq() && seq <= s.seq(); seq++) {
            events.add(seatEvent(s, s.event(seq), seat));
        }
        return events;
    }

    // ---- the board after each deal (rules.md §6) ----

    /** The board: every finished deal with places, points and how they came about; the match's result once over. */
    public static Board board(TableSnapshot s) {
        return board(s, null);
    }

    /** The board, with the table "Again" opened after the match ({@code again}, null: nobody pressed). */
    public static Board board(TableSnapshot s, TableSnapshot again) {
        TableState t = s.state();
        Rules rules = t.rules();
        int n = rules.players();
        List<DealBoard> deals = new ArrayList<>();
        int[] totals = new int[n];
        int dealNumber = 0;
        List<Event.DealEnded> ended = new ArrayList<>();
        for (EventMessage m : s.events()) {
            Event e = m.event();
            if (e instanceof Event.DealStarted d) {
                dealNumber = d.deal();
            } else if (e instanceof Event.DealEnded end) {
                deals.add(dealBoard(t, dealNumber, end, totals));
                ended.add(end);
            }
        }
        DailyBoard daily = rules.daily() == null ? null : new DailyBoard(rules.daily().date().toString(),
                rules.daily().practice(), IntStream.range(0, n).mapToObj(seat -> DailyPoints.of(seat, ended)).toList());
        MatchState match = t.match();
        MatchResult result = null;
        if (match != null && match.isOver()) {
            List<Integer> winners = IntStream.range(0, match.places().size())
                    .filter(i -> match.places().get(i) == 1).boxed().toList();
            List<Integer> points = LeaderboardPoints.ofMatch(match);
            // a seat whose person left: a bot's now, or (a solo match ended by its leave) the leaver's, in left
            List<Integer> people = IntStream.range(0, points.size())
                    .mapToObj(i -> t.seats().get(i) != null && t.seats().get(i).isHuman()
                            && t.leaver(t.seats().get(i).playerId()) == null ? points.get(i) : null)
                    .toList();
            result = new MatchResult(true, match.totals(), match.places(), winners, t.hints(), people, leavers(t));
        }
        return new Board(s.tableId(), s.seq(), t.status().name(), rules.dealsPerMatch(), seats(t), deals,
                match == null ? Collections.nCopies(n, 0) : match.totals(), t.hints(), t.onBoard(),
                sorted(t.continued()), result, again == null ? null : again(again), daily);
    }

    private static Answers.Again again(TableSnapshot a) {
        TableState t = a.state();
        List<Integer> pressed = IntStream.range(0, t.seats().size())
                .filter(i -> t.seats().get(i) != null && t.seats().get(i).isHuman()).boxed().toList();
        return new Answers.Again(a.tableId(), t.status().name(), pressed);
    }

    /**
     * Who left the running match, with the bot that took each seat; once the match is over with their leaderboard
     * points ({@link LeaderboardPoints#ofLeaver}, as the leaderboard counts them).
     */
    public static List<Answers.Leaver> leavers(TableState t) {
        MatchState m = t.match();
        boolean over = m != null && m.isOver();
        return t.left().stream().map(l -> new Answers.Leaver(l.seat(), l.playerId(), l.name(),
                l.replaced() && t.holder(l.seat()) != null ? t.holder(l.seat()).bot() : null, l.deals(),
                over ? LeaderboardPoints.ofLeaver(m, l.seat(), l.deals(), l.replaced()) : null)).toList();
    }

    private static DealBoard dealBoard(TableState t, int dealNumber, Event.DealEnded end, int[] totals) {
        Rules rules = t.rules();
        List<Integer> points = end.points();
        List<BoardRow> rows = new ArrayList<>();
        for (int seat = 0; seat < rules.players(); seat++) {
            int p = points.get(seat);
            totals[seat] += p;
            int better = (int) points.stream().filter(q -> q > p).count();
            rows.add(new BoardRow(seat, name(t, seat), 1 + better, p, calculation(rules, seat, p, end.durak())));
        }
        boolean draw = end.durak() < 0;
        return new DealBoard(dealNumber, draw ? null : end.durak(), draw ? null : name(t, end.durak()),
                end.durakCards(), rows, IntStream.of(totals).boxed().toList());
    }

    /** How a seat's deal points came about (rules.md §6), e.g. "1 + 2 players out after you = 3". */
    static String calculation(Rules rules, int seat, int points, int durak) {
        if (points == 0) {
            if (seat == durak) {
                return "durak: 0";
            }
            return rules.teams() ? "your team is the durak: 0" : "durak: 0";
        }
        int after = points - 1;
        String who = rules.teams() ? (after == 1 ? "team" : "teams") + " out after yours"
                : (after == 1 ? "player" : "players") + " out after you";
        return "1 + " + after + " " + who + " = " + points;
    }

    private static String name(TableState t, int seat) {
        SeatHolder h = seat >= 0 && seat < t.seats().size() ? t.seats().get(seat) : null;
        return h == null ? null : h.name();
    }

    // ---- replays ----

    /**
     * A finished deal step by step with every card open, the first step the deal as dealt, with the table's settings
     * and the deal's shuffle proof (null for a deal dealt before shuffles were sealed). A running deal is refused
     * (409 {@code DEAL_RUNNING}), a deal that was never dealt is 404 {@code NO_SUCH_DEAL}.
     */
    public static Replay replay(TableSnapshot s, int deal) {
        List<EventMessage> events = s.events();
        int start = -1;
        int end = -1;
        for (int i = 0; i < events.size(); i++) {
            Event e = events.get(i).event();
            if (e instanceof Event.DealStarted d && d.deal() == deal) {
                start = i;
            } else if (start >= 0 && e instanceof Event.DealEnded) {
                end = i;
                break;
            }
        }
        if (start < 0) {
            throw new ApiException(404, ErrorCodes.NO_SUCH_DEAL, "deal " + deal + " has not been dealt at this table");
        }
        if (end < 0) {
            throw new ApiException(409, ErrorCodes.DEAL_RUNNING,
                    "deal " + deal + " is still running; it is replayed once it is over (its view is GET /view)");
        }
        List<EventMessage> dealMessages = events.subList(start, end + 1);
        List<Event> dealEvents = dealMessages.stream().map(EventMessage::event).toList();
        List<ReplayStep> steps = new ArrayList<>();
        for (Views.ReplayStep step : Views.replay(s.state().rules(), dealEvents)) {
            EventMessage m = dealMessages.get(step.index());
            steps.add(new ReplayStep(m.seq(), SeatEventMessage.open(m), step.view()));
        }
        return new Replay(s.tableId(), deal, s.state().rules(),
                ShuffleProof.of((Event.DealStarted) dealEvents.get(0)), steps);
    }

    private static List<Integer> sorted(java.util.Collection<Integer> seats) {
        return seats.stream().sorted().toList();
    }
}
