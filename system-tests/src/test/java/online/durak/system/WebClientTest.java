package online.durak.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
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

    /**
     * Served like a real site (docs/webclient.md "Served"): the built client's index.html and its content-hashed
     * assets go gzip'd to a browser that asks for it; the assets are kept for a year, index.html is asked for again.
     */
    @Test
    void theBuiltClientIsServedCompressed_itsAssetsCachedForAYear_andIndexHtmlRevalidated() throws Exception {
        HttpResponse<byte[]> index = getBytes("/", "gzip");
        assertEquals("gzip", index.headers().firstValue("Content-Encoding").orElse(null));
        assertEquals("no-cache", index.headers().firstValue("Cache-Control").orElse(null));
        String html = new String(new GZIPInputStream(new ByteArrayInputStream(index.body())).readAllBytes(), StandardCharsets.UTF_8);
        Matcher assets = Pattern.compile("(?:src|href)=\"(/assets/[^\"]+\\.(?:js|css))\"").matcher(html);
        int n = 0;
        while (assets.find()) {
            HttpResponse<byte[]> asset = getBytes(assets.group(1), "gzip, deflate, br");
            assertEquals(200, asset.statusCode(), assets.group(1));
            assertEquals("gzip", asset.headers().firstValue("Content-Encoding").orElse(null), assets.group(1));
            assertEquals("public, max-age=31536000, immutable", asset.headers().firstValue("Cache-Control").orElse(null), assets.group(1));
            n++;
        }
        assertTrue(n >= 2, "index.html names its script and its style sheet: " + html);
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

    /**
     * The table fits every screen (issue 25): five opponents, 14 and 24 cards in hand, six pairs, at 360×740, 390×844,
     * 768×1024, 1440×900 and 1920×1080, upright and sideways: no scrolling, nothing wider than the screen, every hand
     * card and enabled button inside it (served positions, e2e/fixtures.mjs).
     */
    @Test
    void theTableFitsEveryScreenWithoutScrolling_atSixPlayers24CardsAndSixPairs_inChromium() throws Exception {
        Path out = runE2e("e2e/layout.mjs");
        for (String shot : new String[] {"layout-hand24-360x740", "layout-hand24-740x360", "layout-hand14-1920x1080",
            "layout-attack13-768x1024"}) {
            assertTrue(Files.size(out.resolve(shot + ".png")) > 10_000, shot);
        }
    }

    /**
     * The table a person meets (issue 25): both forms' house rules, a pairs table with its partner and team results,
     * dragging cards (mouse and finger), Enter after a click, the popovers, sign-out asking first, the notice line and
     * the move log, and axe-core on every page.
     */
    @Test
    void aPersonPlaysAPairsTable_withDragKeysPopoversAndNotices_andAxeFindsNoSeriousViolation_inChromium() throws Exception {
        Path out = runE2e("e2e/table.mjs");
        for (String shot : new String[] {"table-signout-question", "table-attack", "table-final-teams", "table-plays-for"}) {
            assertShots(out, shot);
        }
        assertTrue(Files.size(out.resolve("table-touch-drag-phone.png")) > 10_000, "table-touch-drag-phone");
    }

    /**
     * Back to one's match: the header's "Your match … Return" from another page, the lobby's list, and a new page at
     * {@code /} (the page closed, the token kept) that lands at the running match.
     */
    @Test
    void aPersonReturnsToARunningMatch_fromTheHeader_andFromANewPage_inChromium() throws Exception {
        Path out = runE2e("e2e/return.mjs");
        for (String shot : new String[] {"return-header", "return-lobby", "return-new-page"}) {
            assertShots(out, shot);
        }
    }

    /**
     * A spectator finds a running table among the lobby's watchable ones and watches its whole deal: no hand, no
     * action, and no card he may not know in any WebSocket frame or DOM snapshot (against the replay); the running
     * deal's replay is refused to him, and a table he may not watch says so.
     */
    @Test
    void aSpectatorWatchesAWholeDeal_seeingNoCardHeMayNotKnow_inChromium() throws Exception {
        Path out = runE2e("e2e/watch.mjs");
        for (String shot : new String[] {"watch-lobby", "watch-table", "watch-final"}) {
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

    private HttpResponse<byte[]> getBytes(String path, String acceptEncoding) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(base() + path)).header("Accept-Encoding", acceptEncoding).build(),
            HttpResponse.BodyHandlers.ofByteArray());
    }

    private HttpResponse<String> get(String path, String accept) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(base() + path)).header("Accept", accept).build(),
            HttpResponse.BodyHandlers.ofString());
    }
}
