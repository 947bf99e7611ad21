package online.durak.table.play;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import online.durak.engine.Rejection;
import online.durak.engine.SeatView;
import online.durak.engine.Views;
import online.durak.engine.table.HintRules;
import online.durak.engine.table.TableState;
import online.durak.messages.Codec;
import online.durak.messages.CommandMessage;
import online.durak.service.api.ApiException;
import online.durak.table.auth.Player;
import online.durak.table.bots.BotClient;
import online.durak.table.projection.TableSnapshot;

/**
 * A hint, for REST ({@code POST /api/tables/{id}/hint}) and the WebSocket ({@code {"type":"hint"}}) alike: checked
 * here first (solo table, my decision), then asked of the bot service with the settings and my own view only, then
 * recorded through the rules service as {@code HintTaken}. A hint that is refused or that the bot service cannot
 * give is not recorded.
 */
@ApplicationScoped
public class Hints {
    private final Tables tables;
    private final BotClient bots;
    private final TableCommands commands;

    public Hints(Tables tables, BotClient bots, TableCommands commands) {
        this.tables = tables;
        this.bots = bots;
        this.commands = commands;
    }

    /**
     * The hint for the caller's seat. Throws {@link ApiException} at once when no hint may be given now (404
     * {@code NO_SUCH_TABLE}, 403 {@code NOT_SEATED}, 409 as {@link #hintable}); the future fails with what the bot or
     * rules service answered.
     */
    public CompletableFuture<Answers.HintAnswer> give(Player me, String tableId, String commandId) {
        Tables.Seated at = tables.seated(me, tableId);
        int seat = at.seat();
        SeatView view = hintable(at.table(), seat);
        commands.requireRules(); // a hint that could not be recorded is not asked of the bot service
        String id = at.table().tableId();
        TableState t = at.table().state();
        List<String> names = new ArrayList<>();
        for (int s = 0; s < t.rules().players(); s++) {
            names.add(t.holder(s) == null ? null : t.holder(s).name());
        }
        return bots.hint(t.rules(), view, names).thenCompose(hint -> {
            if (!view.legalMoves().contains(hint.move())) {
                throw new BotClient.BotsUnavailableException("the bot service suggested "
                        + Codec.write(hint.moveNode()) + ", which is not a legal move now; try again");
            }
            return commands.send(me, id, commandId, new CommandMessage.Hint()).thenApply(a -> {
                TableState after = a.snapshot().state();
                return new Answers.HintAnswer(id, a.commandId(), a.reply().lastSeq(), seat, hint.move(),
                        hint.reason(), new Answers.HintReasons(hint.reason(), hint.reasonDe()), hint.clear(), hint.candidates(), seat < after.hints().size() ? after.hints().get(seat) : 0);
            });
        });
    }

    /**
     * The seat's view when a hint may be given now ({@link HintRules}); else the refusal the rules service would
     * give, without asking it or the bot service: 409 HINTS_SOLO_ONLY, MATCH_OVER, DEAL_NOT_RUNNING or NOT_YOUR_TURN.
     */
    static SeatView hintable(TableSnapshot s, int seat) {
        TableState t = s.state();
        Rejection refused = HintRules.refusal(t, seat);
        if (refused != null) {
            throw new ApiException(409, refused.code(), refused.message());
        }
        return Views.seatView(t.match().deal(), seat);
    }
}
