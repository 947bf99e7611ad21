package online.durak.engine.record;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import online.durak.engine.BotLevel;
import online.durak.engine.Card;
import online.durak.engine.Command;
import online.durak.engine.DealCheck;
import online.durak.engine.Decision;
import online.durak.engine.Event;
import online.durak.engine.InvalidSettingException;
import online.durak.engine.MatchDecider;
import online.durak.engine.MatchState;
import online.durak.engine.Move;
import online.durak.engine.Rules;
import online.durak.engine.ShuffleProof;
import online.durak.engine.table.LoggedTable;
import online.durak.engine.table.SeatHolder;
import online.durak.engine.table.TableDecider;
import online.durak.engine.table.TableState;
import online.durak.engine.table.TableStatus;
import online.durak.engine.table.Tempo;

/**
 * Reads a record (docs/record-format.md) back into the table's event log, replaying it through the engine as it goes:
 * every move must be legal where it stands, and what it leads to is worked out by the engine, as when it was played;
 * every deal must be dealt from its header's deck order, whose commitment must be SHA-256 of the salt and that deck
 * order; the result and the seats the header names must be what the log comes to. The first thing that does not hold
 * refuses the record with its line and the reason.
 */
public final class RecordReader {
    private static final Pattern TAG = Pattern.compile("\\[([A-Za-z][A-Za-z0-9]*)\\s+(\".*)\\]\\s*");

    private RecordReader() {
    }

    public static MatchRecord read(String text) throws RecordException {
        return new Reading(text.split("\r?\n", -1)).read();
    }

    private static final class Reading {
        private final String[] lines;
        private final Map<String, String> tags = new LinkedHashMap<>();
        private final Map<String, Integer> tagLines = new HashMap<>();
        private final List<MatchRecord.Entry> log = new ArrayList<>();
        private final Map<String, Boolean> dealTagsUsed = new HashMap<>();
        private TableState table = TableDecider.TABLE.initialState();
        private Rules rules;
        private Instant date;
        private Instant at;
        private int lineNo;

        Reading(String[] lines) {
            this.lines = lines;
        }

        MatchRecord read() throws RecordException {
            int i = header();
            for (; i < lines.length; i++) {
                lineNo = i + 1;
                List<String> tokens;
                try {
                    tokens = RecordTags.tokens(lines[i]);
                } catch (IllegalArgumentException e) {
                    throw fail(e.getMessage());
                }
                if (!tokens.isEmpty()) {
                    body(new Args(tokens));
                }
            }
            lineNo = lines.length;
            finish();
            return new MatchRecord(tags, log);
        }

        /** Reads the tags; the index of the first body line. */
        private int header() throws RecordException {
            int i = 0;
            for (; i < lines.length; i++) {
                lineNo = i + 1;
                String line = lines[i].strip();
                if (line.isEmpty() || line.startsWith(";")) {
                    continue;
                }
                if (!line.startsWith("[")) {
                    break;
                }
                Matcher m = TAG.matcher(line);
                if (!m.matches()) {
                    throw fail("a tag is [Name \"value\"]");
                }
                StringBuilder value = new StringBuilder();
                try {
                    if (RecordTags.unquote(m.group(2), 0, value) != m.group(2).length()) {
                        throw fail("a tag holds one quoted value");
                    }
                } catch (IllegalArgumentException e) {
                    throw fail(e.getMessage());
                }
                if (tags.isEmpty() && !m.group(1).equals(RecordTags.FORMAT)) {
                    throw fail("a record begins with the tag [" + RecordTags.FORMAT + " \"" + RecordTags.VERSION
                            + "\"]");
                }
                if (tags.put(m.group(1), value.toString()) != null) {
                    throw fail("the tag " + m.group(1) + " is given twice");
                }
                tagLines.put(m.group(1), lineNo);
                if (m.group(1).matches("Deal\\d+(Deck|Salt|Commitment)")) {
                    dealTagsUsed.put(m.group(1), false);
                }
            }
            int bodyStart = i;
            lineNo = 1;
            if (!RecordTags.VERSION.equals(tags.get(RecordTags.FORMAT))) {
                throw fail(tags.isEmpty() ? "a record begins with the tag [" + RecordTags.FORMAT + " \""
                        + RecordTags.VERSION + "\"]" : "version " + tags.get(RecordTags.FORMAT)
                        + " of the format is not known; this reader reads " + RecordTags.VERSION);
            }
            require(RecordTags.TABLE);
            require(RecordTags.DATE);
            require(RecordTags.RESULT);
            require(RecordTags.PLACES);
            try {
                date = Instant.parse(tags.get(RecordTags.DATE));
            } catch (DateTimeParseException e) {
                throw failAt(RecordTags.DATE, "Date: an ISO-8601 instant is expected, e.g. 2026-12-03T14:00:00Z");
            }
            at = date;
            try {
                rules = RecordTags.rules(tags);
            } catch (InvalidSettingException e) { // its setting's name is its tag's, in lower camel case
                throw failAt(Character.toUpperCase(e.setting().charAt(0)) + e.setting().substring(1),
                        "the rules: " + e.getMessage());
            } catch (IllegalArgumentException e) { // a missing tag, or a value of no form
                throw fail("the rules: " + e.getMessage());
            }
            for (int s = 0; s < rules.players(); s++) {
                require(RecordTags.seat(s));
            }
            return bodyStart;
        }

        private void require(String tag) throws RecordException {
            if (!tags.containsKey(tag)) {
                throw fail("the header has no tag " + tag);
            }
        }

        private void body(Args a) throws RecordException {
            if (a.peek().startsWith("@")) {
                String s = a.next();
                try {
                    BigDecimal seconds = new BigDecimal(s.substring(1));
                    at = date.plusSeconds(seconds.longValue()).plusNanos(
                            seconds.remainder(BigDecimal.ONE).movePointRight(9).longValueExact());
                } catch (NumberFormatException | ArithmeticException e) {
                    throw fail("a time is @ and seconds after the Date, e.g. @12.5, not " + s);
                }
            }
            String first = a.next();
            if (first.matches("\\d+")) {
                move(Integer.parseInt(first), a);
                return;
            }
            Event e = switch (first) {
                case "created" -> {
                    String by = a.next();
                    Tempo tempo = a.hasNext() ? a.name(Tempo.class) : null;
                    yield new Event.TableCreated(rules, by, tempo);
                }
                case "sit" -> new Event.SeatTaken(a.seat(), a.next(), a.next(),
                        a.hasNext() ? a.name(BotLevel.class) : null);
                case "stand" -> new Event.SeatLeft(a.seat(), a.next());
                case "leave" -> new Event.MatchLeft(a.seat(), a.next(), a.hasNext() ? a.name(BotLevel.class) : null);
                case "closed" -> new Event.TableClosed(a.next());
                case "start" -> new Event.MatchStarted(rules);
                case "deal" -> deal(a);
                case "continue" -> new Event.ContinuePressed(a.seat());
                case "timeout" -> new Event.TimedOut(a.seat(), a.instant());
                case "grace" -> new Event.GraceRanOut(a.seat());
                case "computer" -> new Event.PlayedByComputer(a.seat());
                case "hint" -> new Event.HintTaken(a.seat());
                case "boardtimeout" -> new Event.BoardTimedOut();
                case "end" -> {
                    a.word("totals");
                    List<Integer> totals = a.numbers();
                    a.word("places");
                    yield new Event.MatchEnded(totals, a.numbers());
                }
                default -> throw fail("'" + first + "' is no move and no event of a record");
            };
            a.end();
            append(List.of(e));
        }

        private void move(int seat, Args a) throws RecordException {
            if (seat >= rules.players()) {
                throw fail("there is no seat " + seat);
            }
            String letter = a.next();
            Move m = switch (letter) {
                case "A" -> new Move.Attack(a.cards());
                case "C" -> new Move.Cover(a.card(), a.card());
                case "X" -> new Move.Transfer(a.card());
                case "S" -> new Move.ShowTrump(a.card());
                case "K" -> Move.TAKE;
                case "T" -> new Move.Throw(a.cards());
                case "P" -> Move.PASS;
                default -> throw fail("'" + letter + "' is no move (A, C, X, S, K, T or P)");
            };
            a.end();
            MatchState match = table.match();
            if (table.status() != TableStatus.PLAYING || match == null || !match.dealRunning()) {
                throw fail("a move, but no deal is being played");
            }
            Decision<MatchState> d = MatchDecider.decide(match, new Command.Play(seat, m));
            if (d instanceof Decision.Rejected<MatchState> r) {
                throw fail("seat " + seat + " may not play " + RecordWriter.move(m) + " here: "
                        + r.rejection().code() + ": " + r.rejection().message());
            }
            append(((Decision.Accepted<MatchState>) d).events());
        }

        private Event.DealStarted deal(Args a) throws RecordException {
            int number = a.number();
            a.word("dealer");
            int dealer = a.number();
            a.word("attacker");
            int attacker = a.number();
            a.word("redeals");
            int redeals = a.number();
            Card shown = null;
            if (a.hasNext()) {
                a.word("shown");
                shown = a.card();
            }
            a.end();
            MatchState m = table.match();
            if (table.status() != TableStatus.PLAYING || m == null || m.dealRunning()) {
                throw fail("a deal is dealt only in a running match, between deals");
            }
            if (number != m.dealNumber() + 1) {
                throw fail("deal " + (m.dealNumber() + 1) + " comes next, not deal " + number);
            }
            if (dealer != MatchDecider.nextDealer(m)) {
                throw fail("seat " + MatchDecider.nextDealer(m) + " deals deal " + number + ", not seat " + dealer);
            }
            int opens = MatchDecider.nextAttacker(m);
            if (opens >= 0 && (shown != null || attacker != opens)) {
                throw fail("seat " + opens + " opens deal " + number + " (right of the last durak), showing no trump");
            }
            List<Card> deck = new Args(RecordTags.tokens(dealTag(RecordTags.dealDeck(number)))).cards();
            String salt = dealTag(RecordTags.dealSalt(number));
            String commitment = dealTag(RecordTags.dealCommitment(number));
            if (salt.equals(RecordTags.NONE) != commitment.equals(RecordTags.NONE)) {
                throw fail("deal " + number + " has a salt without a commitment, or a commitment without a salt");
            }
            if (!salt.equals(RecordTags.NONE)) {
                if (!ShuffleProof.isSalt(salt) || !ShuffleProof.isCommitment(commitment)) {
                    throw fail("deal " + number + ": a salt and a commitment are 64 lowercase hex digits");
                }
                if (!new ShuffleProof(commitment, salt, deck).holds()) {
                    throw fail("the shuffle proof of deal " + number + " does not hold: SHA-256 of its salt and deck"
                            + " order is " + ShuffleProof.commitment(salt, deck) + ", not its commitment");
                }
            }
            Event.DealStarted dealt = new Event.DealStarted(number, dealer, deck, redeals, attacker, shown,
                    salt.equals(RecordTags.NONE) ? null : salt);
            String bad = DealCheck.dealtFailure(rules, deck, dealt);
            if (bad != null) {
                throw fail("deal " + number + ": " + bad);
            }
            return dealt;
        }

        private String dealTag(String name) throws RecordException {
            String v = tags.get(name);
            if (v == null) {
                throw fail("the header has no tag " + name);
            }
            dealTagsUsed.put(name, true);
            return v;
        }

        private void append(List<Event> events) throws RecordException {
            TableState t = table;
            for (Event e : events) {
                try {
                    t = TableDecider.TABLE.evolve(t, e);
                } catch (RuntimeException x) {
                    throw fail(e.type() + " cannot happen here: " + x.getMessage());
                }
            }
            table = t;
            for (Event e : events) {
                log.add(new MatchRecord.Entry(log.size() + 1, e, at));
            }
        }

        private void finish() throws RecordException {
            if (log.isEmpty()) {
                throw fail("the record has no moves and no events");
            }
            MatchState m = table.match();
            boolean over = m != null && m.isOver();
            check(RecordTags.RESULT, over ? join(m.totals()) : RecordTags.UNFINISHED);
            check(RecordTags.PLACES, over ? join(m.places()) : RecordTags.UNFINISHED);
            for (int s = 0; s < table.seats().size(); s++) {
                SeatHolder h = table.seats().get(s);
                check(RecordTags.seat(s), h == null ? RecordTags.NONE : h.name());
            }
            for (Map.Entry<String, Boolean> used : dealTagsUsed.entrySet()) {
                if (!used.getValue()) {
                    throw failAt(used.getKey(), "the tag " + used.getKey() + " is for a deal the record does not "
                            + "deal");
                }
            }
        }

        private void check(String tag, String actual) throws RecordException {
            if (!tags.get(tag).equals(actual)) {
                throw failAt(tag, tag + " is \"" + tags.get(tag) + "\", but the moves come to \"" + actual + "\"");
            }
        }

        private static String join(List<Integer> xs) {
            return String.join(" ", xs.stream().map(String::valueOf).toList());
        }

        private RecordException fail(String reason) {
            return new RecordException(lineNo, reason);
        }

        private RecordException failAt(String tag, String reason) {
            return new RecordException(tagLines.getOrDefault(tag, 1), reason);
        }

        /** A body line's tokens, read one after another. */
        private final class Args {
            private final List<String> tokens;
            private int i;

            Args(List<String> tokens) {
                this.tokens = tokens;
            }

            boolean hasNext() {
                return i < tokens.size();
            }

            String peek() {
                return tokens.get(i);
            }

            String next() throws RecordException {
                if (!hasNext()) {
                    throw fail("the line ends too early");
                }
                return tokens.get(i++);
            }

            void end() throws RecordException {
                if (hasNext()) {
                    throw fail("'" + tokens.get(i) + "' is more than the line holds");
                }
            }

            void word(String w) throws RecordException {
                String s = next();
                if (!s.equals(w)) {
                    throw fail("'" + w + "' is expected, not '" + s + "'");
                }
            }

            int number() throws RecordException {
                String s = next();
                try {
                    return Integer.parseInt(s);
                } catch (NumberFormatException e) {
                    throw fail("a whole number is expected, not '" + s + "'");
                }
            }

            int seat() throws RecordException {
                int s = number();
                if (s < 0 || s >= rules.players()) {
                    throw fail("there is no seat " + s);
                }
                return s;
            }

            List<Integer> numbers() throws RecordException {
                String s = next();
                List<Integer> out = new ArrayList<>();
                try {
                    for (String n : s.split(",")) {
                        out.add(Integer.parseInt(n));
                    }
                } catch (NumberFormatException e) {
                    throw fail("whole numbers joined by commas are expected, not '" + s + "'");
                }
                return out;
            }

            Card card() throws RecordException {
                String s = next();
                try {
                    return Card.parse(s);
                } catch (IllegalArgumentException e) {
                    throw fail(e.getMessage());
                }
            }

            List<Card> cards() throws RecordException {
                List<Card> out = new ArrayList<>();
                while (hasNext()) {
                    out.add(card());
                }
                if (out.isEmpty()) {
                    throw fail("cards are expected");
                }
                return out;
            }

            <E extends Enum<E>> E name(Class<E> type) throws RecordException {
                String s = next();
                try {
                    return Enum.valueOf(type, s);
                } catch (IllegalArgumentException e) {
                    throw fail("'" + s + "' is no " + type.getSimpleName());
                }
            }

            Instant instant() throws RecordException {
                String s = next();
                try {
                    return Instant.parse(s);
                } catch (DateTimeParseException e) {
                    throw fail("an ISO-8601 instant is expected, not '" + s + "'");
                }
            }
        }
    }
}
