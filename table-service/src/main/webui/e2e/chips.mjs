// Chips in a real headless Chromium (issue 12; docs/webclient.md "Chips"): a fresh account sees its balance in the
// header, the chips page with the balance, the held chips and the ledger (the starting grant), claims the daily bonus
// (then the button waits with the next time), and the stake field with the balance when opening a table.
// It needs the chips back end (leaderboard-service, forwarded by table-service): GET /api/me/chips must answer 200.
// Usage: node e2e/chips.mjs BASE_URL OUT_DIR
import { openBrowser } from './browser.mjs';

const { base, page, pageErrors, shots, shoot, run } = await openBrowser('chips');
const suffix = Math.random().toString(36).slice(2, 8);

async function main() {
  await page.goto(base + '/');
  await page.getByLabel('Your name').fill(`Chip-${suffix}`);
  await page.getByLabel('Password').fill(`pw ${suffix} correct horse`);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('button', { name: 'Play solo' }).waitFor();
  const status = await page.evaluate(async () => {
    const p = JSON.parse(localStorage.getItem('durak.guest'));
    return (await fetch('/api/me/chips', { headers: { Authorization: `Bearer ${p.token}` } })).status;
  });
  if (status !== 200) throw new Error(`GET /api/me/chips answers ${status}`);
  const nav = page.locator('[data-nav=chips]');
  await nav.waitFor({ timeout: 10_000 });
  if (!/\d/.test(await nav.innerText())) throw new Error(`the header's chips say "${await nav.innerText()}"`);
  await nav.click();
  const chips = page.getByRole('region', { name: 'Chips' });
  await chips.locator('[data-chips=balance]').waitFor();
  await chips.locator('tr[data-kind=GRANT]').waitFor();
  const before = await chips.locator('[data-chips=balance]').innerText();
  await chips.getByRole('button', { name: 'Claim daily bonus' }).click();
  await page.waitForFunction((b) => {
    const e = document.querySelector('[data-chips=balance]');
    return (e && e.textContent !== b) || document.querySelector('.chips .error');
  }, before, { timeout: 10_000 });
  if (await chips.locator('.error').count()) throw new Error(`the bonus was refused: ${await chips.locator('.error').innerText()}`);
  await chips.locator('tr[data-kind=BONUS]').waitFor();
  if (!(await chips.getByRole('button', { name: 'Claim daily bonus' }).isDisabled())) throw new Error('the bonus can be claimed twice');
  if (!/^Next bonus in /.test((await chips.locator('.bonus-next').innerText()).trim())) throw new Error('no next bonus time');
  await shoot('chips');

  await page.goto(base + '/#/');
  await page.getByRole('button', { name: 'Open a table…' }).click();
  const balance = page.locator('form.create [data-balance]');
  await balance.waitFor();
  if (!/your balance \d/.test(await balance.innerText())) throw new Error(`the stake field says "${await balance.innerText()}"`);
  await shoot('stake-field');
  if (pageErrors.length) throw new Error(`errors in the page: ${pageErrors.join('; ')}`);
  console.log(`screenshots:\n  ${shots.join('\n  ')}`);
}

await run(main, 'failure-chips.png');
