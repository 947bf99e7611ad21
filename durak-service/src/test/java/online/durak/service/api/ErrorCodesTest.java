package online.durak.service.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import online.durak.engine.Rejection;
import online.durak.engine.table.TableDecider;
import org.junit.jupiter.api.Test;

class ErrorCodesTest {
    /** Rejections of the rules service's own clock commands: no client sends those, so none sees them. */
    private static final Set<String> NEVER_SHOWN = Set.of(TableDecider.NOT_TIMED_OUT, TableDecider.CLOCK_NOT_DUE);

    @Test
    void everyCodeAClientCanSeeIsDescribed() throws IllegalAccessException {
        List<String> undescribed = new ArrayList<>();
        for (Class<?> c : List.of(ErrorCodes.class, Rejection.class, TableDecider.class)) {
            for (Field f : c.getFields()) {
                if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                    String code = (String) f.get(null);
                    if (!NEVER_SHOWN.contains(code) && ErrorCodes.describe(code) == null) {
                        undescribed.add(c.getSimpleName() + "." + f.getName());
                    }
                }
            }
        }
        assertEquals(List.of(), undescribed);
    }

    @Test
    void anUnknownCodeHasNoDescription() {
        assertNull(ErrorCodes.describe("NO_SUCH_CODE"));
        assertEquals("there is no table with this id", ErrorCodes.describe(ErrorCodes.NO_SUCH_TABLE));
    }
}
