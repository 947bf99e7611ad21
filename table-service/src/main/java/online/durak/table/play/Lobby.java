package online.durak.table.play;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import online.durak.engine.BotLevel;
import online.durak.engine.Rules;
import online.durak.engine.table.Tempo;
import online.durak.messages.CommandMessage;
import online.durak.table.auth.Player;
import online.durak.table.auth.Stakes;
import online.durak.table.chips.ChipsClient;
import online.durak.table.projection.TableSnapshot;

/**
 * The lobby's commands: opening and joining tables (what the lobby lists is {@link LobbyIndex}'s). At a table with a stake an account's stake is held before its create or join is sent, and
 * given back when the rules service refuses it ({@link ChipsClient}, docs/chips.md).
 */
@ApplicationScoped
public class Lobby {
    private final Tables tables;
    private final TableCommands commands;
    private final ChipsClient chips;

    public Lobby(Tables tables, TableCommands commands, ChipsClient chips) {
        this.tables = tables;
        this.commands = commands;
        this.chips = chips;
    }

    /** A table being opened: its id at once ({@link TableCommands#newTableId}), the table once it is made. */
    public record Opening(String tableId, CompletableFuture<TableSnapshot> table) {
    }

    /** A table with these settings, the creator in seat 0: 403 {@code STAKE_NEEDS_ACCOUNT} for a guest's stake. */
    public Opening create(Player me, Rules rules, String commandId) {
        Stakes.checkCreator(me, rules);
        String tableId = TableCommands.newTableId("create", me, commandId);
        return new Opening(tableId, chips.staked(me, tableId, rules, () -> commands.send(me, tableId, commandId,
                new CommandMessage.Create(rules))).thenApply(TableCommands.Accepted::snapshot));
    }

    /** A solo table (the caller in seat 0, bots of these levels in the others), started at once. */
    public Opening solo(Player me, Rules rules, List<BotLevel> levels, Tempo tempo, String commandId) {
        String tableId = TableCommands.newTableId("solo", me, commandId);
        return new Opening(tableId, commands.send(me, tableId, commandId, new CommandMessage.Solo(rules, levels, tempo))
                .thenApply(TableCommands.Accepted::snapshot));
    }

    /** The caller takes {@code seat} (null: the first free one): 404 {@code NO_SUCH_TABLE}, 403 {@code DAILY_HIDDEN}. */
    public CompletableFuture<TableSnapshot> join(Player me, String tableId, Integer seat, String commandId) {
        TableSnapshot s = tables.visible(me, tableId);
        return chips.staked(me, tableId, s.state().rules(), () -> commands.send(me, tableId, commandId,
                new CommandMessage.Join(seat))).thenApply(TableCommands.Accepted::snapshot);
    }
}
