package online.durak.table.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import online.durak.engine.BotLevel;
import online.durak.engine.Event;
import online.durak.engine.MatchState;
import online.durak.engine.Rules;
import online.durak.engine.SeatView;
import online.durak.engine.Views;
import online.durak.engine.table.SeatHolder;
import online.durak.engine.table.TableState;
import online.durak.engine.table.TurnClock;
import online.durak.messages.Codec;
import online.durak.messages.EventMessage;
import online.durak.messages.EventVisibility;
import online.durak.messages.SeatEventMessage;
import online.durak.table.projection.TableSnapshot;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;

/**
 * Every JSON this service shows a client about a table, made from a projection's snapshot. Hidden cards
 * never pass: a deal leaves only through {@link Views#seatView} (one seat) or, once finished, {@link
 * Views#replay}; an event only through {@link EventVisibility} ({@link SeatEventMessage#forSeat}).
 */
public final class TableViews {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private TableViews() {
    }

    // ---- the lobby and the table ----

    /** {@code {tableId, status, settings, createdBy, createdAt, seq, seats, freeSeats}}. */
    public static ObjectNode summary(TableSnapshot s) {
        TableState t = s.state();
        ObjectNode o = F.objectNode();
        o.put("tableId", s.tableId());
        o.put("status", t.status().name());
        o.set("settings", Codec.toNode(t.rules()));
        o.put("createdBy", t.createdBy());
        o.put("createdAt", s.createdAt() == null ? null : s.createdAt().toString());
        o.put("seq", s.seq());
        o.set("seats", seats(t));
        o.put("freeSeats", t.freeSeats());
        return o;
    }

    /**
     * One entry per seat: {@code {seat, free, playerId, name, human, bot}} ({@code human}: a person sits there;
     * {@code bot}: the bot's level, or null for a person or a free seat).
     */
    public static ArrayNode seats(TableState t) {
        ArrayNode a = F.arrayNode();
        for (int i = 0; i < t.seats().size(); i++) {
            SeatHolder h = t.seats().get(i);
            ObjectNode seat = a.addObject();
            seat.put("seat", i);
            seat.put("free", h == null);
            seat.put("playerId", h == null ? null : h.playerId());
            seat.put("name", h == null ? null : h.name());
            seat.put("human", h != null && h.isHuman());
            seat.put("bot", h == null || h.bot() == null ? null : botLevel(h.bot()));
        }
        return a;
    }

    static String botLevel(BotLevel b) {
        return switch (b) {
            case EASY -> "EASY";
            case NORMAL -> "NORMAL";
            case STRONG -> "STRONG";
        };
    }

    /** A seat's view with the table's own turn clock. */
    public static ObjectNode view(TableSnapshot s, int seat) {
        return view(s, seat, null);
    }

    /**
     * A seat's view: {@code {tableId, seq, seat, table: {status, settings, seats, freeSeats, createdBy, solo},
     * match: {dealNumber, dealsPerMatch, dealRunning, onBoard, continued, totals, places, hints} or null,
     * deal: SeatView or null, clock: {seat, turnEnds, graceEnds, computerMoves} or null}}. {@code turnOverride}
     * gives every decision that long instead of the table's {@code turnClock} (tests only; null: the table's).
     */
    public static ObjectNode view(TableSnapshot s, int seat, Duration turnOverride) {
        TableState t = s.state();
        ObjectNode o = F.objectNode();
        o.put("tableId", s.tableId());
        o.put("seq", s.seq());
        o.put("seat", seat);
        ObjectNode table = o.putObject("table");
        table.put("status", t.status().name());
        table.set("settings", Codec.toNode(t.rules()));
        table.set("seats", seats(t));
        table.put("freeSeats", t.freeSeats());
        table.put("createdBy", t.createdBy());
        table.put("solo", t.solo());
        MatchState m = t.match();
        if (m == null) {
            o.putNull("match");
            o.putNull("deal");
            o.putNull("clock");
            return o;
        }
        ObjectNode match = o.putObject("match");
        match.put("dealNumber", m.dealNumber());
        match.put("dealsPerMatch", t.rules().dealsPerMatch());
        match.put("dealRunning", m.dealRunning());
        match.put("onBoard", t.onBoard());
        match.set("continued", ints(t.continued().stream().sorted().toList()));
        match.set("totals", ints(m.totals()));
        if (m.places() == null) {
            match.putNull("places");
        } else {
            match.set("places", ints(m.places()));
        }
        match.set("hints", ints(t.hints()));
        if (m.deal() == null) {
            o.putNull("deal");
        } else {
            o.set("deal", Codec.toNode(Views.seatView(m.deal(), seat)));
        }
        o.set("clock", clock(s.clock(turnOverride)));
        return o;
    }

    /**
     * The clock (rules.md §8): {@code {seat, turnEnds, graceEnds, computerMoves}} — whose decision is timed (-1:
     * the board, waiting for continue), when its turn clock runs out, when the grace after it runs out (null until
     * the turn clock has), and whether the grace has run out too so the computer now plays that move; null when
     * nothing is timed (no clock, solo tables, a bot to act, the table not playing).
     */
    public static JsonNode clock(TurnClock c) {
        if (c == null) {
            return F.nullNode();
        }
        ObjectNode o = F.objectNode();
        o.put("seat", c.seat());
        o.put("turnEnds", c.turnEnds().toString());
        o.put("graceEnds", c.graceEnds() == null ? null : c.graceEnds().toString());
        o.put("computerMoves", c.ranOut());
        return o;
    }

    // ---- events ----

    /** An event as {@code seat} may see it ({@link EventVisibility#NO_SEAT} for a viewer without a seat). */
    public static ObjectNode seatEvent(TableSnapshot s, EventMessage m, int seat) {
        Rules rules = s.state().rules();
        return Codec.toNode(SeatEventMessage.forSeat(m, seat, rules));
    }

    /** Every event after {@code since} as {@code seat} may see it, in seq order: each seq once. */
    public static ArrayNode seatEvents(TableSnapshot s, long since, int seat) {
        ArrayNode a = F.arrayNode();
        if (since >= s.seq()) {
            return a;
        }
        for (long seq = Math.max(0, since) + 1; seq <= s.seq(); seq++) {
            a.add(seatEvent(s, s.event(seq), seat));
        }
        return a;
    }

    // ---- the board after each deal (rules.md §6) ----

    /**
     * {@code {tableId, seq, status, dealsPerMatch, seats, deals: [{deal, durak, durakName, durakCards, rows: [{seat,
     * name, place, points, calculation}], totals}], totals, hints, onBoard, continued, match: {over, totals, places,
     * winners, hints} }}; {@code hints}: how many hints each seat took (rules.md §8, solo tables only).
     */
    public static ObjectNode board(TableSnapshot s) {
        TableState t = s.state();
        Rules rules = t.rules();
        ObjectNode o = F.objectNode();
        o.put("tableId", s.tableId());
        o.put("seq", s.seq());
        o.put("status", t.status().name());
        o.put("dealsPerMatch", rules.dealsPerMatch());
        o.set("seats", seats(t));
        ArrayNode deals = o.putArray("deals");
        int n = rules.players();
        int[] totals = new int[n];
        int dealNumber = 0;
        for (EventMessage m : s.events()) {
            Event e = m.event();
            if (e instanceof Event.DealStarted d) {
                dealNumber = d.deal();
            } else if (e instanceof Event.DealEnded end) {
                deals.add(dealBoard(t, dealNumber, end, totals));
            }
        }
        MatchState match = t.match();
        o.set("totals", ints(match == null ? java.util.Collections.nCopies(n, 0) : match.totals()));
        o.set("hints", ints(t.hints()));
        o.put("onBoard", t.onBoard());
        o.set("continued", ints(t.continued().stream().sorted().toList()));
        if (match != null && match.isOver()) {
            ObjectNode result = o.putObject("match");
            result.put("over", true);
            result.set("totals", ints(match.totals()));
            result.set("places", ints(match.places()));
            ArrayNode winners = result.putArray("winners");
            for (int i = 0; i < match.places().size(); i++) {
                if (match.places().get(i) == 1) {
                    winners.add(i);
                }
            }
            result.set("hints", ints(t.hints()));
        } else {
            o.putNull("match");
        }
        return o;
    }

    private static ObjectNode dealBoard(TableState t, int dealNumber, Event.DealEnded end, int[] totals) {
        Rules rules = t.rules();
        int n = rules.players();
        List<Integer> points = end.points();
        ObjectNode d = F.objectNode();
        d.put("deal", dealNumber);
        if (end.durak() < 0) {
            d.putNull("durak");
            d.putNull("durakName");
        } else {
            d.put("durak", end.durak());
            d.put("durakName", name(t, end.durak()));
        }
        d.set("durakCards", Codec.toNode(end.durakCards()));
        ArrayNode rows = d.putArray("rows");
        for (int seat = 0; seat < n; seat++) {
            int p = points.get(seat);
            totals[seat] += p;
            int better = 0;
            for (int q : points) {
                if (q > p) {
                    better++;
                }
            }
            ObjectNode row = rows.addObject();
            row.put("seat", seat);
            row.put("name", name(t, seat));
            row.put("place", 1 + better);
            row.put("points", p);
            row.put("calculation", calculation(rules, seat, p, end.durak()));
        }
        List<Integer> after = new ArrayList<>();
        for (int v : totals) {
            after.add(v);
        }
        d.set("totals", ints(after));
        return d;
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
     * A finished deal step by step with every card open: {@code {tableId, deal, steps: [{seq, event, view}]}},
     * the first step the deal as dealt. A running deal is refused (409 {@code DEAL_RUNNING}), a deal that was
     * never dealt is 404 {@code NO_SUCH_DEAL}.
     */
    public static ObjectNode replay(TableSnapshot s, int deal) {
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
        ObjectNode o = F.objectNode();
        o.put("tableId", s.tableId());
        o.put("deal", deal);
        ArrayNode a = o.putArray("steps");
        for (Views.ReplayStep step : Views.replay(s.state().rules(), dealEvents)) {
            EventMessage m = dealMessages.get(step.index());
            ObjectNode node = a.addObject();
            node.put("seq", m.seq());
            node.set("event", Codec.toNode(SeatEventMessage.open(m)));
            node.set("view", Codec.toNode(step.view()));
        }
        return o;
    }

    private static ArrayNode ints(List<Integer> values) {
        ArrayNode a = F.arrayNode();
        values.forEach(a::add);
        return a;
    }
}
