package online.durak.matchmaking;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Instant;
import online.durak.matchmaking.messaging.CommandSender;
import online.durak.matchmaking.store.TicketStore;
import org.jboss.logging.Logger;

/**
 * Once Flyway has migrated the tables (application.properties), gives every waiting ticket a fresh heartbeat (its client could not reach a stopped service, and
 * its place and wait time are kept), starts the commands producer and the replies consumer, then the pools' forming;
 * stops them in the opposite order.
 */
@ApplicationScoped
public class MatchmakingLifecycle {
    private static final Logger LOG = Logger.getLogger(MatchmakingLifecycle.class);

    private final TicketStore store;
    private final CommandSender sender;
    private final Matchmaker matchmaker;

    public MatchmakingLifecycle(TicketStore store, CommandSender sender, Matchmaker matchmaker) {
        this.store = store;
        this.sender = sender;
        this.matchmaker = matchmaker;
    }

    void onStart(@Observes StartupEvent e) {
        int waiting = store.refreshHeartbeats(Instant.now());
        sender.start();
        matchmaker.start();
        LOG.infof("quick matches: %d waiting ticket(s) from before given a fresh heartbeat", waiting);
    }

    void onStop(@Observes ShutdownEvent e) {
        matchmaker.stop();
        sender.stop();
        LOG.info("quick matches stopped; waiting tickets stay in the store");
    }
}
