// Quick match in a real headless Chromium (docs/matchmaking.md, docs/webclient.md "Quick match"): a guest asks for a
// table of 3 without a clock, the waiting screen shows the person, the countdown until bots fill and the time waited
// (pushed by the ticket's event stream), and once the bots fill (after 6 s in the system tests, DURAK_MATCHMAKING_FILL_AFTER)
// the page goes on to the table, where the match runs.
// Usage: node e2e/quick.mjs BASE_URL OUT_DIR   (system-tests' WebClientTest runs it against the started system)
import { openBrowser } from './browser.mjs';

const { base, page, pageErrors, shots, shoot, run } = await openBrowser('quick');

async function main() {
  await page.goto(base + '/');
  await page.getByLabel('Your name').fill('Quinn');
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await page.getByRole('button', { name: 'Play solo' }).waitFor();

  await page.locator('[data-nav=quick]').click();
  const quick = page.locator('.quick');
  await page.waitForFunction(() => document.querySelector('.quick')?.getAttribute('data-stage') === 'form');
  if (await page.locator('input[name=quick-stake]').count()) throw new Error('a guest is offered a stake');
  await page.locator('select[name=quick-players]').selectOption('3');
  await page.locator('select[name=quick-clock]').selectOption({ label: 'no clock' });
  await page.getByRole('button', { name: 'Find a table' }).click();

  // The waiting screen: the person found, bots in at most 6 s, the time waited; all from the pushed ticket.
  await page.waitForFunction(() => document.querySelector('.quick')?.getAttribute('data-stage') === 'waiting', null,
    { timeout: 10_000 });
  const found = await quick.locator('.found').innerText();
  if (!found.includes('You (Quinn)')) throw new Error(`the waiting screen lists "${found}"`);
  const countdown = (await quick.locator('.countdown').innerText()).trim();
  if (!/^Bots fill the free seats in [0-6] s$|^Bots are taking the free seats/.test(countdown)) {
    throw new Error(`the countdown says "${countdown}"`);
  }
  const elapsed = await quick.locator('.elapsed').innerText();
  if (!/^Waiting for 0:0\d$/.test(elapsed.trim())) throw new Error(`the elapsed time says "${elapsed}"`);
  if (!(await quick.getByRole('button', { name: 'Cancel' }).isVisible())) throw new Error('no Cancel while waiting');
  await shoot('quick-waiting');

  // Formed: on to the table, whose match runs with two bots.
  await page.waitForURL(/\/tables\//, { timeout: 20_000 });
  await page.waitForFunction(() => document.querySelector('.table-page')?.getAttribute('data-stage') === 'deal', null,
    { timeout: 30_000 });
  const opponents = await page.locator('.opponents .seat').count();
  if (opponents !== 2) throw new Error(`the quick-match table shows ${opponents} opponents, not 2`);
  await shoot('quick-table');
  if (pageErrors.length) throw new Error(`errors in the page: ${pageErrors.join('; ')}`);
  console.log(`quick match formed ${page.url()} with bots; the match runs`);
  console.log(`screenshots:\n  ${shots.join('\n  ')}`);
}

await run(main, 'failure-quick.png');
