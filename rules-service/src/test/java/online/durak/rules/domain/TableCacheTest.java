package online.durak.rules.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TableCacheTest {

    @Test
    void revokedPartitionsLoseTheirTablesOnly() {
        TableCache cache = new TableCache(100);
        cache.put(TableEntry.empty("a"), 1);
        cache.put(TableEntry.empty("b"), 2);
        cache.put(TableEntry.empty("c"), 3);
        assertEquals(2, cache.dropPartitions(List.of(1, 3)));
        assertNull(cache.get("a"));
        assertNotNull(cache.get("b"));
        assertNull(cache.get("c"));
        cache.drop("b");
        assertEquals(0, cache.size());
    }

    @Test
    void aFullCacheDropsSomeButNeverTheTableJustPut() {
        TableCache cache = new TableCache(10);
        for (int i = 0; i < 50; i++) {
            cache.put(TableEntry.empty("t" + i), i % 12);
            assertNotNull(cache.get("t" + i));
            assertTrue(cache.size() <= 10);
        }
        assertTrue(cache.evictions() > 0);
        assertThrows(IllegalArgumentException.class, () -> new TableCache(0));
    }
}
