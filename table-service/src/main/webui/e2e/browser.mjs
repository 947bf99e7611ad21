// What every e2e script shares: its arguments, Debian's Chromium with the flags that work on these machines and a
// fresh profile, screenshots at desktop and phone size checked against an empty page, and the run that exits 0 only
// when the script's checks passed (a failure leaves a full-page screenshot).
import { chromium } from 'playwright-core';
import { mkdtempSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };
// A page showing only the header is about 8 KB (desktop) and 5 KB (phone) as PNG; the lobby is about 30 KB.
const MIN_BYTES = { desktop: 20_000, phone: 10_000 };

/** Parses `BASE_URL OUT_DIR`, starts the browser; `shoot`, `shots`, `pageErrors` and `run` work on its first page. */
export async function openBrowser(script) {
  const [base, outDir] = process.argv.slice(2);
  if (!base || !outDir) {
    console.error(`usage: node e2e/${script}.mjs BASE_URL OUT_DIR`);
    process.exit(2);
  }
  mkdirSync(outDir, { recursive: true });
  const { profile, context } = await launchContext();
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && console.log(`[browser] ${m.text()}`));
  const shots = [];

  // both sizes, the desktop first unless firstKind is 'phone' (a screen that is right as it stands on the phone)
  async function shoot(name, p = page, firstKind = 'desktop') {
    const kinds = [['desktop', DESKTOP], ['phone', PHONE]];
    if (firstKind === 'phone') kinds.reverse();
    for (const [kind, size] of kinds) {
      await p.setViewportSize(size);
      const file = join(outDir, `${name}-${kind}.png`);
      await p.screenshot({ path: file, fullPage: false });
      const bytes = statSync(file).size;
      if (bytes < MIN_BYTES[kind]) throw new Error(`${file}: ${bytes} bytes, an empty page? (at least ${MIN_BYTES[kind]})`);
      shots.push(`${file} (${bytes} bytes)`);
    }
    await p.setViewportSize(DESKTOP);
  }

  async function run(main, failureShot) {
    let code = 0;
    try {
      await main();
    } catch (e) {
      code = 1;
      console.error(`E2E FAILED: ${e?.stack ?? e}`);
      try {
        await page.screenshot({ path: join(outDir, failureShot), fullPage: true });
        console.error(`page at failure: ${join(outDir, failureShot)}; url ${page.url()}`);
      } catch {
        // the browser is gone
      }
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
    process.exit(code);
  }

  return { base, outDir, context, page, pageErrors, shots, shoot, run };
}

/**
 * A browser with its own fresh profile (a second person: own storage, own sign-in); `close()` removes the profile.
 * `options` are Playwright's for the context (a phone's touch screen: `hasTouch`, `isMobile`, `viewport`).
 */
export async function launchContext(options = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'durak-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    viewport: DESKTOP,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    ...options,
  });
  return { profile, context, close: async () => { await context.close(); rmSync(profile, { recursive: true, force: true }); } };
}

/** Waits until the table moved on from `seq`, or shows why a move was refused, which fails the run. */
export async function movedOnOrFail(page, seq) {
  await page.waitForFunction((s) => {
    const r = document.querySelector('.table-page');
    return document.querySelector('.refused') !== null || (r && r.dataset.seq !== s);
  }, seq, { timeout: 30_000 });
  const refused = page.locator('.refused');
  if (await refused.count()) throw new Error(`a move was refused: ${await refused.innerText()}`);
}
