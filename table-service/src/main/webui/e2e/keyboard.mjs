// Seed 002's controls in a real headless Chromium: a whole solo match of three deals played with the keyboard only
// (1–9, Enter, A, P; Enter continues the board), a trump attack that asks once a deal ("No" focused), a move sent from a stale tab
// that the server refuses (its message shown), a hint (R), the replay from the final board and the gear's settings.
// Usage: node e2e/keyboard.mjs BASE_URL OUT_DIR   (system-tests' WebClientTest runs it against the started system)
// Screenshots (desktop 1440×900, phone 390×844) of the trump question, a hint, the refusal, the replay and the
// settings go to OUT_DIR, each checked to be larger than an empty page. Exit 0 only when every check passed.
import { PHONE, movedOnOrFail, openBrowser } from './browser.mjs';

const { base, context, page, pageErrors, shots, shoot, run } = await openBrowser('keyboard');
const DEALS = 3;
const deadline = Date.now() + 4 * 60_000;

const root = () => page.locator('.table-page');
const attr = (name) => root().getAttribute(name);
const key = (k) => page.keyboard.press(k);
/** The hand as the page shows it, in display order (the digits' order). */
const handState = () => page.$$eval('.me .hand [data-card]', (els) =>
  els.map((e) => ({ card: e.dataset.card, playable: e.dataset.playable === 'true' })));
const enabled = (kind) => page.locator(`.actions [data-action=${kind}]:not([disabled])`).count().then((n) => n > 0);
const trumpSuit = () => page.$eval('.stock .trump-suit', (e) => ({ '♣': 'C', '♦': 'D', '♥': 'H', '♠': 'S' })[e.textContent.trim()]);

// by deal: trump attacks while holding other cards, and how often the question came
const trumpAttacks = {};
const trumpAsked = {};
let refusedShown = null;
let hinted = false;

async function main() {
  await page.goto(base + '/');
  await page.getByLabel('Your name').fill('Kai');
  await key('Enter'); // the sign-in form submits on Enter
  const solo = page.getByRole('button', { name: 'Play solo' });
  await solo.waitFor();
  await page.locator('select[name=solo-deals]').selectOption(String(DEALS));
  await page.locator('select[name=solo-level]').selectOption('EASY');
  await solo.focus();
  await key('Enter');
  await page.waitForURL(/\/tables\//);
  await root().waitFor();
  // focus on the page itself, so the keys go to the table and not to a focused button
  await page.locator('body').focus();

  let moves = 0;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`the match did not finish in time (${moves} moves)`);
    await page.waitForFunction(() => {
      const r = document.querySelector('.table-page');
      if (!r) return false;
      if (r.dataset.stage === 'final') return !!document.querySelector('.board table');
      if (r.dataset.stage === 'board') return !!document.querySelector('.board button.primary:not([disabled])');
      return r.dataset.stage === 'deal' && r.dataset.myTurn === 'true' && document.querySelector('.actions button') !== null;
    }, null, { timeout: 60_000 });
    const stage = await attr('data-stage');
    if (stage === 'final') break;
    let seq = await attr('data-seq');
    if (stage === 'board') {
      await key('Enter'); // Enter continues on the board
    } else {
      if (!hinted) {
        await takeHint(seq);
        seq = await attr('data-seq'); // the hint is an event of its own: the move is awaited after it
      }
      await playOneMove(await attr('data-phase'), seq);
      moves++;
    }
    await movedOnOrFail(page, seq);
  }

  const finalBoard = page.getByRole('region', { name: 'Final board' });
  await finalBoard.waitFor();
  const hints = await finalBoard.locator('.hints-taken').innerText();
  if (!/You [1-9]/.test(hints)) throw new Error(`the final board's hints say "${hints}", not the hint taken`);
  const attacked = Object.keys(trumpAttacks);
  if (attacked.length === 0) throw new Error('no trump attack while holding other cards came up in the match');
  for (const d of attacked) {
    if (trumpAsked[d] !== 1) throw new Error(`deal ${d}: ${trumpAttacks[d]} trump attacks, asked ${trumpAsked[d]} times, expected once`);
  }
  if (!refusedShown) throw new Error('the stale move was never sent');

  // The replay of deal 1, step by step with every card open.
  await finalBoard.getByRole('button', { name: 'Replay deal 1' }).focus();
  await key('Enter');
  const replay = page.getByRole('region', { name: 'Replay of deal 1' });
  await replay.waitFor();
  await replay.locator('.replay-hands li').first().waitFor();
  const seats = await replay.locator('.replay-hands li').count();
  const open = await replay.locator('.replay-hands [data-card]').count();
  if (seats !== 2 || open !== 12) throw new Error(`the dealt replay shows ${seats} hands and ${open} open cards, expected 2 and 12`);
  for (let i = 0; i < 3; i++) await key('ArrowRight');
  if ((await replay.getAttribute('data-step')) !== '3') throw new Error('ArrowRight did not step the replay');
  await shoot('replay');
  await replay.getByRole('button', { name: 'Close the replay' }).click();

  // The gear: a theme and German, kept over a reload.
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.locator('select[name=theme]').selectOption('harbour');
  await dialog.locator('select[name=lang]').selectOption('de');
  await page.getByRole('dialog', { name: 'Einstellungen' }).waitFor();
  await shoot('settings');
  await page.getByRole('button', { name: 'Fertig' }).click();
  await page.reload();
  await page.getByRole('region', { name: 'Endtafel' }).waitFor();
  if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== 'harbour') throw new Error('the theme was not kept');
  await shoot('final-german-harbour');

  if (pageErrors.length) throw new Error(`errors in the page: ${pageErrors.join('; ')}`);
  console.log(`match played by keyboard in ${moves} moves; trump attacks ${JSON.stringify(trumpAttacks)}, asked ${JSON.stringify(trumpAsked)}; refused: ${refusedShown}; hints: ${hints}`);
  console.log(`screenshots:\n  ${shots.join('\n  ')}`);
}

async function takeHint(seqBefore) {
  hinted = true;
  // asked on a phone, where the panel lies below the hand: it must come into view with its reason
  await page.setViewportSize(PHONE);
  await key('r');
  const hint = page.getByRole('region', { name: 'Hint' });
  await hint.waitFor({ timeout: 20_000 });
  // the table's HintTaken event has reached the page (its seq moved on)
  await page.waitForFunction((s) => document.querySelector('.table-page')?.dataset.seq !== s, seqBefore, { timeout: 20_000 });
  const text = await hint.innerText();
  if (!text.includes('Why:')) throw new Error(`the hint shows no reason: ${text}`);
  await page.waitForFunction(() => {
    const r = document.querySelector('.panel.hint p')?.getBoundingClientRect();
    return r && r.top >= 0 && r.bottom <= window.innerHeight;
  }, null, { timeout: 5_000 }).catch(() => { throw new Error('on a 390×844 phone the hint\'s reason is not in view'); });
  await shoot('hint', page, 'phone');
  console.log(`hint: ${text.split('\n')[0]}`);
}

async function playOneMove(phase, seq) {
  const hand = await handState();
  const trump = await trumpSuit();
  // 1–9 and 0 pick the first ten cards; a later one is reached with the arrows from the tenth, then Space picks it
  const digit = async (i) => {
    if (i < 10) return key(String((i + 1) % 10));
    await key('0');
    await key('Escape'); // the tenth was only the way there: the choice stays on it, unpicked
    for (let k = 9; k < i; k++) await key('ArrowRight');
    await key(' ');
  };
  if (phase === 'ATTACK') {
    const trumps = hand.map((h, i) => ({ ...h, i })).filter((h) => h.playable && h.card.endsWith(trump));
    const others = hand.some((h) => !h.card.endsWith(trump));
    // the first two chances of each deal: attack with a trump while holding other cards (asked the first time only)
    const deal = await attr('data-deal');
    const n = trumpAttacks[deal] ?? 0;
    if (trumps.length && others && n < 2 && hand.length <= 9) {
      trumpAttacks[deal] = n + 1;
      await digit(trumps[0].i);
      await key('Enter');
      const ask = page.getByRole('alertdialog');
      if (n === 0 || (await ask.count())) {
        await ask.waitFor({ timeout: 5_000 });
        trumpAsked[deal] = (trumpAsked[deal] ?? 0) + 1;
        if (!shots.some((s) => s.includes('trump-question'))) await shoot('trump-question');
        // "No" has the focus: Enter does not attack with the trump, and the question is answered for the deal
        const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
        if (focused !== 'No') throw new Error(`the trump question has "${focused}" focused, not "No"`);
        await key('Enter');
        await ask.waitFor({ state: 'detached' });
        if ((await attr('data-seq')) !== seq) throw new Error('"No" to the trump question attacked anyway');
        await key('Enter'); // the selection is still the trump: now it goes, without asking again
        if (await ask.count()) throw new Error('the trump question came twice in one deal');
      }
      return;
    }
    const first = hand.findIndex((h) => h.playable);
    await digit(first);
    await key('Enter');
    return;
  }
  if (phase === 'DEFENSE') {
    for (let i = 0; i < hand.length; i++) {
      if (!hand[i].playable) continue;
      await digit(i);
      if (await enabled('cover')) {
        await key('Enter');
        return;
      }
      if (await page.locator('.bout .target-no').count()) {
        await key('1'); // the first table card it beats, by its number
        if (await enabled('cover')) {
          await key('Enter');
          return;
        }
      }
      await key('Escape');
    }
    await sendStale('a', seq);
    return;
  }
  await sendStale('p', seq);
}

/**
 * A/P — and, the first time, the same key in a second tab of the same player whose socket is cut, so it still
 * shows the old state: its move goes over REST and the server's refusal must be rendered there.
 */
async function sendStale(k, seq) {
  if (refusedShown) return key(k);
  const stale = await context.newPage();
  await stale.routeWebSocket(/.*/, (ws) => ws.close());
  await stale.goto(page.url());
  await stale.locator('.table-page[data-my-turn=true]').waitFor();
  await key(k);
  await page.waitForFunction((s) => document.querySelector('.table-page')?.dataset.seq !== s, seq);
  await stale.locator('body').focus();
  const answer = stale.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/moves'));
  await stale.keyboard.press(k);
  if ((await answer).ok()) {
    // a bot moved first and made the old move legal again (another attack to take): try again at a later move
    await stale.close();
    return;
  }
  const refused = stale.locator('.refused');
  await refused.waitFor({ timeout: 10_000 });
  refusedShown = await refused.innerText();
  if (!refusedShown.trim()) throw new Error('the refusal is empty');
  await shoot('refused', stale);
  await stale.close();
}

await run(main, 'keyboard-failure.png');
