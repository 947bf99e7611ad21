package online.durak.messages;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import online.durak.engine.Deck;
import online.durak.engine.Event;
import online.durak.engine.FirstBoutLimit;
import online.durak.engine.Rules;
import online.durak.engine.ThrowIn;
import online.durak.engine.Variant;

/** Matches played once for all tests, chosen so that every event type and every setting value occurs. */
final class Samples {
    private static List<PlayedMatch> matches;

    private Samples() {
    }

    static synchronized List<PlayedMatch> matches() {
        if (matches == null) {
            matches = List.of(
                    PlayedMatch.play(Rules.defaults(3).withDealsPerMatch(3).withStake(10), 11),
                    PlayedMatch.play(Rules.defaults(4).withVariant(Variant.PEREVODNOI).withShowTrumpToTransfer(true)
                            .withDeck(Deck.D24).withTeams(true).withDiscardVisible(false)
                            .withThrowIn(ThrowIn.NEIGHBOURS).withFirstBoutLimit(FirstBoutLimit.UNTIL_FIRST_DISCARD)
                            .withDealsPerMatch(1).withTurnClockSeconds(0), 22),
                    PlayedMatch.play(Rules.defaults(6).withVariant(Variant.PEREVODNOI)
                            .withThrowIn(ThrowIn.NEIGHBOURS_ONLY).withFirstBoutLimit(FirstBoutLimit.NONE)
                            .withDealsPerMatch(1).withTurnClockSeconds(120), 33),
                    PlayedMatch.play(Rules.defaults(2).withDeck(Deck.D52).withDealsPerMatch(1)
                            .withTurnClockSeconds(30), 44),
                    PlayedMatch.solo(Rules.defaults(3).withDealsPerMatch(1), 55),
                    // a daily game's practice attempt: its settings name the day and practice
                    PlayedMatch.solo(Rules.daily(java.time.LocalDate.of(2026, 12, 1), true), 56),
                    PlayedMatch.abandoned(Rules.defaults(2), 66),
                    PlayedMatch.left(Rules.defaults(3).withDealsPerMatch(3), 77, 40, false),
                    PlayedMatch.left(Rules.defaults(2).withDealsPerMatch(3), 88, 30, true));
        }
        return matches;
    }

    /** The first event of every type, by type. */
    static Map<String, Event> oneOfEachType() {
        Map<String, Event> byType = new LinkedHashMap<>();
        for (PlayedMatch m : matches()) {
            for (Event e : m.events) {
                byType.putIfAbsent(e.type(), e);
            }
        }
        return byType;
    }

    static List<Event> allEvents() {
        List<Event> all = new ArrayList<>();
        for (PlayedMatch m : matches()) {
            all.addAll(m.events);
        }
        return all;
    }
}
