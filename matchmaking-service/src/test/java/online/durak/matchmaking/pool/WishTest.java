package online.durak.matchmaking.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import online.durak.messages.Codec;
import online.durak.messages.MessageException;
import org.junit.jupiter.api.Test;

class WishTest {
    private static Wish read(String json) {
        return Wish.read(Codec.parse(json));
    }

    private static MessageException refused(String json) {
        return assertThrows(MessageException.class, () -> read(json));
    }

    @Test
    void aNumber_isOneSize_withTheTablesDefaults() {
        Wish w = read("{\"players\":3}");
        assertEquals(List.of(3), w.sizes());
        assertEquals(60, w.rules().turnClockSeconds());
        assertEquals("PODKIDNOI/36/single/clock60/stake0", w.pool());
    }

    @Test
    void any_isEverySizeTheSettingsAllow() {
        assertEquals(List.of(2, 3, 4, 5, 6), read("{\"players\":\"any\"}").sizes());
        assertEquals(List.of(2, 3, 4), read("{\"players\":\"any\",\"deck\":24}").sizes());
        assertEquals(List.of(4, 6), read("{\"players\":\"any\",\"teams\":true}").sizes());
        assertNull(read("{\"players\":\"any\"}").players());
    }

    @Test
    void thePoolIsEverySettingButPlayers() {
        assertEquals(read("{\"players\":2}").pool(), read("{\"players\":\"any\"}").pool());
        assertNotEquals(read("{\"players\":2}").pool(), read("{\"players\":2,\"turnClock\":null}").pool());
        assertNotEquals(read("{\"players\":2}").pool(), read("{\"players\":2,\"variant\":\"PEREVODNOI\"}").pool());
    }

    @Test
    void badSettings_areRefusedAsATablesAre_namingTheSetting() {
        assertEquals("players", refused("{\"players\":7}").field());
        assertEquals("players", refused("{\"players\":5,\"deck\":24}").field());
        assertEquals("teams", refused("{\"players\":3,\"teams\":true}").field());
        assertEquals("variant", refused("{\"players\":2,\"variant\":\"CHESS\"}").field());
        assertEquals("turnClock", refused("{\"players\":2,\"turnClock\":45}").field());
        assertEquals("players", refused("{\"players\":\"some\"}").field());
        assertEquals("players", refused("{}").field());
        assertEquals("throwIn", refused("{\"players\":2,\"throwIn\":\"ALL\"}").field());
        assertEquals(MessageException.INVALID_SETTING, refused("{\"players\":2,\"deck\":40}").code());
    }
}
