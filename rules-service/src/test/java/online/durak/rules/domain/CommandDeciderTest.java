package online.durak.rules.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import online.durak.engine.Event;
import online.durak.engine.Move;
import online.durak.engine.Rejection;
import online.durak.engine.Rules;
import online.durak.engine.Shuffle;
import online.durak.engine.table.LoggedTable;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableStatus;
import online.durak.messages.CommandMessage;
import online.durak.messages.EventMessage;
import online.durak.messages.ReplyMessage;
import org.junit.jupiter.api.Test;

/** The decider step: numbering, stamping, rejections, and folding the log back. No broker, no database. */
class CommandDeciderTest {

    static final Instant AT = Instant.parse("2026-01-02T03:04:05.123456Z");
    static final String T = "table-1";

    static CommandMessage cmd(String id, String player, CommandMessage.Payload p) {
        return new CommandMessage(id, T, player, player + " name", p);
    }

    @Test
    void acceptedEventsAreNumberedAfterTheLogAndStamped() {
        Outcome created = CommandDecider.decide(LoggedTable.empty(T),
            cmd("c1", "host", new CommandMessage.Create(Rules.defaults(2))), Shuffle.of(1), AT);
        Outcome.Accepted a = assertInstanceOf(Outcome.Accepted.class, created);
        assertEquals(List.of(1L, 2L), a.events().stream().map(EventMessage::seq).toList());
        assertEquals(List.of("TableCreated", "SeatTaken"), a.events().stream().map(EventMessage::type).toList());
        assertTrue(a.events().stream().allMatch(e -> e.at().equals(AT) && e.commandId().equals("c1")
            && e.tableId().equals(T)));
        assertEquals(2, a.lastSeq());
        assertEquals(1, a.firstSeq());
        assertEquals(ReplyMessage.accepted("c1", a.events()), a.reply()); // the events ride along
        assertEquals(2, a.reply().lastSeq());
        assertEquals(TableStatus.OPEN, a.after().state().status());

        Outcome.Accepted joined = assertInstanceOf(Outcome.Accepted.class, CommandDecider.decide(a.after(),
            cmd("c2", "guest", new CommandMessage.Join(null)), Shuffle.of(2), AT));
        assertEquals(3, joined.firstSeq());
        assertEquals(3, joined.lastSeq());

        Outcome.Accepted started = assertInstanceOf(Outcome.Accepted.class, CommandDecider.decide(joined.after(),
            cmd("c3", "host", new CommandMessage.Start()), Shuffle.of(42), AT));
        assertEquals(List.of("MatchStarted", "DealStarted"),
            started.events().stream().map(EventMessage::type).toList().subList(0, 2));
        assertEquals(4, started.firstSeq());
        assertEquals(TableStatus.PLAYING, started.after().state().status());
    }

    @Test
    void theSeedShufflesTheDeal() {
        LoggedTable ready = twoSeated();
        Event.DealStarted a = dealOf(CommandDecider.decide(ready, cmd("s", "host", new CommandMessage.Start()), Shuffle.of(1), AT));
        Event.DealStarted b = dealOf(CommandDecider.decide(ready, cmd("s", "host", new CommandMessage.Start()), Shuffle.of(1), AT));
        Event.DealStarted c = dealOf(CommandDecider.decide(ready, cmd("s", "host", new CommandMessage.Start()), Shuffle.of(2), AT));
        assertEquals(a.deckOrder(), b.deckOrder());
        assertTrue(!a.deckOrder().equals(c.deckOrder()));
    }

    @Test
    void rejectionsKeepTheLogAndCarryTheEngineCode() {
        LoggedTable ready = twoSeated();
        Outcome.Rejected stranger = assertInstanceOf(Outcome.Rejected.class, CommandDecider.decide(ready,
            cmd("x", "stranger", new CommandMessage.Play(Move.TAKE)), Shuffle.of(1), AT));
        assertEquals(TableDecider.NOT_SEATED, stranger.rejection().code());
        assertEquals(3, stranger.lastSeq());
        ReplyMessage r = stranger.reply();
        assertEquals(false, r.accepted());
        assertEquals(TableDecider.NOT_SEATED, r.code());
        assertNotNull(r.message());

        Outcome.Rejected early = assertInstanceOf(Outcome.Rejected.class, CommandDecider.decide(ready,
            cmd("y", "host", new CommandMessage.Play(Move.TAKE)), Shuffle.of(1), AT));
        assertEquals(Rejection.DEAL_NOT_RUNNING, early.rejection().code());

        Outcome.Rejected none = assertInstanceOf(Outcome.Rejected.class, CommandDecider.decide(LoggedTable.empty(T),
            cmd("z", "host", new CommandMessage.Join(null)), Shuffle.of(1), AT));
        assertEquals(TableDecider.NO_SUCH_TABLE, none.rejection().code());
        assertEquals(0, none.lastSeq());
    }

    @Test
    void aCommandForAnotherTableIsABug() {
        CommandMessage other = new CommandMessage("c", "other", "p", null, new CommandMessage.Start());
        assertThrows(IllegalArgumentException.class, () -> CommandDecider.decide(LoggedTable.empty(T), other, Shuffle.of(1), AT));
    }

    @Test
    void theFoldOfTheAppendedEventsIsTheDecidedState() {
        List<EventMessage> log = new ArrayList<>();
        LoggedTable t = LoggedTable.empty(T);
        List<CommandMessage> commands = List.of(
            cmd("1", "host", new CommandMessage.Create(Rules.defaults(2))),
            cmd("2", "guest", new CommandMessage.Join(null)),
            cmd("3", "host", new CommandMessage.Start()));
        for (CommandMessage c : commands) {
            Outcome.Accepted a = (Outcome.Accepted) CommandDecider.decide(t, c, Shuffle.of(7), AT);
            log.addAll(a.events());
            t = a.after();
        }
        LoggedTable folded = LoggedTable.fold(T, log);
        assertEquals(t.seq(), folded.seq());
        assertEquals(t.turnStartedAt(), folded.turnStartedAt());
        assertEquals(t.createdAt(), folded.createdAt());
        assertEquals(t.state().seats(), folded.state().seats());
        assertEquals(t.state().match().deal().toString(), folded.state().match().deal().toString());
        assertEquals(t.state().match().deal().stock(), folded.state().match().deal().stock());
    }

    @Test
    void onlyATablesLifeIsNotable() {
        assertNotNull(Notable.describe(T, new Event.TableCreated(Rules.defaults(3), "h")));
        assertNotNull(Notable.describe(T, new Event.MatchStarted(Rules.defaults(3))));
        assertNotNull(Notable.describe(T, new Event.DealEnded(1, List.of(0, 1), online.durak.engine.CardSet.EMPTY)));
        assertNotNull(Notable.describe(T, new Event.MatchEnded(List.of(1, 2), List.of(1, 2))));
        assertNull(Notable.describe(T, new Event.Took(1)));
        assertNull(Notable.describe(T, new Event.SeatTaken(0, "h", "H", null)));
    }

    private static LoggedTable twoSeated() {
        Outcome.Accepted a = (Outcome.Accepted) CommandDecider.decide(LoggedTable.empty(T),
            cmd("c1", "host", new CommandMessage.Create(Rules.defaults(2))), Shuffle.of(1), AT);
        return ((Outcome.Accepted) CommandDecider.decide(a.after(), cmd("c2", "guest", new CommandMessage.Join(null)),
            Shuffle.of(1), AT)).after();
    }

    private static Event.DealStarted dealOf(Outcome o) {
        return ((Outcome.Accepted) o).events().stream().map(EventMessage::event)
            .filter(Event.DealStarted.class::isInstance).map(Event.DealStarted.class::cast).findFirst().orElseThrow();
    }
}
