package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The web client (table-service/src/main/webui, docs/webclient.md) against the running system: table-service serves
 * it at {@code /} (its routes are hashes, {@code /#/tables/ID}), and a person plays a whole solo match in a real headless Chromium by
 * clicking only ({@code e2e/solo.mjs}, playwright-core driving Debian's {@code /usr/bin/chromium}). Its screenshots
 * land in {@code target/webclient/}.
 */
@ExtendWith(SystemUnderTest.class)
class WebClientTest {

    private static final Path WEBUI = SystemUnderTest.home().resolve("table-service/src/main/webui");
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void theClientIsServedAtTheRootWhileTheApiStaysJson() throws Exception {
        for (String path : new String[] {"/", "/index.html"}) {
            HttpResponse<String> r = get(path, "text/html");
            assertEquals(200, r.statusCode(), path);
            assertTrue(r.body().contains("<div id=\"app\">"), path + " is the client's index.html: " + r.body());
        }
        HttpResponse<String> api = get("/api/no-such-thing", "application/json");
        assertEquals(404, api.statusCode());
        assertTrue(api.body().contains("\"code\":\"NOT_FOUND\""), api.body());
        HttpResponse<String> health = get("/q/health/ready", "application/json");
        assertEquals(404, health.statusCode(), "health is on the management port only: " + health.body());
        HttpResponse<String> managed = http.send(HttpRequest.newBuilder(URI.create(SystemUnderTest.running().table()
                .managementUrl() + "/q/health/ready")).header("Accept", "application/json").build(),
                HttpResponse.BodyHandlers.ofString());
        assertTrue(managed.body().contains("\"status\""), managed.body());
    }

    @Test
    void aPersonPlaysAWholeSoloMatchInChromiumByClickingOnly() throws Exception {
        Path out = runE2e("e2e/solo.mjs");
        for (String shot : new String[] {"lobby", "table", "board", "final"}) {
            assertShots(out, shot);
        }
    }

    /** Seed 002's keys, the trump question, a refused stale move, a hint, the replay and the settings. */
    @Test
    void aPersonPlaysBySeed002sControlsWithTheKeyboardOnly() throws Exception {
        Path out = runE2e("e2e/keyboard.mjs");
        for (String shot : new String[] {"hint", "trump-question", "refused", "replay", "settings"}) {
            assertShots(out, shot);
        }
    }

    /** Accounts (docs/accounts.md): register, sign out, sign in again, a wrong password, a guest who upgrades. */
    @Test
    void aPersonRegistersSignsOutSignsInAgain_andAGuestCreatesAnAccount() throws Exception {
        Path out = runE2e("e2e/accounts.mjs");
        for (String shot : new String[] {"account-lobby", "upgraded-lobby"}) {
            assertShots(out, shot);
        }
    }

    /** Leaving a solo match ends it (after a question), and "Again" on its final board starts the next one. */
    @Test
    void aPersonLeavesASoloMatch_andPressesAgain_inChromium() throws Exception {
        Path out = runE2e("e2e/leave-again.mjs");
        for (String shot : new String[] {"leave-question", "left-final"}) {
            assertShots(out, shot);
        }
    }

    /** Quick match (docs/matchmaking.md): the waiting screen, bots fill after the test system's 3 s, the match runs. */
    @Test
    void aPersonAsksForAQuickMatch_waits_andBotsFillTheTable_inChromium() throws Exception {
        Path out = runE2e("e2e/quick.mjs");
        for (String shot : new String[] {"quick-waiting", "quick-table"}) {
            assertShots(out, shot);
        }
    }

    /** Chips (issue 12): the header's balance, the ledger, the daily bonus, the stake field. */
    @Test
    void anAccountSeesItsChips_claimsTheBonus_andTheStakeFieldShowsTheBalance_inChromium() throws Exception {
        HttpResponse<String> account = http.send(HttpRequest.newBuilder(URI.create(base() + "/api/accounts"))
            .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
                "{\"name\":\"probe-" + Long.toString(System.nanoTime(), 36) + "\",\"password\":\"probe password 1\"}"))
            .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(201, account.statusCode(), account.body());
        String token = account.body().replaceAll(".*\"token\"\\s*:\\s*\"([^\"]+)\".*", "$1");
        int chips = http.send(HttpRequest.newBuilder(URI.create(base() + "/api/me/chips"))
            .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofString()).statusCode();
        assertEquals(200, chips, "GET /api/me/chips through the edge");
        Path out = runE2e("e2e/chips.mjs");
        for (String shot : new String[] {"chips", "stake-field"}) {
            assertShots(out, shot);
        }
    }

    /**
     * A whole staked match (issue 12): two accounts and a guest in three browsers with a bot, stake 100, played by
     * clicking to the final board; its pot line, each account's chips ledger and header balance, and the leaderboard
     * page agree with the final board, and the guest pays and wins nothing.
     */
    @Test
    void twoAccountsAndAGuestPlayAStakedMatch_andThePotLedgerAndLeaderboardAgree_inChromium() throws Exception {
        Path out = runE2e("e2e/staked.mjs");
        for (String shot : new String[] {"staked-lobby", "staked-final-ann", "staked-final-cy", "staked-chips-ann",
            "staked-chips-bo", "staked-leaderboard"}) {
            assertShots(out, shot);
        }
    }

    /** The daily game (docs/daily.md): played to the final board, then found on the daily list with its points. */
    @Test
    void aPersonPlaysTheDailyGameToItsResult_andFindsItOnTheDailyList_inChromium() throws Exception {
        Path out = runE2e("e2e/daily.mjs");
        for (String shot : new String[] {"daily-before", "daily-final", "daily-after"}) {
            assertShots(out, shot);
        }
    }

    /**
     * Two browsers at one open table with a bot: the live lobby, each sees the other's moves and never a card it may
     * not know (every DOM snapshot and WebSocket frame against the replay), and the page catching up without a reload
     * after its WebSocket was cut and after table-service was restarted mid-deal (the script asks on its stdout).
     */
    @Test
    void twoBrowsersAtOneTable_seeEachOthersMovesNeverTheirCards_andCatchUpAfterACut() throws Exception {
        Path out = runE2e("e2e/two-browsers.mjs");
        for (String shot : new String[] {"lobby-live", "two-final-ann", "two-final-bo"}) {
            assertShots(out, shot);
        }
    }

    private static void assertShots(Path out, String shot) throws IOException {
        for (String size : new String[] {"desktop", "phone"}) {
            assertTrue(Files.size(out.resolve(shot + "-" + size + ".png")) > 10_000, shot + "-" + size);
        }
    }

    /** Runs one e2e script of the webui folder against the system; its screenshots land in target/webclient. */
    private static Path runE2e(String script) throws Exception {
        if (!Files.isExecutable(CHROMIUM)) {
            fail(CHROMIUM + " is missing: apt-get install -y chromium (.ci/run does this)");
        }
        if (!Files.isDirectory(WEBUI.resolve("node_modules/playwright-core"))) {
            fail(WEBUI + "/node_modules is missing: build table-service first (Quinoa runs npm ci)");
        }
        Path out = Path.of("target/webclient").toAbsolutePath();
        ProcessBuilder pb = new ProcessBuilder("node", script, base(), out.toString())
            .directory(WEBUI.toFile()).redirectErrorStream(true);
        pb.environment().put("E2E_RESTART", "stdin"); // a script may ask for a restart of table-service (two-browsers.mjs)
        Process node = pb.start();
        StringBuilder output = new StringBuilder();
        Thread pump = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(node.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    System.out.println("[e2e] " + line);
                    output.append(line).append('\n');
                    if (line.equals("E2E-RESTART table-service")) {
                        restartFor(node, output);
                    }
                }
            } catch (IOException e) {
                output.append("(output lost: ").append(e).append(")\n");
            }
        }, "e2e-output");
        pump.start();
        if (!node.waitFor(7, TimeUnit.MINUTES)) {
            node.destroyForcibly();
            pump.join(2000);
            fail(script + " did not end within 7 minutes:\n" + output);
        }
        pump.join(5000);
        assertEquals(0, node.exitValue(), script + " failed:\n" + output);
        return out;
    }

    /** Restarts table-service on its port (the pages reconnect by themselves) and tells the script it is back. */
    private static void restartFor(Process node, StringBuilder output) throws IOException {
        String answer;
        try {
            SystemUnderTest.restart("table-service");
            answer = "restarted";
        } catch (RuntimeException e) {
            output.append("(restart failed: ").append(e).append(")\n");
            answer = "failed " + e;
        }
        node.getOutputStream().write((answer + "\n").getBytes(StandardCharsets.UTF_8));
        node.getOutputStream().flush();
    }

    private static String base() {
        return SystemUnderTest.running().table().baseUrl();
    }

    private HttpResponse<String> get(String path, String accept) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(base() + path)).header("Accept", accept).build(),
            HttpResponse.BodyHandlers.ofString());
    }
}
