package online.durak.table.play;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import online.durak.table.play.Answers.LobbyTable;
import online.durak.table.play.LobbyQuery.Place;
import org.jboss.logging.Logger;

/**
 * The lobby's subscriptions (docs/websocket.md, "The lobby"): each watcher (a lobby socket) asks one {@link LobbyQuery}
 * and is sent its first page, then only what changes on that page: tables added, changed, removed.
 *
 * <p>Watchers with the same query share one {@link Group}: one window (the first {@code limit} tables that pass the
 * filter), kept up to date once for all of them, each frame written once and sent to each. A change of a table is
 * matched against each group's query (a handful of comparisons), and frames go only to the groups whose window it
 * changes; so its cost is the number of distinct queries (few: a filter has seven small dimensions, and most people
 * keep the default) plus a send to each watcher it concerns, never a walk of every watcher or of every table. An index
 * of groups by filter dimension would save the comparisons too, at the price of a structure to keep; at thousands of
 * distinct queries a change still costs microseconds here (docs/scale.md).
 *
 * <p>Everything runs on one thread of its own, in order: changes (as {@link LobbyIndex} reports them, read from its
 * current rows, so a change reported twice or late sends nothing twice), subscriptions, closes. So each watcher gets
 * its page and then every delta after it, in order.
 */
@ApplicationScoped
public class LobbyWatch {
    private static final Logger LOG = Logger.getLogger(LobbyWatch.class);

    /** One lobby socket: where its frames go. */
    public interface Watcher {
        void send(String frame);
    }

    /** The first page of a subscription. {@code more}: further tables pass the filter (ask with a larger limit). */
    @JsonPropertyOrder({"type", "tables", "more"})
    record Page(String type, List<LobbyTable> tables, boolean more) {
    }

    /** A table added to the page at index {@code at} (after the removals of the same delta). */
    record Added(int at, LobbyTable table) {
    }

    /** A change of the page: {@code removed} first, then {@code added} at their places, then {@code changed}. */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    @JsonPropertyOrder({"type", "removed", "added", "changed", "more"})
    record Delta(String type, List<String> removed, List<Added> added, List<LobbyTable> changed, boolean more) {
    }

    /** The watchers of one query, and its window: the first tables that pass the filter, in the lobby's order. */
    private static final class Group {
        final LobbyQuery query;
        final Set<Watcher> watchers = new LinkedHashSet<>();
        final List<Place> places = new ArrayList<>();
        final List<LobbyTable> window = new ArrayList<>();
        /** Tables that pass the filter, as the changes handled so far have made them. */
        int total;
        boolean more;

        Group(LobbyQuery query) {
            this.query = query;
        }

        int indexOf(String tableId) {
            for (int i = 0; i < window.size(); i++) {
                if (window.get(i).tableId().equals(tableId)) {
                    return i;
                }
            }
            return -1;
        }

        void add(int at, Place place, LobbyTable row) {
            places.add(at, place);
            window.add(at, row);
        }

        void remove(int i) {
            places.remove(i);
            window.remove(i);
        }
    }

    private final ObjectMapper json; // the REST layer's mapper: a row reads as GET /api/tables writes it
    private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "lobby-watch");
        t.setDaemon(true);
        return t;
    });
    private final Map<LobbyQuery, Group> groups = new HashMap<>();
    private final Map<Watcher, Group> groupOf = new HashMap<>();
    /** Each listed table's row as the changes handled so far have made it (for the groups' totals). */
    private final Map<String, LobbyTable> handled = new HashMap<>();
    private final Set<String> pending = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final AtomicInteger watching = new AtomicInteger();
    private final AtomicInteger groupCount = new AtomicInteger();
    private final Counter changes;
    private final Counter frames;
    private final Counter bytes;
    private final Timer handling;
    private volatile LobbyIndex index;

    public LobbyWatch(ObjectMapper json, MeterRegistry registry) {
        this.json = json;
        registry.gauge("durak.lobby.watchers", List.of(), watching);
        registry.gauge("durak.lobby.queries", List.of(), groupCount);
        this.changes = registry.counter("durak.lobby.changes");
        this.frames = registry.counter("durak.lobby.frames");
        this.bytes = registry.counter("durak.lobby.bytes");
        this.handling = registry.timer("durak.lobby.change.time");
    }

    @PreDestroy
    void stop() {
        thread.shutdownNow();
    }

    void index(LobbyIndex index) {
        this.index = index;
    }

    /**
     * The table's row in the index changed (or it left the index): the groups whose window it concerns are told. A
     * change of a table whose earlier change is still waiting is in that one already (it reads the row when it runs).
     */
    void changed(String tableId) {
        if (pending.add(tableId)) {
            thread.execute(() -> {
                pending.remove(tableId);
                handle(tableId);
            });
        }
    }

    /** The watcher's subscription is now {@code query} (its earlier one, if any, ends): its first page is sent. */
    public void subscribe(Watcher w, LobbyQuery query) {
        thread.execute(() -> {
            leave(w);
            Group g = groups.computeIfAbsent(query, this::open);
            g.watchers.add(w);
            groupOf.put(w, g);
            watching.incrementAndGet();
            send(List.of(w), new Page("page", List.copyOf(g.window), g.more));
        });
    }

    /** The watcher is gone. */
    public void unsubscribe(Watcher w) {
        thread.execute(() -> leave(w));
    }

    private void leave(Watcher w) {
        Group g = groupOf.remove(w);
        if (g != null) {
            watching.decrementAndGet();
            g.watchers.remove(w);
            if (g.watchers.isEmpty()) {
                groups.remove(g.query);
                groupCount.decrementAndGet();
            }
        }
    }

    /** A new group's window (the index as it is now) and total (as the changes handled so far have made it). */
    private Group open(LobbyQuery query) {
        groupCount.incrementAndGet();
        Group g = new Group(query);
        for (Map.Entry<Place, LobbyTable> e : index.after(null)) {
            if (g.window.size() == query.limit()) {
                break;
            }
            if (query.matches(e.getValue())) {
                g.add(g.window.size(), e.getKey(), e.getValue());
            }
        }
        for (LobbyTable row : handled.values()) {
            g.total += query.matches(row) ? 1 : 0;
        }
        g.more = g.total > g.window.size();
        return g;
    }

    private void handle(String tableId) {
        long started = System.nanoTime();
        try {
            LobbyTable row = index.row(tableId);
            Place place = index.place(tableId);
            LobbyTable before = row == null ? handled.remove(tableId) : handled.put(tableId, row);
            changes.increment();
            for (Group g : groups.values()) {
                update(g, tableId, before, row, place);
            }
        } catch (RuntimeException e) {
            LOG.warnf(e, "lobby: the change of table %s could not be sent", tableId);
        } finally {
            handling.record(System.nanoTime() - started, java.util.concurrent.TimeUnit.NANOSECONDS);
        }
    }

    /** The group's window after the change of one table, and the delta to its watchers if the window changed. */
    private void update(Group g, String tableId, LobbyTable before, LobbyTable row, Place place) {
        boolean was = before != null && g.query.matches(before);
        boolean is = row != null && g.query.matches(row);
        g.total += (is ? 1 : 0) - (was ? 1 : 0);
        List<String> removed = new ArrayList<>(1);
        List<Added> added = new ArrayList<>(1);
        List<LobbyTable> changed = new ArrayList<>(1);
        int limit = g.query.limit();
        int i = g.indexOf(tableId);
        if (i >= 0 && is) {
            if (!g.window.get(i).equals(row)) {
                g.window.set(i, row);
                changed.add(row);
            }
        } else if (i >= 0) {
            boolean full = g.window.size() == limit;
            g.remove(i);
            removed.add(tableId);
            if (full && g.total > g.window.size()) {
                fill(g, added);
            }
        } else if (is && (g.window.size() < limit || place.compareTo(g.places.get(g.window.size() - 1)) < 0)) {
            int at = 0;
            while (at < g.places.size() && g.places.get(at).compareTo(place) < 0) {
                at++;
            }
            g.add(at, place, row);
            added.add(new Added(at, row));
            if (g.window.size() > limit) {
                removed.add(g.window.get(limit).tableId());
                g.remove(limit);
            }
        }
        boolean more = g.total > g.window.size();
        if (removed.isEmpty() && added.isEmpty() && changed.isEmpty() && more == g.more) {
            return;
        }
        g.more = more;
        send(g.watchers, new Delta("delta", removed, added, changed, more));
    }

    /** The first table after the window's last that passes the filter, added at the window's end. */
    private void fill(Group g, List<Added> added) {
        Place last = g.places.isEmpty() ? null : g.places.get(g.places.size() - 1);
        for (Map.Entry<Place, LobbyTable> e : index.after(last)) {
            if (g.query.matches(e.getValue()) && g.indexOf(e.getValue().tableId()) < 0) {
                g.add(g.window.size(), e.getKey(), e.getValue());
                added.add(new Added(g.window.size() - 1, e.getValue()));
                return;
            }
        }
    }

    private void send(Iterable<Watcher> to, Object frame) {
        String text;
        try {
            text = json.writeValueAsString(frame);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a lobby frame could not be written", e);
        }
        int size = text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        for (Watcher w : to) {
            w.send(text);
            frames.increment();
            bytes.increment(size);
        }
    }
}
