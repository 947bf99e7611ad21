package online.durak.table.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import online.durak.engine.Views;
import online.durak.table.Script;
import org.junit.jupiter.api.Test;

class BotClientTest {

    @Test
    void aBotServiceThatCannotBeReachedIsBotsUnavailable() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        BotClient client = new BotClient("http://127.0.0.1:" + port + "/", Duration.ofSeconds(2));
        assertEquals("http://127.0.0.1:" + port + "/api/hints", client.hintsUri().toString());
        Script g = Script.started("t", "p0", "p1", Script.twoPlayers(1), 3);
        var view = Views.seatView(g.state.match().deal(), g.state.toAct());
        CompletionException e = assertThrows(CompletionException.class,
                () -> client.hint(g.state.rules(), view).join());
        BotClient.BotsUnavailableException u = (BotClient.BotsUnavailableException) e.getCause();
        assertEquals(503, u.status());
        assertEquals("BOTS_UNAVAILABLE", u.code());
        assertTrue(u.getMessage().contains("cannot be reached"), u.getMessage());
    }

    @Test
    void theAddressMustBeHttp() {
        assertThrows(IllegalArgumentException.class, () -> new BotClient("127.0.0.1:8084", Duration.ofSeconds(1)));
        assertThrows(IllegalArgumentException.class, () -> new BotClient("ftp://bots", Duration.ofSeconds(1)));
        assertEquals("http://bots:8084/api/hints",
                new BotClient(" http://bots:8084// ", Duration.ofSeconds(1)).hintsUri().toString());
    }
}
