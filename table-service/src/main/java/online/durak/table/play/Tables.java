package online.durak.table.play;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.regex.Pattern;
import online.durak.engine.table.TableState;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import online.durak.table.auth.Player;
import online.durak.table.projection.Projections;
import online.durak.table.projection.TableSnapshot;

/**
 * A table and the caller's seat at it, for REST and WebSocket alike. A table id of another form is no table (it never
 * reaches the store); a table this instance has not seen is read from the store; a player this instance does not see
 * seated is looked up in the store once more before being refused, since another instance may be ahead. Another
 * player's daily table is refused with 403 {@code DAILY_HIDDEN} until its UTC day is over ({@link #hiddenFrom}).
 */
@ApplicationScoped
public class Tables {
    private static final Pattern TABLE_ID = Pattern.compile("[A-Za-z0-9._:~-]{1,100}");

    private final Projections projections;

    public Tables(Projections projections) {
        this.projections = projections;
    }

    /** A table and the caller's seat at it: the newest snapshot this instance has. */
    public record Seated(TableSnapshot table, int seat) {
    }

    /** The table, if it exists. */
    public Optional<TableSnapshot> find(String tableId) {
        return isTableId(tableId) ? projections.find(tableId) : Optional.empty();
    }

    /** The table, or 404 {@code NO_SUCH_TABLE}. */
    public TableSnapshot get(String tableId) {
        if (!isTableId(tableId)) {
            throw new ApiException(404, ErrorCodes.NO_SUCH_TABLE, "there is no such table");
        }
        return projections.find(tableId).orElseThrow(() -> ApiException.noSuchTable(tableId));
    }

    /** The player's seat at the table, or -1 when the store has none either. */
    public int seatOf(TableSnapshot s, String playerId) {
        int seat = s.seatOf(playerId);
        return seat >= 0 ? seat : projections.catchUp(s.tableId()).seatOf(playerId);
    }

    /**
     * The table, if the caller may see it: 404 {@code NO_SUCH_TABLE}; 403 {@code DAILY_HIDDEN} for another player's
     * daily table before its day is over.
     */
    public TableSnapshot visible(Player me, String tableId) {
        TableSnapshot s = get(tableId);
        if (hiddenFrom(s.state(), me.playerId(), LocalDate.now(ZoneOffset.UTC))) {
            throw ApiException.dailyHidden();
        }
        return s;
    }

    /**
     * Whether a daily table is hidden from {@code playerId} on {@code today} (docs/daily.md "What a player of the day
     * sees"): every attempt of a day is dealt the same cards, so until the day is over (UTC) nobody but the table's own
     * player may see anything of it, finished deals included; afterwards it is a table like any other.
     */
    public static boolean hiddenFrom(TableState t, String playerId, LocalDate today) {
        return t.rules() != null && t.rules().daily() != null && !t.rules().daily().date().isBefore(today)
                && !playerId.equals(t.createdBy()) && t.seatOf(playerId) < 0 && t.leaver(playerId) == null;
    }

    /**
     * The table and the caller's seat, or {@link Spectators#NO_SEAT} for one without a seat who may watch it
     * ({@link Spectators#mayWatch}): 404 {@code NO_SUCH_TABLE}, 403 {@code DAILY_HIDDEN}, 403 {@code NOT_SEATED} for
     * anyone else.
     */
    public Seated watching(Player me, String tableId) {
        TableSnapshot s = visible(me, tableId);
        int seat = seatOf(s, me.playerId());
        TableSnapshot now = newest(s);
        if (seat < 0 && !Spectators.mayWatch(now)) {
            throw new ApiException(403, ErrorCodes.NOT_SEATED, "you have no seat at this table, and it "
                    + (now.state().rules().spectators() ? "is not running" : "may not be watched"));
        }
        return new Seated(now, seat < 0 ? Spectators.NO_SEAT : seat);
    }

    /**
     * {@link #watching} answered from memory alone: the caller's seat at a table folded here; empty for anything else
     * (a table not folded here, one without the caller seated), which {@link #watching} answers, reading the store if
     * it must. Never blocks.
     */
    public Optional<Seated> seatedInMemory(Player me, String tableId) {
        TableSnapshot s = isTableId(tableId) ? projections.folded(tableId) : null;
        int seat = s == null ? -1 : s.seatOf(me.playerId());
        return seat < 0 ? Optional.empty() : Optional.of(new Seated(s, seat)); // a seated player is never hidden from
    }

    /** The table and the caller's seat: 404 {@code NO_SUCH_TABLE}, 403 {@code DAILY_HIDDEN}, 403 {@code NOT_SEATED}. */
    public Seated seated(Player me, String tableId) {
        TableSnapshot s = visible(me, tableId);
        int seat = seatOf(s, me.playerId());
        if (seat < 0) {
            throw ApiException.notSeated();
        }
        return new Seated(newest(s), seat);
    }

    private TableSnapshot newest(TableSnapshot s) {
        TableSnapshot now = projections.current(s.tableId());
        return now.seq() >= s.seq() ? now : s;
    }

    private static boolean isTableId(String id) {
        return id != null && TABLE_ID.matcher(id).matches();
    }
}
