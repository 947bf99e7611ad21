package online.durak.store;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

/**
 * Each service creates its own tables on start ({@code create ... if not exists}). Several instances may start at
 * once, and PostgreSQL's {@code if not exists} is not safe against a concurrent create of the same name, so the
 * statements run in one transaction under a transaction-scoped advisory lock of the caller's choosing.
 */
public final class Ddl {
    private Ddl() {
    }

    /** Runs the statements, in order, under {@code pg_advisory_xact_lock(lock)}. */
    public static Uni<Void> underLock(Pool pool, long lock, String... statements) {
        return pool.withTransaction(c -> {
            // "already exists, skipping" is what idempotent means here, not news for the log
            Uni<?> chain = c.query("set local client_min_messages = warning").execute()
                    .chain(() -> c.query("select pg_advisory_xact_lock(" + lock + ")").execute());
            for (String sql : statements) {
                chain = chain.chain(() -> c.query(sql).execute());
            }
            return chain;
        }).replaceWithVoid();
    }
}
