// The table a person meets (issue 25), in a real headless Chromium against the running system:
//  - the forms: "show trump" only for perevodnoi (solo and "Open a table…"), the waiting table names every house rule,
//    a solo table with teams and every setting a solo table can have;
//  - a pairs table: the partner marked opposite, "Your team", team results on the final board with the place words;
//    and (a served position, e2e/fixtures.mjs) "You play for …" when one's partner has no cards;
//  - seed 002's controls: a card dragged onto the table and onto the card it beats (mouse, and a finger on a phone),
//    Enter after a mouse click plays the selection, the popovers of a card, the stock and the discard say what the
//    table says now and close when it moves on, "Sign out" during the match asks first ("Stay" focused);
//  - feedback: the notice line (a live region) after the others' moves, the move log (L), the board over the table (B);
//  - accessibility: axe-core (no violation of impact serious or critical) on the sign-in page, the lobby, the waiting
//    table, the table in each phase met, the board, the final board, a replay and the settings.
// Usage: node e2e/table.mjs BASE_URL OUT_DIR. Screenshots: table-*.png in OUT_DIR.
import AxeBuilder from '@axe-core/playwright';
import { join } from 'node:path';
import { launchContext, movedOnOrFail, openBrowser, PHONE } from './browser.mjs';
import { awaitTurn, playOneMove } from './play.mjs';
import { fixtureView, serveFixture } from './fixtures.mjs';

const { base, outDir, page, pageErrors, shots, shoot, run } = await openBrowser('table');
const deadline = Date.now() + 5 * 60_000;
const root = () => page.locator('.table-page');
const attr = (name) => root().getAttribute(name);
const axed = [];

/** axe-core on the page as it is: no violation of impact serious or critical. */
async function axe(what, p = page) {
  const { violations } = await new AxeBuilder({ page: p }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length) {
    throw new Error(`axe on ${what}: ${bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3)
      .map((n) => n.target.join(' ')).join('; ')}`).join('\n  ')}`);
  }
  axed.push(`${what} (${violations.length} minor)`);
}

/** What a card beats on the table as the page shows it (the open attack cards), for checking its popover. */
const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
function beats(card, attack, trump) {
  const [cr, cs, ar, as] = [card.slice(0, -1), card.slice(-1), attack.slice(0, -1), attack.slice(-1)];
  return cs === as ? RANKS.indexOf(cr) > RANKS.indexOf(ar) : cs === trump;
}
const NAMES = { J: 'jack', Q: 'queen', K: 'king', A: 'ace' };
const SUITS = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
const cardName = (c) => `${NAMES[c.slice(0, -1)] ?? c.slice(0, -1)} of ${SUITS[c.slice(-1)]}`;
const trumpSuit = () => page.$eval('.piles .trump-suit', (e) => ({ '♣': 'C', '♦': 'D', '♥': 'H', '♠': 'S' })[e.textContent.trim()]);

async function main() {
  await page.addInitScript(() => {
    if (!localStorage.getItem('durak.prefs')) localStorage.setItem('durak.prefs', JSON.stringify({ tempo: 'FAST' }));
  });
  await page.goto(base + '/');
  await page.getByLabel('Your name').waitFor();
  await axe('the sign-in page');
  await page.getByLabel('Your name').fill('Tia');
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await page.getByRole('button', { name: 'Play solo' }).waitFor();
  await axe('the lobby');
  await forms();
  await pairsTable();
  await youPlayFor();
  await touchDrag();
  if (pageErrors.length) throw new Error(`errors in the page: ${pageErrors.join('; ')}`);
  console.log(`axe-core, no serious or critical violation on:\n  ${axed.join('\n  ')}`);
  console.log(`screenshots:\n  ${shots.join('\n  ')}`);
}

/** "Show trump" only for perevodnoi, in both forms; the waiting table names every house rule. */
async function forms() {
  const solo = page.locator('.solo-form');
  await solo.locator('summary').click();
  const soloTrump = solo.locator('input[name=solo-showTrumpToTransfer]');
  if (await soloTrump.count()) throw new Error('the solo form offers "show trump" for podkidnoi');
  await solo.locator('select[name=solo-variant]').selectOption('PEREVODNOI');
  await soloTrump.waitFor();

  await page.getByRole('button', { name: 'Open a table…' }).click();
  const form = page.getByRole('form', { name: 'House rules' });
  if (await form.locator('input[name=showTrumpToTransfer]').count()) throw new Error('"Open a table…" offers "show trump" for podkidnoi');
  await form.locator('select[name=variant]').selectOption('PEREVODNOI');
  await form.locator('input[name=showTrumpToTransfer]').check();
  await form.locator('select[name=players]').selectOption('4');
  await form.locator('input[name=teams]').check();
  await form.locator('select[name=deck]').selectOption('52');
  await form.locator('select[name=throwIn]').selectOption('NEIGHBOURS_ONLY');
  await form.locator('select[name=firstBoutLimit]').selectOption('NONE');
  await form.locator('input[name=discardVisible]').uncheck();
  await form.locator('select[name=dealsPerMatch]').selectOption('1');
  await form.locator('select[name=turnClock]').selectOption({ label: '90 s' });
  await form.getByRole('button', { name: 'Open table', exact: true }).click();
  const summary = page.locator('[data-house-rules]');
  await summary.waitFor();
  const said = await summary.innerText();
  for (const rule of ['Perevodnoi', '52 cards', '4 players in teams', 'throw in: neighbours only', 'first bout: always 6',
    'a trump may be shown to transfer', 'discard face down', '1 deal', '90 s']) {
    if (!said.includes(rule)) throw new Error(`the waiting table's rules "${said}" do not name "${rule}"`);
  }
  await axe('the waiting table');
  await page.getByRole('button', { name: 'Leave', exact: true }).click();
  await page.getByRole('button', { name: 'Play solo' }).waitFor();
}

/** A solo match at a pairs table (four players, perevodnoi with a shown trump), played to its final board. */
async function pairsTable() {
  const solo = page.locator('.solo-form');
  if (!(await solo.locator('details').getAttribute('open'))) await solo.locator('summary').click();
  await solo.locator('select[name=solo-players]').selectOption('4');
  await solo.locator('select[name=solo-deals]').selectOption('1');
  await solo.locator('select[name=solo-level]').selectOption('EASY');
  await solo.locator('select[name=solo-variant]').selectOption('PEREVODNOI');
  await solo.locator('input[name=solo-teams]').check();
  await solo.locator('input[name=solo-showTrumpToTransfer]').check();
  await solo.locator('select[name=solo-throwIn]').selectOption('NEIGHBOURS');
  await page.getByRole('button', { name: 'Play solo' }).click();
  await page.waitForURL(/\/tables\//);
  await page.locator('.table-page[data-stage=deal] .hand [data-card]').first().waitFor();

  // the partner opposite, at the top in the middle, marked; one's own team named
  const partner = page.locator('.seat.partner');
  if ((await partner.getAttribute('data-seat')) !== '2') throw new Error('the partner mark is not on seat 2');
  if (!(await partner.innerText()).includes('partner')) throw new Error('the partner seat does not say "partner"');
  const box = await partner.boundingBox();
  const felt = await page.locator('.felt').boundingBox();
  if (Math.abs(box.x + box.width / 2 - (felt.x + felt.width / 2)) > 4) throw new Error('the partner does not sit opposite');
  const team = await page.locator('.my-seat .team-line').innerText();
  if (!team.includes('Your team: you and Bot 2')) throw new Error(`the own seat says "${team}"`);

  // "Sign out" during the match asks first, "Stay" focused (Enter stays)
  await page.getByRole('button', { name: 'Sign out' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Sign out during your match?' });
  await ask.waitFor();
  const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
  if (focused !== 'Stay') throw new Error(`the sign-out question has "${focused}" focused`);
  await shoot('table-signout-question');
  await page.keyboard.press('Enter');
  await ask.waitFor({ state: 'detached' });
  if (!(await page.locator('.whoami').count())) throw new Error('"Stay" signed out');

  // notice: the notice line and the move log; board: B; stockPopover: the stock's and the discard's popovers
  const done = { dragAttack: false, dragCover: false, enterAfterClick: false, popover: false, stockPopover: false, notice: false,
    board: false };
  const phases = new Set();
  let moves = 0;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`the match did not finish in time (${moves} moves)`);
    if ((await awaitTurn(page)) === 'final') break;
    const phase = await attr('data-phase');
    const seq = await attr('data-seq');
    if (!phases.has(phase)) {
      phases.add(phase);
      await axe(`the table, phase ${phase}`);
      await shoot(`table-${phase.toLowerCase()}`);
    }
    if (!done.notice && moves > 0) done.notice = await noticeAndLog();
    if (!done.board) done.board = await peekBoard();
    if (!done.stockPopover) done.stockPopover = await pilePopovers();
    let played = false;
    if (phase === 'ATTACK' && !done.dragAttack) played = done.dragAttack = await dragOnto('.felt .bout');
    else if (phase === 'ATTACK' && !done.enterAfterClick) played = done.enterAfterClick = await enterAfterClick();
    else if (phase === 'DEFENSE') {
      if (!done.popover) done.popover = await cardPopover();
      if (!done.dragCover) played = done.dragCover = await dragCover();
    }
    if (!played) await playOneMove(page, phase);
    moves++;
    await movedOnOrFail(page, seq);
  }
  for (const [what, ok] of Object.entries(done)) {
    if (!ok && !['dragCover', 'popover', 'enterAfterClick'].includes(what)) throw new Error(`the match ended before "${what}" was checked`);
  }
  console.log(`pairs table played in ${moves} moves; checked: ${JSON.stringify(done)}; phases: ${[...phases].join(', ')}`);
  if (!done.dragCover && !done.popover) throw new Error('no defence with a covering card came up: the cover drag and the popover were not checked');

  const finalBoard = page.getByRole('region', { name: 'Final board' });
  await finalBoard.waitFor();
  const teams = await finalBoard.locator('.team-totals').innerText();
  if (!/Team You \+ Bot 2 \(easy\): \d+ points/.test(teams)) throw new Error(`the final board's teams say "${teams}"`);
  const result = await finalBoard.locator('.result').innerText();
  if (!/team/i.test(result)) throw new Error(`the final board's result "${result}" does not speak of teams`);
  const calc = await finalBoard.locator('.lb-points li').allInnerTexts();
  if (!calc.length || !calc.every((l) => /for place \d|no bonus for place/.test(l))) throw new Error(`the leaderboard lines say ${calc.join(' | ')}`);
  await axe('the final board');
  await shoot('table-final-teams');
  await finalBoard.getByRole('button', { name: 'Replay deal 1' }).click();
  await page.getByRole('region', { name: 'Replay of deal 1' }).locator('.replay-hands li').first().waitFor();
  await axe('a replay');
  await page.getByRole('button', { name: 'Close the replay' }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).waitFor();
  await axe('the settings');
  await page.getByRole('button', { name: 'Done' }).click();
}

/** A hand card dragged with the mouse onto `target`; returns whether a move was made (the table moved on). */
async function dragOnto(target, card = page.locator('.hand button.card.playable').first()) {
  const code = await card.getAttribute('data-card');
  const seq = await attr('data-seq');
  const from = await card.boundingBox();
  const to = await page.locator(target).first().boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) {
    await page.mouse.move(from.x + from.width / 2 + ((to.x + to.width / 2) - (from.x + from.width / 2)) * i / 8,
      from.y + from.height / 2 + ((to.y + to.height / 2) - (from.y + from.height / 2)) * i / 8);
  }
  await page.mouse.up();
  try {
    await page.waitForFunction(([s, c]) => document.querySelector('.table-page')?.dataset.seq !== s
      && [...document.querySelectorAll('.bout [data-card]')].some((e) => e.dataset.card === c), [seq, code], { timeout: 15_000 });
  } catch (e) {
    // another seat's move (a throw-in during the defence) moved the table under the drag: try again at a later move;
    // a drop that changed nothing at all is a failure
    if ((await attr('data-seq')) === seq) throw e;
    console.log(`the table moved on while ${code} was dragged onto ${target}; trying again later`);
    return false;
  }
  console.log(`dragged ${code} with the mouse onto ${target}: it lies on the table`);
  return true;
}

/** In a defence, a card that covers exactly one open table card, dragged onto that card. */
async function dragCover() {
  const trump = await trumpSuit();
  const open = await page.$$eval('.bout .pair', (ps) => ps.filter((p) => p.querySelectorAll('[data-card]').length === 1)
    .map((p) => p.querySelector('[data-card]').dataset.card));
  const hand = await page.$$eval('.hand button.card.playable', (cs) => cs.map((c) => c.dataset.card));
  for (const c of hand) {
    const can = open.filter((a) => beats(c, a, trump));
    if (can.length !== 1 || open.length !== 1) continue;
    return dragOnto(`.bout [data-drop-card="${can[0]}"]`, page.locator(`.hand [data-card="${c}"]`));
  }
  return false;
}

/** A mouse click chooses a card; Enter then plays the selection (it does not click the card again). */
async function enterAfterClick() {
  const card = page.locator('.hand button.card.playable').first();
  const code = await card.getAttribute('data-card');
  const seq = await attr('data-seq');
  await card.click();
  if ((await card.getAttribute('aria-pressed')) !== 'true') throw new Error('the click did not choose the card');
  await page.keyboard.press('Enter');
  await page.waitForFunction(([s, c]) => document.querySelector('.table-page')?.dataset.seq !== s
    && [...document.querySelectorAll('.bout [data-card]')].some((e) => e.dataset.card === c), [seq, code], { timeout: 15_000 });
  console.log(`Enter after a click on ${code} played it`);
  return true;
}

/** A hand card's popover says what it beats on the table now; it closes when the table moves on. */
async function cardPopover() {
  const trump = await trumpSuit();
  const open = await page.$$eval('.bout .pair', (ps) => ps.filter((p) => p.querySelectorAll('[data-card]').length === 1)
    .map((p) => p.querySelector('[data-card]').dataset.card));
  const card = page.locator('.hand [data-card]').first();
  const code = await card.getAttribute('data-card');
  await card.hover();
  const pop = page.locator('#table-popover');
  await pop.waitFor();
  const text = await pop.innerText();
  const expect = open.filter((a) => beats(code, a, trump)).map(cardName);
  const said = expect.length ? `Beats: ${expect.join(', ')}.` : 'Beats nothing on the table.';
  if (!text.startsWith(`${cardName(code)}: ${said}`)) throw new Error(`the popover of ${code} says "${text}", the table says "${said}"`);
  if ((await card.getAttribute('aria-describedby')) !== 'table-popover') throw new Error('the card is not described by its popover');
  await shoot('table-popover');
  console.log(`popover of ${code}: ${text}`);
  await page.mouse.move(1, 1);
  return true;
}

/** The stock's and the discard's popovers (hover, and the keyboard's focus). */
async function pilePopovers() {
  const stock = page.locator('.piles .stock');
  await stock.hover();
  const pop = page.locator('#table-popover');
  await pop.waitFor();
  const text = await pop.innerText();
  const n = await stock.getAttribute('data-count');
  if (!text.includes(`${n} cards in the stock`)) throw new Error(`the stock's popover says "${text}" with ${n} cards in it`);
  await page.mouse.move(1, 1);
  await pop.waitFor({ state: 'detached' });
  await page.locator('.piles .discard').focus();
  await page.keyboard.press('Shift+Tab'); // focus by the keyboard, as a person would reach it
  await page.keyboard.press('Tab');
  await pop.waitFor();
  const discard = await pop.innerText();
  if (!/out of play|discard lies face down|Nothing is out of play/.test(discard)) throw new Error(`the discard's popover says "${discard}"`);
  await page.locator('body').focus();
  console.log(`stock popover: ${text} / discard popover: ${discard}`);
  return true;
}

/** The notice line said what another seat did, in a live region; L opens the move log of the deal. */
async function noticeAndLog() {
  const notice = page.locator('.notice-text');
  const text = (await notice.innerText()).trim();
  if (!text) return false;
  if ((await notice.getAttribute('role')) !== 'status') throw new Error('the notice line is no live region');
  await page.locator('body').focus();
  await page.keyboard.press('l');
  const log = page.getByRole('dialog', { name: /Moves of deal 1/ });
  await log.waitFor();
  await log.locator('li[data-type=DealStarted]').waitFor(); // after a reload the deal's earlier events are read back
  const lines = await log.locator('li').allInnerTexts();
  if (!lines.some((l) => l.startsWith('Deal 1:'))) throw new Error(`the log does not start with the deal: ${lines.join(' | ')}`);
  await axe('the move log');
  await shoot('table-log');
  await page.keyboard.press('Escape');
  await log.waitFor({ state: 'detached' });
  console.log(`notice: "${text}"; log: ${lines.length} lines, the first "${lines[0]}"`);
  return true;
}

/** B: the board over the table; B again closes it. */
async function peekBoard() {
  await page.locator('body').focus();
  await page.keyboard.press('b');
  const board = page.getByRole('region', { name: 'Board' });
  await board.waitFor();
  await axe('the board over the table');
  await page.keyboard.press('b');
  await board.waitFor({ state: 'detached' });
  return true;
}

/** A served pairs position where one's partner has no cards and defends: the page says one plays for them. */
async function youPlayFor() {
  const v = fixtureView({ id: 'fixture-partner', players: 4, teams: true, hand: 5, pairs: 1, covered: 0, clock: false, known: 0 });
  v.deal.handSizes[2] = 0;
  v.deal.defender = 2;
  v.deal.attacker = 1;
  await serveFixture(page, v);
  await page.goto(`${base}/#/tables/fixture-partner`);
  await page.reload();
  const box = page.locator('.situation-box .plays-for');
  await box.waitFor();
  const said = await box.innerText();
  if (said !== 'You play for Cy (no cards)') throw new Error(`the situation box says "${said}"`);
  const seat = await page.locator('.seat[data-seat="2"] .plays-for').innerText();
  if (seat !== said) throw new Error(`the partner's seat says "${seat}"`);
  await page.waitForFunction(() => document.querySelector('.notice-text')?.textContent?.includes('You play for'));
  await shoot('table-plays-for');
}

/** A finger drags a card onto the table on a phone (touch events through Chromium's DevTools protocol). */
async function touchDrag() {
  const { context, close } = await launchContext({ hasTouch: true, isMobile: true, viewport: PHONE });
  try {
    const p = context.pages()[0] ?? (await context.newPage());
    p.on('pageerror', (e) => pageErrors.push(`phone: ${e}`));
    await p.addInitScript(() => localStorage.setItem('durak.prefs', JSON.stringify({ tempo: 'FAST' })));
    await p.goto(base + '/');
    await p.getByLabel('Your name').fill('Tom');
    await p.getByRole('button', { name: 'Play as guest' }).tap();
    await p.locator('select[name=solo-deals]').selectOption('1');
    await p.getByRole('button', { name: 'Play solo' }).tap();
    await p.waitForURL(/\/tables\//);
    const cdp = await context.newCDPSession(p);
    let missed = 0;
    for (let i = 0; ; i++) {
      if (i > 40) throw new Error('no attack of the phone\'s player came up');
      if ((await awaitTurn(p)) !== 'deal') throw new Error('the deal ended before an attack');
      const phase = await p.locator('.table-page').getAttribute('data-phase');
      const seq = await p.locator('.table-page').getAttribute('data-seq');
      if (phase !== 'ATTACK') {
        await playOneMove(p, phase);
        await movedOnOrFail(p, seq);
        continue;
      }
      // the hand's cards may still be flying in from the stock: let them land before taking their place
      await p.waitForTimeout(400);
      const card = p.locator('.hand button.card.playable').first();
      const code = await card.getAttribute('data-card');
      const from = await card.boundingBox();
      const to = await p.locator('.felt .bout').boundingBox();
      const at = (k) => ({ x: from.x + from.width / 2 + (to.x + to.width / 2 - from.x - from.width / 2) * k,
        y: from.y + from.height / 2 + (to.y + to.height / 2 - from.y - from.height / 2) * k });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(0)] });
      for (let k = 1; k <= 8; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(k / 8)] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      try {
        await p.waitForFunction(([s, c]) => document.querySelector('.table-page')?.dataset.seq !== s
          && [...document.querySelectorAll('.bout [data-card]')].some((e) => e.dataset.card === c), [seq, code], { timeout: 15_000 });
      } catch (e) {
        // the table moved under the finger, or the finger missed a card still moving: try again, at most twice more
        if (++missed > 2) throw e;
        console.log(`the finger's drag of ${code} played nothing (attempt ${missed}); trying again`);
        continue;
      }
      await p.screenshot({ path: join(outDir, 'table-touch-drag-phone.png') });
      shots.push(join(outDir, 'table-touch-drag-phone.png'));
      console.log(`a finger dragged ${code} onto the table on a phone: it lies there`);
      return;
    }
  } finally {
    await close();
  }
}

await run(main, 'table-failure.png');
