package online.durak.table.api;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import online.durak.table.projection.Projections;

/** The lobby's list, the same for {@code GET /api/tables} and the lobby's WebSocket ({@code /api/lobby/ws}). */
@ApplicationScoped
public class Lobby {
    private final Projections projections;
    private final Rematches rematches;

    public Lobby(Projections projections, Rematches rematches) {
        this.projections = projections;
        this.rematches = rematches;
    }

    /** The open tables, newest first, without again tables still waiting for their own people. */
    public List<Responses.TableSummary> tables() {
        return projections.lobby().stream().filter(s -> !rematches.reserved(s.tableId())).map(TableViews::summary)
                .toList();
    }
}
