package online.durak.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class TableEventsTest {

    @Test
    void timestampsAsInstants() {
        Instant at = Instant.parse("2026-01-02T03:04:05.678Z");
        assertEquals(at, TableEvents.instant(at));
        assertEquals(at, TableEvents.instant(OffsetDateTime.ofInstant(at, ZoneOffset.ofHours(3))));
        assertEquals(at, TableEvents.instant(LocalDateTime.ofInstant(at, ZoneOffset.UTC)));
        assertEquals(Instant.EPOCH, TableEvents.instant(null));
    }

    @Test
    void queryOfATable() {
        TableEvents.Query open = TableEvents.ofTable("t1", 4, 0);
        assertEquals(TableEvents.SELECT + "WHERE table_id = $1 AND seq > $2 ORDER BY seq", open.sql());
        assertEquals(2, open.args().size());
        TableEvents.Query bounded = TableEvents.ofTable("t1", 4, 9);
        assertEquals(TableEvents.SELECT + "WHERE table_id = $1 AND seq > $2 AND seq < $3 ORDER BY seq", bounded.sql());
        assertEquals(9L, bounded.args().getLong(2));
    }
}
