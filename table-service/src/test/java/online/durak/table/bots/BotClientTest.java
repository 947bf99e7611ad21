package online.durak.table.bots;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The address; the calls themselves are tested against a stand-in bot service (SoloHintClockTest, FakeBots). */
class BotClientTest {

    @Test
    void theAddressMustBeHttp() {
        for (String bad : new String[] {"127.0.0.1:8084", "ftp://bots", "http://"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new BotClient(null, bad, 1000, "durak-online"), bad);
            assertTrue(e.getMessage().startsWith("durak.bot.url (DURAK_BOT_URL) must be an http(s) address"), bad);
        }
        new BotClient(null, " http://bots:8084// ", 1000, "durak-online");
    }
}
