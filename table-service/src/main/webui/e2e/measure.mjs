// Page weight and timings of the web client (a measurement, not a test; docs/webclient.md "Measured").
// Usage: node e2e/measure.mjs BASE_URL [RUNS]   against a running system (bash deploy/start.sh, or system-tests')
// At a desktop's size (1440×900) and a phone's (390×844, touch), each in a fresh browser (nothing cached):
//  - weight: the JS and CSS the first load of / (the lobby) fetches, as transferred over the wire (the Resource
//    Timing entries' encodedBodySize: the compressed bodies as served) and unpacked (decodedBodySize); and what the
//    table page adds when it is first opened
//  - lobby: navigation start → the lobby interactive ("Play solo" enabled and the lobby's WebSocket live)
//  - table: navigation start → a running solo table rendered (the hand's cards on the page)
//  - click → move shown: a click that plays a move → the page showing the table after it (its data-seq changed),
//    measured inside the page (performance.now), over a solo deal played by clicking, p50 and p95
//  - the longest task (Long Tasks API: main-thread tasks over 50 ms) during that deal, its cards flying
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { playOneMove } from './play.mjs';

const [base, runsArg] = process.argv.slice(2);
if (!base) {
  console.error('usage: node e2e/measure.mjs BASE_URL [RUNS]');
  process.exit(2);
}
const RUNS = Number(runsArg ?? 5);
const SIZES = { desktop: { viewport: { width: 1440, height: 900 } }, phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } };
const median = (xs) => pct(xs, 50);
function pct(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}
const ms = (x) => `${Math.round(x)} ms`;
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;

async function browser(options) {
  const profile = mkdtempSync(join(tmpdir(), 'durak-measure-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, ...options,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return { context, close: async () => { await context.close(); rmSync(profile, { recursive: true, force: true }); } };
}

/** The JS and CSS this page fetched so far: compressed as on the wire, and unpacked; by file. */
const fetched = (page) => page.evaluate(() => performance.getEntriesByType('resource')
  .filter((r) => /\.(js|css)(\?|$)/.test(r.name))
  .map((r) => ({ name: new URL(r.name).pathname, wire: r.encodedBodySize, raw: r.decodedBodySize })));

const interactiveLobby = () => new Promise((resolve) => {
  const ready = () => [...document.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Play solo' && !b.disabled)
    && document.querySelector('.live[data-live=true]');
  const done = () => resolve(performance.now());
  if (ready()) return done();
  new MutationObserver((_, o) => ready() && (o.disconnect(), done())).observe(document, { subtree: true, childList: true, attributes: true });
});
const renderedTable = () => new Promise((resolve) => {
  const ready = () => document.querySelector('.table-page[data-stage=deal]') && document.querySelector('.hand [data-card]');
  const done = () => resolve(performance.now());
  if (ready()) return done();
  new MutationObserver((_, o) => ready() && (o.disconnect(), done())).observe(document, { subtree: true, childList: true, attributes: true });
});

async function measure(kind) {
  const { context, close } = await browser(SIZES[kind]);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript(() => localStorage.setItem('durak.prefs', JSON.stringify({ tempo: 'FAST', sound: false })));
    // the first load, nothing cached: what / fetches until the lobby is interactive
    await page.goto(base + '/');
    await page.getByLabel('Your name').fill('Timer');
    await page.getByRole('button', { name: 'Play as guest' }).click();
    await page.getByRole('button', { name: 'Play solo' }).waitFor();
    const first = await fetched(page);

    const lobby = [];
    for (let i = 0; i < RUNS; i++) {
      const p = await context.newPage();
      await p.goto(base + '/#/', { waitUntil: 'commit' });
      lobby.push(await p.evaluate(interactiveLobby));
      await p.close();
    }

    await page.locator('select[name=solo-deals]').selectOption('1');
    await page.locator('select[name=solo-level]').selectOption('EASY');
    await page.getByRole('button', { name: 'Play solo' }).click();
    await page.waitForURL(/\/tables\//);
    await page.locator('.hand [data-card]').first().waitFor();
    const known = new Set(first.map((f) => f.name));
    const table = (await fetched(page)).filter((f) => !known.has(f.name));
    const tableUrl = page.url();
    const tables = [];
    for (let i = 0; i < RUNS; i++) {
      const p = await context.newPage();
      await p.goto(tableUrl, { waitUntil: 'commit' });
      tables.push(await p.evaluate(renderedTable));
      await p.close();
    }

    // click → move shown and the long tasks, measured in the page while a deal is played by clicking
    await page.evaluate(() => {
      window.__clicks = [];
      window.__long = [];
      new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__long.push(e.duration))).observe({ type: 'longtask' });
      let pending = null;
      let seq = document.querySelector('.table-page')?.dataset.seq;
      document.addEventListener('click', () => (pending = performance.now()), true);
      new MutationObserver(() => {
        const now = document.querySelector('.table-page')?.dataset.seq;
        if (now !== seq) {
          seq = now;
          if (pending !== null) window.__clicks.push(performance.now() - pending);
          pending = null;
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-seq'] });
    });
    const deadline = Date.now() + 3 * 60_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error('the deal did not end in time');
      await page.waitForFunction(() => {
        const r = document.querySelector('.table-page');
        return r && (r.dataset.stage !== 'deal' || (r.dataset.myTurn === 'true' && document.querySelector('.actions button')));
      }, null, { timeout: 60_000, polling: 50 });
      const root = page.locator('.table-page');
      if ((await root.getAttribute('data-stage')) !== 'deal') break;
      const seq = await root.getAttribute('data-seq');
      await playOneMove(page, await root.getAttribute('data-phase'));
      await page.waitForFunction((s) => document.querySelector('.table-page')?.dataset.seq !== s
        || document.querySelector('.refused'), seq, { timeout: 30_000, polling: 50 });
    }
    await page.waitForTimeout(2000); // the last bout's hold and the board
    const { clicks, long } = await page.evaluate(() => ({ clicks: window.__clicks, long: window.__long }));
    return { first, table, lobby, tables, clicks, long };
  } finally {
    await close();
  }
}

async function main() {
  console.log(`web client at ${base} (${RUNS} runs each)`);
  for (const kind of Object.keys(SIZES)) {
    const m = await measure(kind);
    const sum = (fs, k) => fs.reduce((a, f) => a + f[k], 0);
    const { width, height } = SIZES[kind].viewport;
    console.log(`\n${kind} ${width}×${height}`);
    console.log(`first load, JS+CSS: ${kb(sum(m.first, 'wire'))} over the wire (compressed), ${kb(sum(m.first, 'raw'))} unpacked (goal ≤ 150 KB)`);
    for (const f of m.first) console.log(`  ${f.name} ${kb(f.wire)} (${kb(f.raw)})`);
    console.log(`the table page adds: ${kb(sum(m.table, 'wire'))} over the wire, ${kb(sum(m.table, 'raw'))} unpacked`);
    console.log(`navigation → interactive lobby: median ${ms(median(m.lobby))} (${m.lobby.map(ms).join(', ')})`);
    console.log(`navigation → rendered table:    median ${ms(median(m.tables))} (${m.tables.map(ms).join(', ')})`);
    console.log(`click → move shown: p50 ${ms(pct(m.clicks, 50))}, p95 ${ms(pct(m.clicks, 95))} over ${m.clicks.length} moves`);
    console.log(`longest task during the deal: ${m.long.length ? ms(Math.max(...m.long)) : 'none over 50 ms'} (${m.long.length} tasks over 50 ms)`);
  }
}

await main();
