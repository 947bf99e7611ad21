// A person leaves a solo match in a real headless Chromium, which ends it (RULES.md §7), and presses "Again" on its
// final board, which starts a new solo match with the same settings and bots at once (§6).
// Usage: node e2e/leave-again.mjs BASE_URL OUT_DIR   (system-tests' WebClientTest runs it against the started system)
// Screenshots of the leave question and of the final board after the leave go to OUT_DIR.
import { openBrowser } from './browser.mjs';

const { base, page, pageErrors, shots, shoot, run } = await openBrowser('leave-again');
const root = () => page.locator('.table-page');

async function main() {
  await page.goto(base + '/');
  await page.getByLabel('Your name').fill('Lea');
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await page.getByRole('button', { name: 'Play solo' }).waitFor();
  await page.locator('select[name=solo-deals]').selectOption('3');
  await page.locator('select[name=solo-level]').selectOption('STRONG');
  await page.getByRole('button', { name: 'Play solo' }).click();
  await page.waitForURL(/\/tables\//);
  await root().waitFor();
  const first = page.url();
  await page.waitForFunction(() => document.querySelector('.table-page')?.getAttribute('data-stage') === 'deal');

  // Leave asks first, and alone against bots it says the match ends (no −10).
  await page.getByRole('button', { name: 'Leave the match' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Leave the match?' });
  await ask.waitFor();
  const warning = await ask.locator('.leave-warning').innerText();
  if (!warning.includes('ends the match') || warning.includes('−10')) throw new Error(`the solo leave warns "${warning}"`);
  await shoot('leave-question');
  // "Stay" keeps playing; then leave for real.
  await ask.getByRole('button', { name: 'Stay' }).click();
  if (await ask.count()) throw new Error('the question stayed open after "Stay"');
  if ((await root().getAttribute('data-stage')) !== 'deal') throw new Error('"Stay" did not keep the match');
  await page.getByRole('button', { name: 'Leave the match' }).click();
  await ask.getByRole('button', { name: 'Leave', exact: true }).click();

  // The match is over: the final board, with the leave's leaderboard points, and "Again".
  const finalBoard = page.getByRole('region', { name: 'Final board' });
  await finalBoard.waitFor({ timeout: 30_000 });
  const left = await finalBoard.locator('.left-points').innerText();
  if (!left.includes('Lea left')) throw new Error(`the final board says "${left}" about the leave`);
  await shoot('left-final');

  await finalBoard.getByRole('button', { name: 'Again' }).click();
  await page.waitForURL((u) => u.toString() !== first && /\/tables\//.test(u.toString()), { timeout: 30_000 });
  await page.waitForFunction(() => ['deal', 'board'].includes(document.querySelector('.table-page')?.getAttribute('data-stage') ?? ''),
    null, { timeout: 30_000 });
  if (pageErrors.length) throw new Error(`errors in the page: ${pageErrors.join('; ')}`);
  console.log(`left the solo match at ${first}, "Again" started ${page.url()}`);
  console.log(`screenshots:\n  ${shots.join('\n  ')}`);
}

await run(main, 'failure-leave-again.png');
