package online.durak.rules.domain;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Tables in memory, each with the partition of {@code durak.commands} that its commands arrive on, so that
 * a rebalance drops exactly the tables whose partitions this instance no longer owns. Bounded: past
 * {@code maxTables} entries some are dropped (they are rebuilt from the store when needed again).
 */
public final class TableCache {

    /** A cached table and the partition of {@code durak.commands} its commands arrive on. */
    public record Slot(TableEntry table, int partition) {
    }

    private final Map<String, Slot> tables = new ConcurrentHashMap<>();
    private final int maxTables;
    private final AtomicInteger evicted = new AtomicInteger();

    public TableCache(int maxTables) {
        if (maxTables < 1) {
            throw new IllegalArgumentException("maxTables must be at least 1");
        }
        this.maxTables = maxTables;
    }

    /** The cached table, or null. */
    public TableEntry get(String tableId) {
        Slot s = tables.get(tableId);
        return s == null ? null : s.table();
    }

    public void put(TableEntry table, int partition) {
        tables.put(table.tableId(), new Slot(table, partition));
        if (tables.size() > maxTables) {
            shrink(table.tableId());
        }
    }

    /**
     * Caches a table only if none is cached under its id (a table loaded beside the consumer, e.g. by the
     * clock's scan after a partition was assigned, never replaces what the consumer has put since). Returns
     * whether it was put.
     */
    public boolean putIfAbsent(TableEntry table, int partition) {
        boolean put = tables.putIfAbsent(table.tableId(), new Slot(table, partition)) == null;
        if (put && tables.size() > maxTables) {
            shrink(table.tableId());
        }
        return put;
    }

    /** The cached tables now (a snapshot; entries may change meanwhile). */
    public List<Slot> slots() {
        return new ArrayList<>(tables.values());
    }

    public void drop(String tableId) {
        tables.remove(tableId);
    }

    /** Drops every table of these partitions (they were revoked or lost). Returns how many. */
    public int dropPartitions(Collection<Integer> partitions) {
        int before = tables.size();
        tables.values().removeIf(s -> partitions.contains(s.partition()));
        return Math.max(0, before - tables.size());
    }

    public void clear() {
        tables.clear();
    }

    public int size() {
        return tables.size();
    }

    public int evictions() {
        return evicted.get();
    }

    /** Drops about a tenth of the entries, never {@code keep}: finished tables first, then any. */
    private void shrink(String keep) {
        int target = maxTables - Math.max(1, maxTables / 10);
        for (int pass = 0; pass < 2 && tables.size() > target; pass++) {
            Iterator<Map.Entry<String, Slot>> it = tables.entrySet().iterator();
            while (it.hasNext() && tables.size() > target) {
                Map.Entry<String, Slot> e = it.next();
                online.durak.engine.table.TableStatus status = e.getValue().table().state().status();
                boolean finished = status == online.durak.engine.table.TableStatus.FINISHED
                    || status == online.durak.engine.table.TableStatus.CLOSED;
                if (!e.getKey().equals(keep) && (pass == 1 || finished)) {
                    it.remove();
                    evicted.incrementAndGet();
                }
            }
        }
    }
}
