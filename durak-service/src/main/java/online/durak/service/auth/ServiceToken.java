package online.durak.service.auth;

import io.smallrye.jwt.build.Jwt;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * A service's own token for another service's internal calls (leaderboard-service's wallet, docs/chips.md; the bot
 * service's hints; every {@code /internal/*} and {@code /admin/*} path, docs/accounts.md "Service tokens"): signed with
 * the system's key (the service's {@code smallrye.jwt.sign.key.location}), subject the service's name, and the group
 * {@value #GROUP}, which no player's token has. Never signed out (Revocations passes it by). Valid 10 minutes, signed
 * again when half of them are over.
 */
public final class ServiceToken implements Supplier<String> {
    public static final String GROUP = "durak-service";
    private static final Duration LIFETIME = Duration.ofMinutes(10);

    private final String issuer;
    private final String subject;
    private volatile String token;
    private volatile Instant renewAt = Instant.EPOCH;

    public ServiceToken(String issuer, String subject) {
        this.issuer = issuer;
        this.subject = subject;
    }

    @Override
    public String get() {
        Instant now = Instant.now();
        if (token == null || now.isAfter(renewAt)) {
            token = Jwt.issuer(issuer).subject(subject).groups(GROUP).expiresIn(LIFETIME).sign();
            renewAt = now.plus(LIFETIME.dividedBy(2));
        }
        return token;
    }
}
