// A whole staked match in a real headless Chromium (issue 12; docs/chips.md, docs/webclient.md "Tests"): Ann and Bo
// register accounts, Cy plays as a guest, each in a browser of its own. Ann opens a table of 4 with stake 100, one deal
// and no clock; Bo and Cy join from the live lobby, Ann seats a bot and starts; all three play by clicking to the final
// board. Then the pages must agree: the final board's pot line (pot 200 to the best-placed of Ann and Bo by the
// board's places, or split), each account's chips ledger (STAKE −100, POT_WIN for the winner) and balance, the
// header's balance, and the leaderboard page with the final board's points. Cy, the guest, pays and wins nothing.
// Usage: node e2e/staked.mjs BASE_URL OUT_DIR
import { launchContext, openBrowser } from './browser.mjs';
import { playToTheFinalBoard } from './play.mjs';

const { base, page: pageA, pageErrors, shots, shoot, run } = await openBrowser('staked');
const STAKE = 100;
const deadline = Date.now() + 3 * 60_000;
const suffix = Math.random().toString(36).slice(2, 8);
const PASSWORD = `pw ${suffix} correct horse`;

const digits = (text) => Number(text.replace(/[^\d]/g, ''));
const stored = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('durak.guest')));
/** A GET through the page's own origin with its own token: status and body. */
const getJson = (page, path) => page.evaluate(async (p) => {
  const { token } = JSON.parse(localStorage.getItem('durak.guest'));
  const r = await fetch(p, { headers: { Authorization: `Bearer ${token}` } });
  return { status: r.status, body: await r.json().catch(() => null) };
}, path);

async function register(page, name) {
  await page.goto(base + '/');
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('button', { name: 'Play solo' }).waitFor();
}

async function asGuest(page, name) {
  await page.goto(base + '/');
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await page.getByRole('button', { name: 'Play solo' }).waitFor();
}

/** Joins the table from the live lobby (the row appears without a reload) and shows its stake. */
async function joinFromTheLobby(page, tableId) {
  const row = page.locator(`.table-row[data-table="${tableId}"]`);
  await row.waitFor({ timeout: 10_000 });
  if (!(await row.innerText()).includes(`stake ${STAKE}`)) throw new Error(`the lobby's row says "${await row.innerText()}"`);
  // by keyboard: a table opened meanwhile moves the live rows, so a mouse's press and release could land on two rows
  await row.getByRole('button', { name: 'Join' }).press('Enter');
  await page.waitForURL(/\/tables\//);
}

/** The pot line a viewer must see: `winners` are the paid people ({playerId, name}), each `share`. */
function expectedPotLine(viewer, winners, pot, share) {
  const who = (w) => (w.playerId === viewer ? 'You' : w.name);
  if (winners.length === 1) {
    return winners[0].playerId === viewer ? `Pot ${pot}: you win ${share}` : `Pot ${pot}: ${winners[0].name} wins ${share}`;
  }
  return `Pot ${pot} split: ${winners.map((w) => `${who(w)} ${share}`).join(', ')}`;
}

/** The account's chips page: STAKE −100 for this table, POT_WIN when it won, the balance, nothing held, the header. */
async function checkChips(page, label, tableId, won) {
  await page.locator('[data-nav=chips]').click();
  const chips = page.getByRole('region', { name: 'Chips' });
  await chips.locator('[data-chips=balance]').waitFor();
  const forTable = (kind) => chips.locator(`tr[data-kind=${kind}]`).filter({ hasText: tableId.slice(0, 8) });
  await forTable('STAKE').waitFor({ timeout: 10_000 });
  const stake = (await forTable('STAKE').locator('.amount').innerText()).trim();
  if (stake !== `−${STAKE}`) throw new Error(`${label}'s ledger says STAKE ${stake}`);
  const wins = await forTable('POT_WIN').count();
  if (won > 0) {
    if (wins !== 1) throw new Error(`${label} won ${won} but the ledger has ${wins} POT_WIN lines`);
    const amount = (await forTable('POT_WIN').locator('.amount').innerText()).trim();
    if (amount !== `+${won}`) throw new Error(`${label}'s ledger says POT_WIN ${amount}, expected +${won}`);
  } else if (wins !== 0) {
    throw new Error(`${label} won nothing but the ledger has a POT_WIN line`);
  }
  const grant = digits(await chips.locator('tr[data-kind=GRANT] .amount').innerText());
  const balance = digits(await chips.locator('[data-chips=balance]').innerText());
  if (balance !== grant - STAKE + won) throw new Error(`${label}'s balance is ${balance}, expected ${grant} − ${STAKE} + ${won}`);
  const held = digits(await chips.locator('[data-chips=held]').innerText());
  if (held !== 0) throw new Error(`${label} still has ${held} chips held`);
  await page.waitForFunction((b) => {
    const e = document.querySelector('[data-nav=chips]');
    return e && Number(e.textContent.replace(/[^\d]/g, '')) === b;
  }, balance, { timeout: 10_000 }).catch(async () => {
    throw new Error(`${label}'s header says "${await page.locator('[data-nav=chips]').innerText()}", the balance is ${balance}`);
  });
  console.log(`${label}: ledger STAKE ${stake}${won ? `, POT_WIN +${won}` : ''}; balance ${balance} (grant ${grant}) in the page and the header`);
}

/** The leaderboard page shows this person with the final board's points (once the leaderboard has read the match). */
async function checkLeaderboard(page, label, points) {
  await page.locator('header [data-nav=leaderboard]').click();
  const board = page.getByRole('region', { name: 'Leaderboard', exact: true });
  await board.waitFor();
  const own = board.locator('tr.me');
  for (let i = 0; !(await own.count()); i++) {
    if (i > 60) throw new Error(`${label} never appeared on the leaderboard page`);
    await page.waitForTimeout(500);
    await page.reload();
    await board.waitFor();
  }
  const cells = await own.first().locator('td').allInnerTexts();
  if (Number(cells[2]) !== points) throw new Error(`the leaderboard shows ${label} with ${cells[2]} points, the final board ${points}`);
  console.log(`${label}: the leaderboard shows ${cells[2]} points, as the final board`);
}

async function main() {
  const second = await launchContext();
  const third = await launchContext();
  const [a, b, c] = [pageA, await second.context.newPage(), await third.context.newPage()];
  b.on('pageerror', (e) => pageErrors.push(`Bo: ${e}`));
  c.on('pageerror', (e) => pageErrors.push(`Cy: ${e}`));
  try {
    const names = { ann: `Ann-${suffix}`, bo: `Bo-${suffix}`, cy: `Cy-${suffix}` };
    await register(a, names.ann);
    await register(b, names.bo);
    await asGuest(c, names.cy);
    const [ann, bo, cy] = [await stored(a), await stored(b), await stored(c)];

    // Ann opens a table of 4 with stake 100, one deal, no clock.
    await a.getByRole('button', { name: 'Open a table…' }).click();
    await a.locator('select[name=players]').selectOption('4');
    await a.locator('select[name=dealsPerMatch]').selectOption('1');
    await a.locator('select[name=turnClock]').selectOption({ label: 'no clock' });
    await a.locator('input[name=stake]').fill(String(STAKE));
    await a.getByRole('button', { name: 'Open table', exact: true }).click();
    await a.waitForURL(/\/tables\//);
    const tableId = decodeURIComponent(a.url().split('/tables/')[1]);

    // Bo and Cy join from the live lobby; Ann sees them sit down, seats an easy bot and starts.
    await joinFromTheLobby(b, tableId);
    await shoot('staked-lobby', c);
    await joinFromTheLobby(c, tableId);
    await a.getByText(new RegExp(`Seat 3: ${names.cy}`)).waitFor();
    await a.locator('select[name=bot-level]').selectOption('EASY');
    await a.getByRole('button', { name: 'Seat a bot' }).click();
    await a.waitForFunction(() => [...document.querySelectorAll('button')]
      .some((x) => x.textContent.trim() === 'Start' && !x.disabled));
    await a.getByRole('button', { name: 'Start' }).click();

    const moves = await Promise.all([playToTheFinalBoard(a, 'Ann', deadline), playToTheFinalBoard(b, 'Bo', deadline),
      playToTheFinalBoard(c, 'Cy', deadline)]);
    console.log(`final board reached: Ann made ${moves[0]} moves, Bo ${moves[1]}, Cy ${moves[2]}`);

    // Who wins the pot, by the places of the board the final board shows: the best-placed of the accounts.
    const { body: board } = await getJson(a, `/api/tables/${encodeURIComponent(tableId)}/board`);
    const seatOf = (p) => board.seats.findIndex((s) => s.playerId === p.playerId);
    const stakers = [ann, bo].map((p) => ({ ...p, seat: seatOf(p), place: board.match.places[seatOf(p)] }));
    if (stakers.some((s) => s.seat < 0) || seatOf(cy) < 0) throw new Error(`not everyone is seated: ${JSON.stringify(board.seats)}`);
    const best = Math.min(...stakers.map((s) => s.place));
    const winners = stakers.filter((s) => s.place === best);
    const pot = 2 * STAKE;
    const share = Math.floor(pot / winners.length);
    console.log(`places: ${stakers.map((s) => `${s.name} ${s.place}`).join(', ')}, ${names.cy} ${board.match.places[seatOf(cy)]};`
      + ` the pot goes to ${winners.map((w) => w.name).join(' and ')}`);

    // The final board's pot line, in each of the three pages, once the pot is paid.
    for (const [page, who] of [[a, ann], [b, bo], [c, cy]]) {
      const line = page.locator('.board .pot[data-pot-state=PAID]');
      await line.waitFor({ timeout: 30_000 });
      const text = (await line.innerText()).trim();
      const expected = expectedPotLine(who.playerId, winners, pot, share);
      if (text !== expected) throw new Error(`${who.name}'s final board says "${text}", expected "${expected}"`);
    }
    console.log(`the final boards say: ${(await a.locator('.board .pot').innerText()).trim()}`);
    // The pot as the API has it: paid once, to the winners only, never to the guest.
    const { body: paid } = await getJson(c, `/api/tables/${encodeURIComponent(tableId)}/pot`);
    if (paid.stake !== STAKE || paid.pot !== pot || paid.state !== 'PAID') throw new Error(`the pot is ${JSON.stringify(paid)}`);
    const paidTo = paid.payouts.filter((p) => p.amount > 0);
    if (paidTo.some((p) => !winners.some((w) => w.playerId === p.playerId)) || paidTo.length !== winners.length
      || paidTo.reduce((s, p) => s + p.amount, 0) !== pot) throw new Error(`the pot was paid ${JSON.stringify(paid.payouts)}`);

    // The final board's leaderboard points of Ann and Bo (before the pages move on).
    const points = {};
    for (const s of stakers) {
      const li = a.locator(`.lb-points li[data-seat="${s.seat}"]`);
      await li.waitFor();
      points[s.playerId] = Number(await li.getAttribute('data-points'));
    }
    await shoot('staked-final-ann', a);
    await shoot('staked-final-cy', c);

    // Each account's chips: the ledger, the balance and the header; the guest has no chips at all.
    for (const [page, s] of [[a, stakers[0]], [b, stakers[1]]]) {
      await checkChips(page, s.name, tableId, winners.some((w) => w.playerId === s.playerId) ? share : 0);
    }
    await shoot('staked-chips-ann', a);
    await shoot('staked-chips-bo', b);
    const guestChips = await getJson(c, '/api/me/chips');
    if (guestChips.status !== 403) throw new Error(`the guest's GET /api/me/chips answers ${guestChips.status}`);
    if (await c.locator('[data-nav=chips]').count()) throw new Error("the guest's header shows chips");
    await c.goto(base + '/#/chips');
    await c.getByText('Guests play without chips').waitFor();
    console.log(`${names.cy}, the guest: no wallet (GET /api/me/chips ${guestChips.status}), no share of the pot`);

    // The leaderboard page shows Ann and Bo with the final board's points.
    await checkLeaderboard(a, names.ann, points[ann.playerId]);
    await checkLeaderboard(b, names.bo, points[bo.playerId]);
    await shoot('staked-leaderboard', a);
    if (pageErrors.length) throw new Error(`errors in the pages: ${pageErrors.join('; ')}`);
    console.log(`screenshots:\n  ${shots.join('\n  ')}`);
  } finally {
    await second.close();
    await third.close();
  }
}

await run(main, 'staked-failure.png');
