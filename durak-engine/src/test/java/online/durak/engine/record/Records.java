package online.durak.engine.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
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

/** Table logs for the record's tests, and the round trip every one of them must make. */
public final class Records {
    private static final Instant START = Instant.parse("2026-12-03T14:00:00.123456Z");

    private Records() {
    }

    /**
     * The table's log around a match's decisions (each decision's events, appended at one time): a person in seat 0,
     * bots in the others, the person pressing continue between deals.
     */
    public static List<MatchRecord.Entry> tableLog(Rules rules, List<List<Event>> decisions) {
        List<List<Event>> all = new ArrayList<>();
        List<Event> opening = new ArrayList<>(List.of(new Event.TableCreated(rules, "p-0"),
                new Event.SeatTaken(0, "p-0", "Ann \"the first\"", null)));
        for (int s = 1; s < rules.players(); s++) {
            opening.add(new Event.SeatTaken(s, "bot-" + s, TableDecider.botName(s, BotLevel.STRONG), BotLevel.STRONG));
        }
        opening.add(new Event.MatchStarted(rules));
        all.add(opening);
        for (List<Event> d : decisions) {
            if (d.get(0) instanceof Event.DealStarted started && started.deal() > 1) {
                all.add(List.of(new Event.ContinuePressed(0)));
            }
            all.add(d);
        }
        return numbered(all);
    }

    /**
     * A match of {@code rules} (a turn clock of 30 s, 3 players or more) played at a table through the table's decider
     * with random legal moves: Ann and Bo people, bots in the other seats; now and then a person's clock and grace run
     * out and the computer plays for them, and the board's clock deals a deal.
     */
    public static List<MatchRecord.Entry> clockedMatch(Rules rules, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<List<Event>> all = new ArrayList<>();
        TableState[] t = {TableDecider.TABLE.initialState()};
        java.util.function.Function<TableCommand, List<Event>> send = c -> {
            Decision<TableState> d = TableDecider.TABLE.decide(c, t[0]);
            @SuppressWarnings("unchecked")
            Decision.Accepted<TableState> a = assertInstanceOf(Decision.Accepted.class, d, () -> c + " " + d);
            t[0] = a.state();
            all.add(a.events());
            return a.events();
        };
        send.apply(new TableCommand.Create("p-0", "Ann", rules));
        send.apply(new TableCommand.Join("p-1", "Bo", null));
        for (int s = 2; s < rules.players(); s++) {
            send.apply(new TableCommand.AddBot("p-0", s, BotLevel.NORMAL));
        }
        send.apply(new TableCommand.Start("p-0", shuffle(random)));
        while (!TableDecider.TABLE.isTerminal(t[0])) {
            TableState s = t[0];
            if (!s.match().dealRunning()) {
                if (random.nextInt(4) == 0) {
                    send.apply(new TableCommand.BoardTimeOut("clock", shuffle(random)));
                } else {
                    send.apply(new TableCommand.Continue("p-1", shuffle(random)));
                    send.apply(new TableCommand.Continue("p-0", shuffle(random)));
                }
                continue;
            }
            int seat = s.toAct();
            List<Move> legal = DealDecider.legalMoves(s.match().deal(), seat);
            Move move = legal.get(random.nextInt(legal.size()));
            String player = s.seats().get(seat).playerId();
            boolean computer = s.seats().get(seat).isHuman() && random.nextInt(10) == 0;
            if (computer) {
                send.apply(new TableCommand.TimeOut("clock", seat, Instant.EPOCH.plusSeconds(all.size())));
                send.apply(new TableCommand.GraceOver("clock", seat));
            }
            send.apply(new TableCommand.Play(player, move, computer));
        }
        return numbered(all);
    }

    private static Shuffle shuffle(SplittableRandom random) {
        return new Shuffle(random.nextLong(), HexFormat.of().toHexDigits(random.nextLong()).repeat(4), null);
    }

    private static List<MatchRecord.Entry> numbered(List<List<Event>> decisions) {
        List<MatchRecord.Entry> log = new ArrayList<>();
        for (int k = 0; k < decisions.size(); k++) {
            // times a few seconds apart with microseconds, as the event store keeps them; one decision, one time
            Instant at = START.plusSeconds(3L * k).plusNanos(1000L * (k * 7919 % 1_000_000));
            for (Event e : decisions.get(k)) {
                log.add(new MatchRecord.Entry(log.size() + 1, e, at));
            }
        }
        return log;
    }

    /** Writes the log as a record, reads it back, and checks that the same log came back; returns the record. */
    public static String assertRoundTrip(String tableId, List<MatchRecord.Entry> log) {
        String text = RecordWriter.write(tableId, log);
        MatchRecord read;
        try {
            read = RecordReader.read(text);
        } catch (RecordException e) {
            throw new AssertionError(e.getMessage() + "\n" + text, e);
        }
        assertEquals(tableId, read.tableId());
        assertEquals(log, read.log(), () -> "the log read back differs from the log written:\n" + text);
        return text;
    }
}
