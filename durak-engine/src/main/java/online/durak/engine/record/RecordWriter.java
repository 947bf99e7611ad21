package online.durak.engine.record;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import online.durak.engine.Card;
import online.durak.engine.Command;
import online.durak.engine.DealCheck;
import online.durak.engine.Decision;
import online.durak.engine.Event;
import online.durak.engine.MatchDecider;
import online.durak.engine.MatchState;
import online.durak.engine.Move;
import online.durak.engine.ShuffleProof;
import online.durak.engine.table.LoggedTable;
import online.durak.engine.table.SeatHolder;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableState;

/**
 * Writes a table's event log as a record (docs/record-format.md): the header's tags, then one line per move and per
 * event of the table that no move leads to. What follows from a move by the rules (bito, picking up, draws, who is
 * out, the next bout, the deal's and the match's end) is left out, as the reader has the engine work it out again;
 * the deck orders, salts and commitments stand in the header. The log must be one the engine made: a log where an
 * event does not follow from the move before it is refused.
 */
public final class RecordWriter {
    private RecordWriter() {
    }

    /**
     * The record of a table's log, numbered from 1 without gaps.
     *
     * @throws IllegalArgumentException when the log is empty or does not follow from its moves
     */
    public static String write(String tableId, List<? extends LoggedTable.Logged> log) {
        if (log.isEmpty()) {
            throw new IllegalArgumentException("table " + tableId + ": an empty log has no record");
        }
        Instant date = Objects.requireNonNull(log.get(0).at(), "the first event's time");
        List<String> body = new ArrayList<>();
        Map<String, String> deals = new LinkedHashMap<>();
        TableState t = TableDecider.TABLE.initialState();
        Instant last = date;
        int i = 0;
        while (i < log.size()) {
            LoggedTable.Logged l = log.get(i);
            if (l.seq() != i + 1) {
                throw new IllegalArgumentException("table " + tableId + ": event " + l.seq() + " follows " + i);
            }
            Event e = l.event();
            String time = l.at().equals(last) ? "" : "@" + seconds(Duration.between(date, l.at())) + " ";
            last = l.at();
            Move move = DealCheck.moveOf(e);
            List<Event> events;
            String item;
            if (move != null) {
                int seat = DealCheck.seatOf(e);
                events = followers(t, seat, move, log, i, tableId);
                item = seat + " " + move(move);
            } else {
                if (e instanceof Event.DealEvent) {
                    throw new IllegalArgumentException("table " + tableId + ": event " + l.seq() + " ("
                            + e.type() + ") does not follow from the move before it");
                }
                events = List.of(e);
                item = item(e, t, deals);
            }
            if (e instanceof Event.DealStarted) {
                body.add("");
            }
            body.add(time + item);
            t = TableDecider.TABLE.fold(t, events);
            i += events.size();
        }
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put(RecordTags.FORMAT, RecordTags.VERSION);
        tags.put(RecordTags.TABLE, tableId);
        tags.put(RecordTags.DATE, date.toString());
        tags.putAll(RecordTags.of(t.rules()));
        for (int s = 0; s < t.seats().size(); s++) {
            SeatHolder h = t.seats().get(s);
            tags.put(RecordTags.seat(s), h == null ? RecordTags.NONE : h.name());
        }
        MatchState m = t.match();
        boolean over = m != null && m.isOver();
        tags.put(RecordTags.RESULT, over ? join(m.totals(), " ") : RecordTags.UNFINISHED);
        tags.put(RecordTags.PLACES, over ? join(m.places(), " ") : RecordTags.UNFINISHED);
        tags.putAll(deals);
        StringBuilder out = new StringBuilder();
        tags.forEach((name, value) -> out.append('[').append(name).append(' ').append(RecordTags.quote(value))
                .append("]\n"));
        for (String line : body) {
            out.append(line).append('\n');
        }
        return out.toString();
    }

    /** The events a move leads to, which the log must hold from {@code i} on, all appended at the move's time. */
    private static List<Event> followers(TableState t, int seat, Move move, List<? extends LoggedTable.Logged> log,
                                         int i, String tableId) {
        Decision<MatchState> d = t.match() == null ? null : MatchDecider.decide(t.match(), new Command.Play(seat, move));
        if (!(d instanceof Decision.Accepted<MatchState> a)) {
            throw new IllegalArgumentException("table " + tableId + ": event " + log.get(i).seq() + " is no legal move: "
                    + d);
        }
        for (int k = 0; k < a.events().size(); k++) {
            LoggedTable.Logged l = i + k < log.size() ? log.get(i + k) : null;
            if (l == null || !l.event().equals(a.events().get(k)) || !l.at().equals(log.get(i).at())) {
                throw new IllegalArgumentException("table " + tableId + ": the events after " + log.get(i).seq()
                        + " are not what its move leads to: " + a.events().get(k));
            }
        }
        return a.events();
    }

    /** A move as the body writes it: the letter, then its cards. */
    static String move(Move m) {
        if (m instanceof Move.Attack a) {
            return "A " + cards(a.cards());
        } else if (m instanceof Move.Cover c) {
            return "C " + c.attack().text() + " " + c.card().text();
        } else if (m instanceof Move.Transfer x) {
            return "X " + x.card().text();
        } else if (m instanceof Move.ShowTrump s) {
            return "S " + s.trump().text();
        } else if (m instanceof Move.Take) {
            return "K";
        } else if (m instanceof Move.Throw th) {
            return "T " + cards(th.cards());
        }
        return "P";
    }

    /** An event of the table that no move leads to, as its body line; a deal's proof goes to {@code deals}. */
    private static String item(Event e, TableState t, Map<String, String> deals) {
        if (e instanceof Event.TableCreated c) {
            return "created " + RecordTags.quote(c.createdBy()) + (c.tempo() == null ? "" : " " + c.tempo().name());
        } else if (e instanceof Event.SeatTaken s) {
            return "sit " + s.seat() + " " + RecordTags.quote(s.playerId()) + " " + RecordTags.quote(s.name())
                    + (s.bot() == null ? "" : " " + s.bot().name());
        } else if (e instanceof Event.SeatLeft s) {
            return "stand " + s.seat() + " " + RecordTags.quote(s.playerId());
        } else if (e instanceof Event.MatchLeft s) {
            return "leave " + s.seat() + " " + RecordTags.quote(s.playerId()) + (s.bot() == null ? "" : " "
                    + s.bot().name());
        } else if (e instanceof Event.TableClosed c) {
            return "closed " + c.reason();
        } else if (e instanceof Event.MatchStarted s) {
            if (!s.rules().equals(t.rules())) {
                throw new IllegalArgumentException("the match was started with other rules than the table's");
            }
            return "start";
        } else if (e instanceof Event.DealStarted d) {
            deals.put(RecordTags.dealDeck(d.deal()), cards(d.deckOrder()));
            ShuffleProof p = ShuffleProof.of(d);
            deals.put(RecordTags.dealSalt(d.deal()), p == null ? RecordTags.NONE : p.salt());
            deals.put(RecordTags.dealCommitment(d.deal()), p == null ? RecordTags.NONE : p.commitment());
            return "deal " + d.deal() + " dealer " + d.dealer() + " attacker " + d.attacker() + " redeals "
                    + d.redeals() + (d.shownTrump() == null ? "" : " shown " + d.shownTrump().text());
        } else if (e instanceof Event.ContinuePressed c) {
            return "continue " + c.seat();
        } else if (e instanceof Event.TimedOut o) {
            return "timeout " + o.seat() + " " + o.graceEnds();
        } else if (e instanceof Event.GraceRanOut g) {
            return "grace " + g.seat();
        } else if (e instanceof Event.PlayedByComputer p) {
            return "computer " + p.seat();
        } else if (e instanceof Event.HintTaken h) {
            return "hint " + h.seat();
        } else if (e instanceof Event.BoardTimedOut) {
            return "boardtimeout";
        } else if (e instanceof Event.MatchEnded m) {
            return "end totals " + join(m.totals(), ",") + " places " + join(m.places(), ",");
        }
        throw new IllegalArgumentException("no record line for " + e.type());
    }

    private static String cards(List<Card> cards) {
        return cards.stream().map(Card::text).collect(Collectors.joining(" "));
    }

    private static String join(List<Integer> xs, String by) {
        return xs.stream().map(String::valueOf).collect(Collectors.joining(by));
    }

    /** A duration in seconds, as few decimals as it needs (down to nanoseconds). */
    static String seconds(Duration d) {
        return BigDecimal.valueOf(d.getSeconds()).add(BigDecimal.valueOf(d.getNano(), 9)).stripTrailingZeros()
                .toPlainString();
    }
}
