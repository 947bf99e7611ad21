// Page weight and timings of the web client (a measurement, not a test; docs/webclient.md "Measured").
// Usage: node e2e/measure.mjs BASE_URL [RUNS]   against a running system (bash deploy/start.sh, or system-tests')
//  - weight: the JS and CSS the first load of / fetches, gzipped here (zlib's default level, as a server would)
//  - lobby: navigation start → the lobby interactive ("Play solo" enabled and the lobby's WebSocket live)
//  - table: navigation start → a running solo table rendered (the hand's cards on the page)
//  - click → move shown: a click that plays a move → the page showing the table after it (its data-seq changed),
//    measured inside the page (performance.now), over a solo deal played by clicking, p50 and p95
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const [base, runsArg] = process.argv.slice(2);
if (!base) {
  console.error('usage: node e2e/measure.mjs BASE_URL [RUNS]');
  process.exit(2);
}
const RUNS = Number(runsArg ?? 5);
const median = (xs) => pct(xs, 50);
function pct(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}
const ms = (x) => `${Math.round(x)} ms`;

async function weight() {
  const html = await (await fetch(base + '/')).text();
  const assets = [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  let raw = 0;
  let gz = 0;
  const parts = [];
  for (const a of assets) {
    const body = Buffer.from(await (await fetch(new URL(a, base + '/'))).arrayBuffer());
    raw += body.length;
    const z = gzipSync(body).length;
    gz += z;
    parts.push(`${a} ${(body.length / 1024).toFixed(1)} KB (gzip ${(z / 1024).toFixed(1)} KB)`);
  }
  return { raw, gz, parts };
}

async function main() {
  const w = await weight();
  const profile = mkdtempSync(join(tmpdir(), 'durak-measure-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, viewport: { width: 1440, height: 900 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(base + '/');
    await page.getByLabel('Your name').fill('Timer');
    await page.getByRole('button', { name: 'Play as guest' }).click();
    await page.getByRole('button', { name: 'Play solo' }).waitFor();

    const lobby = [];
    for (let i = 0; i < RUNS; i++) {
      const p = await context.newPage();
      await p.goto(base + '/#/', { waitUntil: 'commit' });
      lobby.push(await p.evaluate(() => new Promise((resolve) => {
        const ready = () => [...document.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Play solo' && !b.disabled)
          && document.querySelector('.live[data-live=true]');
        const done = () => resolve(performance.now());
        if (ready()) return done();
        new MutationObserver((_, o) => ready() && (o.disconnect(), done()))
          .observe(document, { subtree: true, childList: true, attributes: true });
      })));
      await p.close();
    }

    // a solo match against easy bots, then the table page loaded afresh RUNS times
    await page.locator('select[name=solo-deals]').selectOption('1');
    await page.locator('select[name=solo-level]').selectOption('EASY');
    await page.getByRole('button', { name: 'Play solo' }).click();
    await page.waitForURL(/\/tables\//);
    const tableUrl = page.url();
    const table = [];
    for (let i = 0; i < RUNS; i++) {
      const p = await context.newPage();
      await p.goto(tableUrl, { waitUntil: 'commit' });
      table.push(await p.evaluate(() => new Promise((resolve) => {
        const ready = () => document.querySelector('.table-page[data-stage=deal]') && document.querySelector('.hand [data-card], [aria-label="Your hand"] [data-card]');
        const done = () => resolve(performance.now());
        if (ready()) return done();
        new MutationObserver((_, o) => ready() && (o.disconnect(), done()))
          .observe(document, { subtree: true, childList: true, attributes: true });
      })));
      await p.close();
    }

    // click → move shown, measured in the page: the first change of data-seq after a click on the table page
    await page.evaluate(() => {
      window.__clicks = [];
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
    const clicks = await page.evaluate(() => window.__clicks);

    console.log(`web client at ${base} (${RUNS} runs each)`);
    console.log(`first load: JS+CSS ${(w.raw / 1024).toFixed(1)} KB, gzip ${(w.gz / 1024).toFixed(1)} KB (goal ≤ 150 KB)`);
    for (const part of w.parts) console.log(`  ${part}`);
    console.log(`navigation → interactive lobby: median ${ms(median(lobby))} (${lobby.map(ms).join(', ')})`);
    console.log(`navigation → rendered table:    median ${ms(median(table))} (${table.map(ms).join(', ')})`);
    console.log(`click → move shown: p50 ${ms(pct(clicks, 50))}, p95 ${ms(pct(clicks, 95))} over ${clicks.length} moves`);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The same simple player as e2e/solo.mjs: lowest playable attack, cover when a card covers, else take; pass. */
async function playOneMove(page, phase) {
  const hand = page.getByRole('region', { name: 'Your hand' });
  const action = (kind) => page.locator(`.actions [data-action=${kind}]`);
  if (phase === 'ATTACK') {
    await hand.locator('button.card.playable').first().click();
    if (await action('attack').count() && !(await action('attack').isDisabled())) await action('attack').click();
    return;
  }
  if (phase === 'DEFENSE') {
    const playable = hand.locator('button.card.playable');
    const n = await playable.count();
    for (let i = 0; i < n; i++) {
      await playable.nth(i).click();
      if (await action('cover').count() && !(await action('cover').isDisabled())) {
        await action('cover').click();
        return;
      }
      await playable.nth(i).click();
    }
    await action('take').click();
    return;
  }
  await action('pass').click();
}

await main();
