package online.durak.rules;

import java.util.List;
import java.util.TreeSet;
import java.util.UUID;
import online.durak.engine.DealDecider;
import online.durak.engine.DealState;
import online.durak.engine.MatchState;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.Views;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableState;
import online.durak.messages.Codec;
import online.durak.messages.CommandMessage;
import online.durak.messages.EventMessage;

/** Commands and engine look-ups for the tests: fold what was published, pick legal moves. */
final class Tables {

    private Tables() {
    }

    static String newTableId() {
        return "t-" + UUID.randomUUID();
    }

    static String newCommandId() {
        return "c-" + UUID.randomUUID();
    }

    static CommandMessage create(String tableId, String playerId, Rules rules) {
        return new CommandMessage(newCommandId(), tableId, playerId, playerId + "'s name",
            new CommandMessage.Create(rules));
    }

    static CommandMessage join(String tableId, String playerId) {
        return new CommandMessage(newCommandId(), tableId, playerId, playerId + "'s name",
            new CommandMessage.Join(null));
    }

    static CommandMessage start(String tableId, String playerId) {
        return new CommandMessage(newCommandId(), tableId, playerId, null, new CommandMessage.Start());
    }

    static CommandMessage play(String tableId, String playerId, Move move) {
        return new CommandMessage(newCommandId(), tableId, playerId, null, new CommandMessage.Play(move));
    }

    /** The table as the published events say (each seq once, in order). */
    static TableState fold(List<EventMessage> events) {
        TableState t = TableState.NONE;
        long last = 0;
        for (EventMessage e : events.stream().sorted(java.util.Comparator.comparingLong(EventMessage::seq)).toList()) {
            if (e.seq() <= last) {
                continue; // a duplicate
            }
            t = TableDecider.TABLE.evolve(t, e.event());
            last = e.seq();
        }
        return t;
    }

    /** Who is to act now, and a legal move of theirs (the engine's first). */
    record Turn(int seat, String playerId, Move move, List<Move> legal) {
    }

    static Turn turn(TableState t) {
        DealState d = t.match().deal();
        int seat = d.toAct();
        List<Move> legal = DealDecider.legalMoves(d, seat);
        return new Turn(seat, t.seats().get(seat).playerId(), legal.get(0), legal);
    }

    /** Everything a table's state holds, as text (DealState has no equals: hands, stock, views, moves). */
    static String fingerprint(TableState t) {
        StringBuilder b = new StringBuilder();
        b.append(t.status()).append('|').append(t.rules()).append('|').append(t.createdBy()).append('|')
            .append(t.seats()).append('|').append(new TreeSet<>(t.continued()));
        MatchState m = t.match();
        if (m != null) {
            b.append("|match ").append(m.dealNumber()).append(' ').append(m.dealer()).append(' ')
                .append(m.previousDurak()).append(' ').append(m.dealPoints()).append(' ').append(m.totals())
                .append(' ').append(m.places());
            DealState d = m.deal();
            if (d != null) {
                b.append("|deal ").append(d).append(" stock ").append(d.stock()).append(" discard ")
                    .append(d.discard());
                for (int seat = 0; seat < d.players(); seat++) {
                    b.append("|seat ").append(seat).append(' ').append(Codec.toJson(Views.seatView(d, seat)));
                }
            }
        }
        return b.toString();
    }
}
