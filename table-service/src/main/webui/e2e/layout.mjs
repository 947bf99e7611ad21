// The table fits every screen: at a table of six (five opponents around the oval), with 14 and with 24 cards in the
// hand and six pairs on the table, at 360×740, 390×844, 768×1024, 1440×900 and 1920×1080, each upright and sideways:
// no scrolling and nothing wider than the screen (document.scrollingElement against the viewport), and every hand card,
// every enabled move button, every seat and every table card inside the viewport (their boxes). The positions are
// fixtures in the server's shape (e2e/fixtures.mjs) that this script alone serves to the real client (page.route and
// routeWebSocket); everything else is the running system. Screenshots of each: OUT_DIR/layout-*.png. And a view without
// a seat (a spectator's) draws every seat and no hand, without an error.
// Usage: node e2e/layout.mjs BASE_URL OUT_DIR
import { join } from 'node:path';
import { statSync } from 'node:fs';
import { openBrowser } from './browser.mjs';
import { fixtureView, serveFixture } from './fixtures.mjs';

const { base, outDir, page, pageErrors, run } = await openBrowser('layout');
const SIZES = [[360, 740], [390, 844], [768, 1024], [1440, 900], [1920, 1080]];
const POSITIONS = [
  { name: 'hand24', view: fixtureView({ id: 'fixture-hand24', hand: 24, pairs: 6, covered: 3 }) },
  { name: 'hand14', view: fixtureView({ id: 'fixture-hand14', hand: 14, pairs: 6, covered: 2, known: 12 }) },
  { name: 'attack13', view: fixtureView({ id: 'fixture-attack13', hand: 13, pairs: 0, players: 6 }) },
];

async function main() {
  if (process.env.E2E_FAKE_API) {
    // against a static copy of the client (npm run build; npx vite preview): a made-up guest, every other call 404
    await page.route('**/api/**', (r) => r.fulfill({ status: 404, json: { code: 'NOT_FOUND', message: 'not here' } }));
    await page.route('**/api/me', (r) => r.fulfill({ json: { playerId: 'p-fixture', name: 'Ann', account: false } }));
    await page.addInitScript(() => localStorage.setItem('durak.guest',
      JSON.stringify({ playerId: 'p-fixture', name: 'Ann', account: false, token: 'fixture' })));
  } else {
    await page.goto(base + '/');
    await page.getByLabel('Your name').fill('Ann');
    await page.getByRole('button', { name: 'Play as guest' }).click();
    await page.getByRole('button', { name: 'Play solo' }).waitFor();
  }
  // sounds off: a layout check makes no noise
  await page.addInitScript(() => localStorage.setItem('durak.prefs', JSON.stringify({ sound: false })));
  for (const p of POSITIONS) await serveFixture(page, p.view);

  const checked = [];
  for (const p of POSITIONS) {
    for (const [w, h] of SIZES) {
      for (const [vw, vh] of w === h ? [[w, h]] : [[w, h], [h, w]]) {
        await page.setViewportSize({ width: vw, height: vh });
        await page.goto(`${base}/#/tables/${p.view.tableId}`);
        await page.reload(); // the hash route alone would not load the page afresh
        await page.locator('.table-page[data-stage=deal] .hand [data-card]').nth(p.view.deal.hand.length - 1).waitFor();
        // a move made possible: a card chosen that covers (defence) or attacks, so its button is enabled
        await page.locator('.hand button.card.playable').first().click();
        await page.waitForTimeout(350); // the chosen card rises (a transition), then everything rests
        const at = `${p.name} at ${vw}×${vh}`;
        const problems = await fits(p.view.deal.hand.length);
        const file = join(outDir, `layout-${p.name}-${vw}x${vh}.png`);
        await page.screenshot({ path: file });
        if (statSync(file).size < 15_000) problems.push(`${file} is nearly empty`);
        if (p.view.deal.known[1]?.length >= 12) {
          // twelve known cards of one opponent: a short strip; a tap spreads them all, still on the screen
          await page.locator('.seat[data-seat="1"] .known').click();
          const spread = page.locator('.seat[data-seat="1"] .known-all');
          await spread.waitFor();
          const box = await spread.boundingBox();
          const shown = await spread.locator('[data-card]').count();
          if (shown !== p.view.deal.known[1].length) problems.push(`the spread shows ${shown} known cards`);
          if (box.x < 0 || box.x + box.width > vw || box.y + box.height > vh) problems.push(`the spread known cards lie outside the screen: ${JSON.stringify(box)}`);
          problems.push(...(await fits(p.view.deal.hand.length)).filter((x) => x.startsWith('the page')));
          await page.screenshot({ path: join(outDir, `layout-${p.name}-known-${vw}x${vh}.png`) });
        }
        if (problems.length) throw new Error(`${at}:\n  ${problems.join('\n  ')}`);
        checked.push(`${at} (${statSync(file).size} bytes)`);
      }
    }
  }
  await spectator();
  if (pageErrors.length) throw new Error(`errors in the page: ${pageErrors.join('; ')}`);
  console.log(`the table fits without scrolling:\n  ${checked.join('\n  ')}`);
}

/**
 * A view without a seat (a spectator's, as the server will send it: no `seat`, no hand, no moves) draws every seat
 * around the table and no hand, without an error.
 */
async function spectator() {
  const v = fixtureView({ id: 'fixture-watch', hand: 0, pairs: 3, covered: 1 });
  delete v.seat;
  delete v.deal.seat;
  delete v.deal.hand;
  v.deal.legalMoves = [];
  v.deal.toAct = 2;
  v.clock = null;
  await serveFixture(page, v);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/#/tables/fixture-watch`);
  await page.reload();
  await page.locator('.table-page[data-stage=deal] .bout [data-card]').first().waitFor();
  const seats = await page.locator('.seat').count();
  if (seats !== 6) throw new Error(`a spectator sees ${seats} seats, not 6`);
  if (await page.locator('.hand [data-card]').count()) throw new Error('a spectator is shown a hand');
  await page.screenshot({ path: join(outDir, 'layout-spectator-390x844.png') });
}

/** What does not fit on the screen as it is now: each a line. */
function fits(handCards) {
  return page.evaluate((n) => {
    const out = [];
    const W = innerWidth;
    const H = innerHeight;
    const se = document.scrollingElement;
    if (se.scrollWidth > W) out.push(`the page is ${se.scrollWidth} px wide in a ${W} px viewport`);
    if (se.scrollHeight > H) out.push(`the page is ${se.scrollHeight} px high in a ${H} px viewport (it scrolls)`);
    const inside = (el, what) => {
      const r = el.getBoundingClientRect();
      if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) {
        out.push(`${what} lies at ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`);
      }
    };
    const hand = [...document.querySelectorAll('.hand [data-card]')];
    if (hand.length !== n) out.push(`${hand.length} hand cards shown, not ${n}`);
    hand.forEach((c) => inside(c, `hand card ${c.dataset.card}`));
    const buttons = [...document.querySelectorAll('.actions button:not([disabled])')];
    if (!buttons.length) out.push('no enabled move button');
    buttons.forEach((b) => inside(b, `the button "${b.textContent.trim()}"`));
    document.querySelectorAll('.seat').forEach((s) => inside(s, `seat ${s.dataset.seat}`));
    document.querySelectorAll('.bout [data-card]').forEach((c) => inside(c, `table card ${c.dataset.card}`));
    document.querySelectorAll('.piles .stock, .piles .discard, .situation-box').forEach((e) => inside(e, e.className));
    // the table's cards lie clear of the seats and of the situation box (they may touch, not cover each other)
    const overlap = (a, b) => {
      const x = a.getBoundingClientRect();
      const y = b.getBoundingClientRect();
      return Math.min(x.right, y.right) - Math.max(x.left, y.left) > 4 && Math.min(x.bottom, y.bottom) - Math.max(x.top, y.top) > 4;
    };
    const covers = [...document.querySelectorAll('.seat, .situation-box, .piles .stock, .piles .discard')];
    for (const c of document.querySelectorAll('.bout [data-card]')) {
      for (const o of covers) if (overlap(c, o)) out.push(`table card ${c.dataset.card} lies under ${o.className.split(' ')[0]} ${o.dataset.seat ?? ''}`);
    }
    for (const c of hand) if (overlap(c, document.querySelector('.actions'))) out.push(`hand card ${c.dataset.card} lies under the buttons`);
    return out;
  }, handCards);
}

await run(main, 'layout-failure.png');
