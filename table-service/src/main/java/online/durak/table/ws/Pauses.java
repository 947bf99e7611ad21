package online.durak.table.ws;

import io.quarkus.websockets.next.WebSocketConnection;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.concurrent.atomic.AtomicBoolean;
import online.durak.service.api.ErrorCodes;
import online.durak.table.messaging.RulesBreaker;

/**
 * The rules service stopped or started answering ({@link RulesBreaker.RulesAvailability}, a CDI event): every
 * connection is told, whatever its table, since no table can move while the rules service is silent (not the players'
 * moves, nor the bots', nor the clocks): a player waiting for someone else's move would otherwise see nothing happen
 * and not know why. A connection opened meanwhile is told on opening.
 */
@ApplicationScoped
public class Pauses {
    private final RulesBreaker rules;
    private final Sessions sessions;
    private final AtomicBoolean pausedSent = new AtomicBoolean();

    public Pauses(RulesBreaker rules, Sessions sessions) {
        this.rules = rules;
        this.sessions = sessions;
    }

    void onRulesAvailability(@Observes RulesBreaker.RulesAvailability a) {
        ServerFrame frame;
        if (a.state() == CircuitBreakerState.OPEN && pausedSent.compareAndSet(false, true)) {
            frame = paused();
        } else if (a.state() == CircuitBreakerState.CLOSED && pausedSent.compareAndSet(true, false)) {
            frame = new ServerFrame.Resumed();
        } else {
            return; // half-open, or open again after a failed probe: still paused, nothing new to say
        }
        for (Session s : sessions.all()) {
            if (s.connection.isOpen()) {
                s.send(frame);
            }
        }
    }

    /** A connection just opened: told at once if the tables are paused. */
    void opened(WebSocketConnection c) {
        if (rules.paused()) {
            Session.send(c, paused());
        }
    }

    private static ServerFrame paused() {
        return new ServerFrame.Paused(ErrorCodes.RULES_UNAVAILABLE, "the rules service does not answer: no move can be "
                + "decided now, and this table goes on by itself once it does");
    }
}
