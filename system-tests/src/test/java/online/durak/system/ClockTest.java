package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import online.durak.client.Api;
import online.durak.engine.Event;
import online.durak.messages.Codec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The clock end to end (rules.md §8, docs/spine.md "The clocks") with the real processes: a table with a clock, the human to
 * act stays silent; the rules service times the turn out, the grace runs out, and bot-service plays the move for the
 * seat. Every turn lasts the shortest clock of rules.md, 30 s, and the grace {@link SystemUnderTest#GRACE}. The events
 * are read from the event store.
 */
@ExtendWith(SystemUnderTest.class)
class ClockTest {

    /** The table's {@code turnClock}: rules.md's shortest. */
    static final Duration TURN = Duration.ofSeconds(30);
    /** The scheduler looks once a second; the consumer, the broker and bot-service add a little more. */
    static final Duration SLACK = Duration.ofSeconds(15);

    @Test
    void aSilentHumanTimesOutAndAfterTheGraceTheComputerPlaysTheMove() {
        Started started = startedTable("Ann", "Bob");
        String table = started.table();
        Stored dealt = awaitEvent(table, Event.DealStarted.class, 0, Duration.ofSeconds(30));

        Stored timedOut = awaitEvent(table, Event.TimedOut.class, dealt.seq(), TURN.plus(SLACK));
        Event.TimedOut t = (Event.TimedOut) timedOut.event();
        assertFalse(timedOut.at().isBefore(dealt.at().plus(TURN)), timedOut + " came before the turn ran out");
        assertEquals(timedOut.at().plus(SystemUnderTest.GRACE), t.graceEnds());

        Stored ranOut = awaitEvent(table, Event.GraceRanOut.class, timedOut.seq(), SystemUnderTest.GRACE.plus(SLACK));
        assertEquals(new Event.GraceRanOut(t.seat()), ranOut.event());
        assertFalse(ranOut.at().isBefore(t.graceEnds()), ranOut + " came before the grace ended");

        assertComputerMoved(table, t.seat(), ranOut.seq());
        List<Stored> log = events(table);
        Stored played = log.stream().filter(e -> e.event() instanceof Event.PlayedByComputer).findFirst().orElseThrow();
        assertTrue(Duration.between(dealt.at(), played.at()).compareTo(TURN.plus(SystemUnderTest.GRACE).plus(SLACK)) < 0,
            "the computer's move came " + Duration.between(dealt.at(), played.at()) + " after the deal");
        finish(started);
    }

    @Test
    void theGraceStillRunsOutAndTheComputerStillPlaysWhenTheRulesServiceRestartsMeanwhile() {
        Started started = startedTable("Cid", "Dee");
        String table = started.table();
        Stored dealt = awaitEvent(table, Event.DealStarted.class, 0, Duration.ofSeconds(30));
        Stored timedOut = awaitEvent(table, Event.TimedOut.class, dealt.seq(), TURN.plus(SLACK));
        Event.TimedOut t = (Event.TimedOut) timedOut.event();
        Instant restartAt = Instant.now();
        assertTrue(restartAt.isBefore(t.graceEnds()), "the test saw the timeout only after the grace had ended");

        SystemUnderTest.restart("rules-service");

        // the new instance knows the deadline from the stored TimedOut alone
        Stored ranOut = awaitEvent(table, Event.GraceRanOut.class, timedOut.seq(), SLACK.plus(SLACK));
        assertEquals(new Event.GraceRanOut(t.seat()), ranOut.event());
        assertFalse(ranOut.at().isBefore(t.graceEnds()));
        assertComputerMoved(table, t.seat(), ranOut.seq());
        finish(started);
    }

    /**
     * The rules service is ready once its consumer runs, but a new consumer group starts at the beginning of
     * {@code durak.commands} and first answers again every command that earlier tests of the build sent: wait
     * until a table can be created (a throwaway one, without clock) before the clocks are timed.
     */
    @BeforeAll
    static void awaitRulesServiceCaughtUp() {
        Api api = SystemUnderTest.api();
        Api.Guest g = api.signIn("Warm");
        long end = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        while (true) {
            Api.Response r = api.post("/api/tables", g.token(), Api.object()
                .set("settings", Api.object().put("players", 2).putNull("turnClock")));
            if (r.status() == 201) {
                return;
            }
            // 504 while it catches up; 503 RULES_UNAVAILABLE while the table service's circuit breaker is open
            assertTrue(r.status() == 504 || "RULES_UNAVAILABLE".equals(r.code()), r.toString());
            assertTrue(System.nanoTime() < end, "the rules service did not catch up: " + r);
            if (r.status() == 503) {
                sleep(200);
            }
        }
    }

    // ---- helpers ----

    record Started(String table, List<Api.Guest> guests) {
    }

    /**
     * Two guests; the first creates a 2-seat table with a 30-second clock (a short match: 24 cards, one deal),
     * the second joins, the first starts.
     */
    private static Started startedTable(String first, String second) {
        Api api = SystemUnderTest.api();
        List<Api.Guest> g = Players.signIn(api, first, second);
        String table = Players.openTable(api, g, Api.object().put("players", 2).put("turnClock", 30)
            .put("deck", 24).put("dealsPerMatch", 1));
        Api.Response started = api.post("/api/tables/" + table + "/start", g.get(0).token(), Api.object());
        assertEquals(200, started.status(), started.toString());
        return new Started(table, g);
    }

    /**
     * Plays the match to its end, so that no running clocked table is left in the build's shared database for
     * later runs' clocks and bots to play on. Moves may race the computer's: a refused move is simply looked at
     * again.
     */
    private static void finish(Started s) {
        Api api = SystemUnderTest.api();
        String path = "/api/tables/" + s.table();
        java.util.Random random = new java.util.Random(s.table().hashCode());
        long end = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        while (System.nanoTime() < end) {
            Api.Response view = api.get(path + "/view", s.guests().get(0).token());
            assertEquals(200, view.status(), view.toString());
            if (online.durak.client.Moves.finished(view.body())) {
                // its deal had timeouts, graces and the computer's moves among its events: it replays all the same
                Replays.assertEveryDealReplays(api, s.table(), s.guests().get(0).token(), Truth.load(s.table()));
                return;
            }
            if (online.durak.client.Moves.onBoard(view.body())) {
                for (Api.Guest g : s.guests()) {
                    api.post(path + "/continue", g.token(), Api.object());
                }
                continue;
            }
            int seat = online.durak.client.Moves.toAct(view.body());
            if (seat < 0) {
                sleep(50);
                continue;
            }
            Api.Guest g = s.guests().get(seat);
            Api.Response mine = api.get(path + "/view", g.token());
            com.fasterxml.jackson.databind.JsonNode move = online.durak.client.Moves.random(mine.body(), random);
            if (move != null) {
                api.post(path + "/moves", g.token(), Players.moveBody(java.util.UUID.randomUUID().toString(), move));
            }
        }
        throw new AssertionError("the match at " + s.table() + " did not end");
    }

    /** PlayedByComputer for the seat after {@code afterSeq}, and the move's own events right after it. */
    private static void assertComputerMoved(String table, int seat, long afterSeq) {
        Stored marker = awaitEvent(table, Event.PlayedByComputer.class, afterSeq, SLACK);
        assertEquals(new Event.PlayedByComputer(seat), marker.event());
        Stored move = awaitEvent(table, Event.class, marker.seq(), Duration.ofSeconds(5));
        assertEquals(marker.seq() + 1, move.seq());
        assertNotNull(marker.commandId());
        assertEquals(marker.commandId(), move.commandId(), "the move is the same command as the marker");
        assertFalse(move.event() instanceof Event.TimedOut || move.event() instanceof Event.GraceRanOut,
            "a move follows the marker, not " + move);
    }

    record Stored(long seq, Event event, String commandId, Instant at) {
    }

    /** The first event of a type after {@code afterSeq}, waiting for it up to {@code within}. */
    private static Stored awaitEvent(String table, Class<? extends Event> type, long afterSeq, Duration within) {
        long end = System.nanoTime() + within.toNanos();
        Predicate<Stored> match = e -> e.seq() > afterSeq && type.isInstance(e.event());
        while (true) {
            Optional<Stored> found = events(table).stream().filter(match).findFirst();
            if (found.isPresent()) {
                return found.get();
            }
            if (System.nanoTime() > end) {
                throw new AssertionError("no " + type.getSimpleName() + " after seq " + afterSeq + " of table " + table
                    + " within " + within + "; the log: " + events(table).stream()
                    .map(e -> e.seq() + " " + e.event().type() + " " + e.at()).toList());
            }
            sleep(100);
        }
    }

    /** The table's log as stored. */
    private static List<Stored> events(String table) {
        List<Stored> events = new ArrayList<>();
        try (Connection c = SystemUnderTest.database();
             PreparedStatement q = c.prepareStatement(
                 "select seq, event::text, command_id, at from table_events where table_id = ? order by seq")) {
            q.setString(1, table);
            try (ResultSet r = q.executeQuery()) {
                while (r.next()) {
                    events.add(new Stored(r.getLong(1), Codec.readEvent(Codec.parse(r.getString(2))), r.getString(3),
                        r.getObject(4, java.time.OffsetDateTime.class).toInstant()));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return events;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
