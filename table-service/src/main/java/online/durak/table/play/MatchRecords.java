package online.durak.table.play;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import online.durak.engine.Event;
import online.durak.engine.record.MatchRecord;
import online.durak.engine.record.RecordException;
import online.durak.engine.record.RecordReader;
import online.durak.engine.record.RecordWriter;
import online.durak.engine.table.LoggedTable;
import online.durak.engine.table.TableState;
import online.durak.engine.table.TableStatus;
import online.durak.messages.EventMessage;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import online.durak.table.projection.TableSnapshot;

/**
 * A finished match as its record, and a record read back into replays (docs/record-format.md). The engine writes and
 * reads ({@link RecordWriter}, {@link RecordReader}); here is what may leave: a record holds every card of a deal that
 * ended, and nothing of one that did not.
 */
public final class MatchRecords {
    private MatchRecords() {
    }

    /** The record of a finished match: 409 {@code MATCH_NOT_OVER} while it runs or when it never started. */
    public static String export(TableSnapshot s) {
        if (s.state().status() != TableStatus.FINISHED) {
            throw new ApiException(409, ErrorCodes.MATCH_NOT_OVER, "the match at this table is not over; its record "
                    + "is written once it is");
        }
        return RecordWriter.write(s.tableId(), publicLog(s.events()));
    }

    /**
     * The log without a deal that never ended (a match that ended when its last person left mid-deal): its deal, its
     * cards and its moves are left out, so its hands stay secret; the events after it move up in seq.
     */
    static List<MatchRecord.Entry> publicLog(List<EventMessage> events) {
        Set<Integer> ended = new HashSet<>();
        int deal = 0;
        for (EventMessage m : events) {
            if (m.event() instanceof Event.DealStarted d) {
                deal = d.deal();
            } else if (m.event() instanceof Event.DealEnded) {
                ended.add(deal);
            }
        }
        List<MatchRecord.Entry> out = new ArrayList<>(events.size());
        deal = 0;
        for (EventMessage m : events) {
            Event e = m.event();
            if (e instanceof Event.DealStarted d) {
                deal = d.deal();
            }
            boolean hidden = !ended.contains(deal) && (e instanceof Event.DealStarted || e instanceof Event.DealEvent);
            if (!hidden) {
                out.add(new MatchRecord.Entry(out.size() + 1, e, m.at()));
            }
        }
        return out;
    }

    /** A pasted record read and replayed: 400 {@code INVALID_RECORD} with the line and the reason when it does not hold. */
    public static Answers.RecordReplay read(String text) {
        MatchRecord r;
        try {
            r = RecordReader.read(text == null ? "" : text);
        } catch (RecordException e) {
            throw ApiException.badRequest(ErrorCodes.INVALID_RECORD, e.getMessage());
        }
        String tableId = r.tableId();
        List<EventMessage> events = r.log().stream()
                .map(e -> new EventMessage(tableId, e.seq(), e.event(), null, e.at())).toList();
        TableState t = LoggedTable.fold(tableId, r.log()).state();
        List<Answers.Replay> deals = new ArrayList<>();
        int deal = 0;
        for (EventMessage m : events) {
            if (m.event() instanceof Event.DealStarted d) {
                deal = d.deal();
            } else if (m.event() instanceof Event.DealEnded) {
                deals.add(TableViews.replay(tableId, t.rules(), events, deal));
            }
        }
        boolean over = t.match() != null && t.match().isOver();
        return new Answers.RecordReplay(tableId, t.rules(), TableViews.seats(t), over ? t.match().totals() : null,
                over ? t.match().places() : null, deals);
    }
}
