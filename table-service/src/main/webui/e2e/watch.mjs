// A spectator (docs/websocket.md): Ann plays a solo match of one deal by clicking; Cy finds it among the lobby's running
// tables, watches the whole deal live, and never has a hand, an action or a card he may not know: every DOM snapshot
// and WebSocket frame of his page is checked against the deal's replay (every hand at every seq) once it is over,
// allowing only the cards face up so far. Ann's page counts him. The replay of the running deal is refused to him,
// and a table he may not watch (one that has not started) says so on its page.
// Usage: node e2e/watch.mjs BASE_URL OUT_DIR
import { launchContext, openBrowser } from './browser.mjs';
import { playToTheFinalBoard } from './play.mjs';
import { dealStates, movesSeen, noUnknownCard, recordPage } from './cards.mjs';

const { base, page: ann, pageErrors, shots, shoot, run } = await openBrowser('watch');
const deadline = Date.now() + 5 * 60_000;

async function signIn(page, name) {
  await page.goto(base + '/');
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await page.getByRole('button', { name: 'Play solo' }).waitFor();
}
const token = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('durak.guest')).token);
const get = async (page, path) => {
  const r = await fetch(base + path, { headers: { Authorization: `Bearer ${await token(page)}` } });
  return { status: r.status, body: await r.json() };
};

async function main() {
  const second = await launchContext();
  const cyPage = await second.context.newPage();
  cyPage.on('pageerror', (e) => pageErrors.push(`Cy: ${e}`));
  const cy = await recordPage(cyPage, 'Cy');
  try {
    await signIn(ann, 'Ann');
    await signIn(cyPage, 'Cy');

    // Cy watches the running tables; Ann's solo match appears there live
    await cyPage.locator('select[name=filter-watch]').selectOption({ label: 'Running tables to watch' });
    await ann.locator('select[name=solo-deals]').selectOption('1');
    await ann.locator('select[name=solo-level]').selectOption('EASY');
    await ann.getByRole('button', { name: 'Play solo' }).click();
    await ann.waitForURL(/\/tables\//);
    const tableId = decodeURIComponent(ann.url().split('/tables/')[1]);
    const row = cyPage.locator(`.table-row[data-table="${tableId}"][data-status=PLAYING]`);
    await row.waitFor({ timeout: 15_000 });
    await shoot('watch-lobby', cyPage);
    await row.getByRole('button', { name: 'Watch' }).press('Enter'); // by keyboard: the live rows may move (staked.mjs)
    await cyPage.waitForURL(/\/tables\//);
    await cyPage.locator('.table-page[data-spectator=true]').waitFor();
    await cyPage.locator('[data-watching]').waitFor();
    await ann.locator('[data-spectators="1"]').waitFor({ timeout: 10_000 });
    console.log(`Cy watches ${tableId}; Ann's page counts one spectator`);

    const replay = await get(cyPage, `/api/tables/${encodeURIComponent(tableId)}/replay?deal=1`);
    if (replay.status !== 409 || replay.body.code !== 'DEAL_RUNNING') {
      throw new Error(`the running deal's replay answered Cy ${replay.status} ${JSON.stringify(replay.body)}`);
    }

    // Ann plays the deal to its end; Cy's page follows without a hand or a button to act
    let shotMidDeal = false;
    const watching = (async () => {
      while (Date.now() < deadline) {
        const stage = await cyPage.locator('.table-page').getAttribute('data-stage');
        if (await cyPage.getByRole('region', { name: 'Your hand' }).count()) throw new Error('the spectator has a hand');
        if (await cyPage.locator('.actions button, [data-action=leave]').count()) throw new Error('the spectator can act');
        if (stage === 'deal' && !shotMidDeal && await cyPage.locator('.bout [data-card]').count()) {
          shotMidDeal = true;
          await shoot('watch-table', cyPage);
        }
        if (stage === 'final') return;
        await cyPage.waitForTimeout(150);
      }
      throw new Error('the spectator never saw the final board');
    })();
    const moves = await playToTheFinalBoard(ann, 'Ann', deadline);
    await watching;
    await cyPage.locator('.board table').waitFor();
    await shoot('watch-final', cyPage);

    const states = await dealStates(base, await token(ann), tableId);
    const checked = noUnknownCard('Cy', -1, [
      ...cy.frames.map((f) => ({ ...f, where: 'a WebSocket frame' })),
      ...cy.snaps.map((x) => ({ ...x, where: 'the page' })),
    ], states);
    const seen = movesSeen(cy, -1, states.at);
    if (seen < 3) throw new Error(`Cy saw only ${seen} moves on the table`);
    console.log(`Ann made ${moves} moves; Cy: ${cy.frames.length} frames and ${cy.snaps.length} snapshots checked `
      + `(${checked} up to the deal's end), no unknown card; saw ${seen} moves`);

    // a table that has not started cannot be watched: its page says so and leads back to the lobby
    const open = await fetch(base + '/api/tables', {
      method: 'POST', headers: { Authorization: `Bearer ${await token(ann)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ settings: { players: 2 } }),
    }).then((r) => r.json());
    await cyPage.goto(`${base}/#/tables/${encodeURIComponent(open.tableId)}`);
    await cyPage.locator('[data-gone=NOT_SEATED]').waitFor();
    await cyPage.getByRole('link', { name: 'To the lobby' }).waitFor();
    if (pageErrors.length) throw new Error(`errors in the pages: ${pageErrors.join('; ')}`);
    console.log(`screenshots:\n  ${shots.join('\n  ')}`);
  } finally {
    await second.close();
  }
}

await run(main, 'watch-failure.png');
