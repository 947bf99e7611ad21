package online.durak.matchmaking.messaging;

import java.util.ArrayList;
import java.util.List;
import online.durak.matchmaking.store.FormedTable;
import online.durak.messages.CommandMessage;

/**
 * The commands that make a formed table an ordinary one (docs/matchmaking.md "How a table is started"): the person in
 * seat 0 creates it, every other person joins their seat, seat 0 adds the bots and starts the match. Each is sent on
 * behalf of the seated person, exactly as the table service sends that person's own commands; the commandIds are
 * fixed by the table and the step, so sending them again (after a lost reply or a crash) changes nothing.
 */
public final class TableStart {
    private TableStart() {
    }

    public static List<CommandMessage> commands(FormedTable t) {
        FormedTable.Seat host = t.seats().get(0);
        if (host.isBot()) {
            throw new IllegalArgumentException("a person sits in seat 0 of a quick match");
        }
        List<CommandMessage> commands = new ArrayList<>();
        commands.add(new CommandMessage(id(t, "create"), t.tableId(), host.playerId(), host.name(),
                new CommandMessage.Create(t.rules())));
        for (FormedTable.Seat s : t.seats()) {
            if (s.seat() == 0) {
                continue;
            }
            if (s.isBot()) {
                commands.add(new CommandMessage(id(t, "bot-" + s.seat()), t.tableId(), host.playerId(), null,
                        new CommandMessage.AddBot(s.seat(), s.bot())));
            } else {
                commands.add(new CommandMessage(id(t, "join-" + s.seat()), t.tableId(), s.playerId(), s.name(),
                        new CommandMessage.Join(s.seat())));
            }
        }
        commands.add(new CommandMessage(id(t, "start"), t.tableId(), host.playerId(), null,
                new CommandMessage.Start()));
        return commands;
    }

    private static String id(FormedTable t, String step) {
        return "matchmaking:" + t.tableId() + ":" + step;
    }
}
