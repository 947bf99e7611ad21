package online.durak.leaderboard.chips;

import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/**
 * Releases the holds no seat confirmed within {@code durak.chips.hold-ttl}: table-service took the hold and then
 * never sent the join (it crashed, or the rules service's answer never came). Any number of instances may sweep at
 * once ({@code for update skip locked}).
 */
@ApplicationScoped
public class HoldSweep {
    private static final Logger LOG = Logger.getLogger(HoldSweep.class);

    private final Wallet wallet;

    public HoldSweep(Wallet wallet) {
        this.wallet = wallet;
    }

    @Scheduled(every = "${durak.chips.sweep-every:30s}", delayed = "5s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> sweep() {
        return wallet.sweep().invoke(n -> {
            if (n > 0) {
                LOG.infof("released %d hold(s) no seat confirmed in time", n);
            }
        }).onFailure().invoke(e -> LOG.warnf("the hold sweep failed: %s", e.getMessage()))
                .onFailure().recoverWithNull().replaceWithVoid();
    }
}
