package online.durak.bot.analysis;

import io.vertx.core.json.JsonObject;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Duration;
import java.util.Optional;

/**
 * The table {@code bot_analyses} (db/migration/bot-service): one row per analysed match, by key. Blocking, awaited up to
 * a timeout, so never called from an event loop.
 */
final class AnalysisStore {
    private final Pool pool;
    private final Duration timeout;

    AnalysisStore(Pool pool, Duration timeout) {
        this.pool = pool;
        this.timeout = timeout;
    }

    /** Where an analysis stands; {@code analysis} is its JSON once done. */
    record Status(String state, int done, int total, String analysis) {
        static final String QUEUED = "queued";
        static final String RUNNING = "running";
        static final String DONE = "done";
    }

    Optional<Status> find(String key) {
        for (Row r : pool.preparedQuery("select state, done, total, analysis::text as analysis from bot_analyses"
                + " where key = $1").execute(Tuple.of(key)).await().atMost(timeout)) {
            return Optional.of(new Status(r.getString("state"), r.getInteger("done"), r.getInteger("total"),
                    r.getString("analysis")));
        }
        return Optional.empty();
    }

    /** Adds a queued row; false when there is one already (another request, or another instance, was first). */
    boolean queue(String key, int total) {
        return pool.preparedQuery("insert into bot_analyses (key, state, total) values ($1, 'queued', $2)"
                + " on conflict (key) do nothing").execute(Tuple.of(key, total)).await().atMost(timeout)
                .rowCount() == 1;
    }

    void progress(String key, int done, int total) {
        pool.preparedQuery("update bot_analyses set state = 'running', done = $2, total = $3 where key = $1"
                + " and state <> 'done'").execute(Tuple.of(key, done, total)).await().atMost(timeout);
    }

    void finish(String key, int total, String analysisJson) {
        pool.preparedQuery("update bot_analyses set state = 'done', done = $2, total = $2, analysis = $3,"
                + " finished = now() where key = $1").execute(Tuple.of(key, total, new JsonObject(analysisJson)))
                .await().atMost(timeout);
    }

    /** Forgets an analysis that failed, so that the next request starts it again. */
    void forget(String key) {
        pool.preparedQuery("delete from bot_analyses where key = $1 and state <> 'done'").execute(Tuple.of(key))
                .await().atMost(timeout);
    }
}
