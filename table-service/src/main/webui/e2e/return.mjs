// Back to one's match: Ann starts a solo match; from another page the header says "Your match … Return" and leads
// back; the lobby lists the match under "Your tables" (reached by the brand link, it stays the lobby); then the page
// is closed, and a new page at / (the token kept in the browser's storage) lands at the running match.
// Usage: node e2e/return.mjs BASE_URL OUT_DIR
import { openBrowser } from './browser.mjs';

const { base, context, page, pageErrors, shots, shoot, run } = await openBrowser('return');

async function main() {
  await page.goto(base + '/');
  await page.getByLabel('Your name').fill('Ann');
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await page.getByRole('button', { name: 'Play solo' }).waitFor();
  if (await page.locator('[data-my-match]').count()) throw new Error('a match to return to before any');

  await page.locator('select[name=solo-deals]').selectOption('3');
  await page.getByRole('button', { name: 'Play solo' }).click();
  await page.waitForURL(/\/tables\//);
  const tableId = decodeURIComponent(page.url().split('/tables/')[1]);
  await page.locator('.table-page[data-stage=deal]').waitFor();
  if (await page.locator('[data-my-match]').count()) throw new Error('the header offers the way back on the table itself');

  // another page of the client: the header leads back
  await page.locator('[data-nav=leaderboard]').click();
  const back = page.locator(`[data-my-match][data-table="${tableId}"]`);
  await back.waitFor();
  if (!/^Your match: .*Return$/.test((await back.innerText()).trim())) throw new Error(`the header says "${await back.innerText()}"`);
  await shoot('return-header');
  await back.click();
  await page.waitForURL(new RegExp(`/tables/${tableId}`));
  await page.locator('.table-page[data-stage=deal]').waitFor();

  // the brand link leads to the lobby, which lists the match
  await page.locator('a.brand').click();
  await page.locator(`[data-my-table][data-table="${tableId}"][data-status=PLAYING]`).waitFor();
  await page.getByRole('button', { name: 'Play solo' }).waitFor();
  await shoot('return-lobby');

  // the page is closed; a new one at / returns to the match
  await page.close();
  const fresh = await context.newPage();
  fresh.on('pageerror', (e) => pageErrors.push(String(e)));
  await fresh.goto(base + '/');
  await fresh.waitForURL(new RegExp(`/tables/${tableId}`), { timeout: 20_000 });
  await fresh.getByRole('region', { name: 'Your hand' }).locator('[data-card]').first().waitFor();
  await shoot('return-new-page', fresh);
  console.log(`a new page at / went back to the running match ${tableId}`);
  if (pageErrors.length) throw new Error(`errors in the pages: ${pageErrors.join('; ')}`);
  console.log(`screenshots:\n  ${shots.join('\n  ')}`);
}

await run(main, 'return-failure.png');
