package online.durak.bot.analysis;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.runtime.ShutdownEvent;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import online.durak.bot.play.LiveWork;
import online.durak.engine.Rejection;
import online.durak.engine.record.MatchRecord;
import online.durak.engine.record.RecordException;
import online.durak.engine.record.RecordReader;
import online.durak.engine.table.AnalysisRules;
import online.durak.engine.table.LoggedTable;
import online.durak.engine.table.TableDecider;
import online.durak.messages.Codec;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import online.durak.store.EventReader;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The analyses of finished matches (docs/bots.md "Analysis"): asked for by table id (its log read from the event
 * store) or with a record's text (read by the engine's {@link RecordReader}, keyed by the record's SHA-256), each
 * stored once in {@code bot_analyses}, so analysing twice costs nothing. They run one at a time on a thread of their
 * own at the lowest priority, and each decision's search waits until no live search (a bot's move, a hint) runs
 * ({@link LiveWork}), so an analysis never slows a live bot. An analysis cut short (the service stopped) is started
 * again by the next request for it.
 */
@ApplicationScoped
public class Analyses {
    private static final Logger LOG = Logger.getLogger(Analyses.class);
    /** Progress is written to the table after this many decisions (and at the end); polls between read memory. */
    private static final int PROGRESS_EVERY = 5;

    private final EventReader events;
    private final AnalysisStore store;
    private final LiveWork live;
    private final Clock clock;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "analysis");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        return t;
    });
    /** The analyses this instance runs or has queued, with their progress {done, total}. */
    private final Map<String, int[]> jobs = new ConcurrentHashMap<>();

    public Analyses(Pool pool, @ConfigProperty(name = "durak.store.timeout", defaultValue = "10s") Duration timeout,
                    LiveWork live) {
        this.events = new EventReader(pool, timeout, LOG, EventReader.OnUnreadable.STOP);
        this.store = new AnalysisStore(pool, timeout);
        this.live = live;
        this.clock = Clock.systemUTC();
    }

    void stop(@Observes ShutdownEvent e) {
        worker.shutdownNow();
    }

    /** Starts the analysis of a table's match (or finds it started or done); its status. */
    public ObjectNode requestTable(String tableId) {
        String key = "table:" + tableId;
        Optional<AnalysisStore.Status> s = store.find(key);
        if (s.isPresent() && (s.get().state().equals(AnalysisStore.Status.DONE) || jobs.containsKey(key))) {
            return status(key, s.get());
        }
        List<? extends LoggedTable.Logged> log = events.read(tableId, 0, 0).orElse(List.of());
        return start(key, tableId, log);
    }

    /** Starts the analysis of a record's match (or finds it started or done), keyed by the record's SHA-256. */
    public ObjectNode requestRecord(String text) {
        String key = "record:" + sha256(text);
        Optional<AnalysisStore.Status> s = store.find(key);
        if (s.isPresent() && (s.get().state().equals(AnalysisStore.Status.DONE) || jobs.containsKey(key))) {
            return status(key, s.get()).put("key", key);
        }
        MatchRecord record;
        try {
            record = RecordReader.read(text);
        } catch (RecordException e) {
            throw ApiException.badRequest(ErrorCodes.INVALID_RECORD, "line " + e.line() + ": " + e.reason());
        }
        return start(key, record.tableId() == null ? key : record.tableId(), record.log()).put("key", key);
    }

    /** A table's analysis as it stands: 404 NO_ANALYSIS when it was never asked for. */
    public ObjectNode table(String tableId) {
        return find("table:" + tableId);
    }

    private ObjectNode find(String key) {
        return store.find(key).map(s -> status(key, s)).orElseThrow(() -> new ApiException(404,
                ErrorCodes.NO_ANALYSIS, "no analysis of this match was asked for: POST asks for one"));
    }

    private ObjectNode start(String key, String tableId, List<? extends LoggedTable.Logged> log) {
        Decisions.Read read;
        try {
            read = Decisions.of(tableId, log);
        } catch (IllegalArgumentException e) {
            LOG.errorf("%s cannot be analysed: %s", key, e.getMessage());
            throw new ApiException(503, ErrorCodes.STORE_UNAVAILABLE, "the table's log cannot be read whole now");
        }
        Rejection no = AnalysisRules.refusal(read.table(), LocalDate.now(clock));
        if (no != null) {
            int status = no.code().equals(TableDecider.NO_SUCH_TABLE) ? 404
                    : no.code().equals(AnalysisRules.DAILY_HIDDEN) ? 403 : 409;
            throw new ApiException(status, no.code(), no.message());
        }
        int total = read.decisions().size();
        store.queue(key, total);
        if (jobs.putIfAbsent(key, new int[] {0, total}) == null) {
            try {
                worker.execute(() -> run(key, tableId, log, total));
            } catch (RejectedExecutionException e) {
                jobs.remove(key);
                throw new ApiException(503, ErrorCodes.SERVICE_STOPPING, "the bot service is stopping; ask again");
            }
        }
        return status(key, store.find(key).orElseThrow());
    }

    private void run(String key, String tableId, List<? extends LoggedTable.Logged> log, int total) {
        long t0 = System.nanoTime();
        try {
            MatchAnalysis a = MatchAnalyser.analyse(tableId, log, new MatchAnalyser.Listener() {
                @Override
                public void beforeSearch() throws InterruptedException {
                    live.awaitIdle();
                }

                @Override
                public void judged(int done, int all) {
                    jobs.get(key)[0] = done;
                    if (done % PROGRESS_EVERY == 0) {
                        store.progress(key, done, all);
                    }
                }
            });
            store.finish(key, total, Codec.toJson(a));
            LOG.infof("analysed %s: %d decisions in %.1f s", key, total, (System.nanoTime() - t0) / 1e9);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // stopping: the next request starts it again
        } catch (RuntimeException e) {
            LOG.errorf(e, "the analysis of %s failed", key);
            store.forget(key);
        } finally {
            jobs.remove(key);
        }
    }

    /** {@code {state, done, total, analysis?}}: the progress of a running analysis from memory, else the table's. */
    private ObjectNode status(String key, AnalysisStore.Status s) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        int[] running = jobs.get(key);
        boolean done = s.state().equals(AnalysisStore.Status.DONE);
        o.put("state", done || running == null || running[0] == 0 ? s.state() : AnalysisStore.Status.RUNNING);
        o.put("done", done || running == null ? s.done() : running[0]);
        o.put("total", s.total());
        if (done && s.analysis() != null) {
            o.set("analysis", Codec.parse(s.analysis()));
        }
        return o;
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
