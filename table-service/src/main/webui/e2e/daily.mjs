// A person plays today's daily game in a real headless Chromium, by clicking only, from the daily page to its final
// board, and finds the result on the daily list; a second attempt is offered as practice.
// Usage: node e2e/daily.mjs BASE_URL OUT_DIR   (system-tests' WebClientTest runs it against the started system)
// Screenshots (desktop and phone) of the daily page before and after, and of the final board, go to OUT_DIR.
import { movedOnOrFail, openBrowser } from './browser.mjs';

const { base, page, pageErrors, shots, shoot, run } = await openBrowser('daily');
const deadline = Date.now() + 6 * 60_000;
const root = () => page.locator('.table-page');
const attr = (name) => root().getAttribute(name);

async function main() {
  await page.goto(base + '/');
  await page.getByLabel('Your name').fill('Dana');
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await page.getByRole('button', { name: 'Play solo' }).waitFor();

  // The nav link to the daily page; before the first attempt it offers the game itself, not practice.
  await page.locator('[data-nav=daily]').first().click();
  const daily = page.getByRole('region', { name: 'Daily game' });
  await daily.waitFor();
  const play = daily.locator('[data-daily-play]');
  await play.waitFor();
  if ((await play.getAttribute('data-practice')) !== 'false') throw new Error('the first attempt is offered as practice');
  if ((await play.innerText()).trim() !== "Play today's game") throw new Error(`the button says "${await play.innerText()}"`);
  await shoot('daily-before');
  await play.click();
  await page.waitForURL(/\/tables\//);
  await root().waitFor();

  let moves = 0;
  let sealSeen = false;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`the daily match did not finish in time (${moves} moves)`);
    await page.waitForFunction(() => {
      const r = document.querySelector('.table-page');
      if (!r) return false;
      if (r.dataset.stage === 'final') return !!document.querySelector('.board table');
      if (r.dataset.stage === 'board') return !!document.querySelector('.board table') && !!document.querySelector('.board button.primary:not([disabled])');
      return r.dataset.stage === 'deal' && r.dataset.myTurn === 'true' && document.querySelector('.actions button') !== null;
    }, null, { timeout: 90_000 });
    const stage = await attr('data-stage');
    if (stage === 'final') break;
    const seq = await attr('data-seq');
    if (stage === 'board') {
      await page.getByRole('button', { name: 'Continue' }).click({ timeout: 10_000 });
    } else {
      // every deal is sealed before its first card (docs/fairness.md): "Shuffle sealed: 3f9a…"
      if (!sealSeen) {
        const seal = await page.locator('.situation-box .seal').innerText({ timeout: 5_000 });
        if (!/^Shuffle sealed: [0-9a-f]{4}…/.test(seal)) throw new Error(`the deal's seal reads "${seal}"`);
        sealSeen = true;
      }
      if (!(await playOneMove(await attr('data-phase')))) continue;
      moves++;
    }
    await movedOnOrFail(page, seq);
  }

  // The final board shows the daily points (the same function as the list's).
  const finalBoard = page.getByRole('region', { name: 'Final board' });
  await finalBoard.waitFor();
  const mine = finalBoard.locator('[data-daily-points]');
  await mine.waitFor();
  const points = Number(await mine.getAttribute('data-points'));
  if ((await mine.getAttribute('data-practice')) !== 'false') throw new Error('the first attempt is marked practice');
  console.log(`final board after ${moves} moves: ${await mine.innerText()}`);
  // the last deal's proof, from its replay, checked in the page against the seal shown at its start
  const verified = page.locator('.seal[data-seal="verified"]');
  await verified.waitFor({ timeout: 15_000 });
  console.log(`the last deal: ${await verified.innerText()}`);
  await shoot('daily-final');

  // The daily list has the attempt with those points (the leaderboard service applies it a moment after the end).
  await mine.locator('[data-nav=daily]').click();
  await daily.waitFor();
  const me = daily.locator('[data-daily-list] tr.me');
  for (let i = 0; !(await me.count()) || (await daily.locator('[data-daily-result]').getAttribute('data-finished')) !== 'true'; i++) {
    if (i > 60) throw new Error('the attempt never appeared finished on the daily list');
    await page.waitForTimeout(500);
    await page.reload();
    await daily.waitFor();
  }
  const listed = Number(await me.first().getAttribute('data-points'));
  if (listed !== points) throw new Error(`the daily list shows ${listed} points, the final board ${points}`);
  const result = Number(await daily.locator('[data-daily-result]').getAttribute('data-points'));
  if (result !== points) throw new Error(`"your result" says ${result} points, the board ${points}`);
  const streak = daily.locator('[data-daily-streak]');
  await streak.waitFor();
  if ((await streak.getAttribute('data-current')) !== '1') throw new Error(`the streak is ${await streak.innerText()}`);
  // a second attempt is practice
  if ((await play.getAttribute('data-practice')) !== 'true' || (await play.innerText()).trim() !== 'Practice') {
    throw new Error(`after the attempt the button says "${await play.innerText()}"`);
  }
  await shoot('daily-after');
  if (pageErrors.length) throw new Error(`errors in the page: ${pageErrors.join('; ')}`);
  console.log(`daily list: ${points} points, ${await streak.innerText()}`);
  console.log(`screenshots:\n  ${shots.join('\n  ')}`);
}

// One move by tapping, as solo.mjs plays: the lowest playable card to attack, a card that covers (choosing the table
// card when it beats several) or take, and "Bito"/"Done" instead of throwing in. With two bots a bot may throw in
// while the person defends, which changes the hand's playable cards under the clicks: then this gives up (false) and
// the loop looks at the table afresh.
async function playOneMove(phase) {
  try {
    await tryOneMove(phase);
    return true;
  } catch (e) {
    console.log(`the table changed during a move (${String(e).split('\n')[0]}); looking again`);
    await page.keyboard.press('Escape');
    return false;
  }
}

async function tryOneMove(phase) {
  const quick = { timeout: 3_000 };
  const hand = page.getByRole('region', { name: 'Your hand' });
  const action = (kind) => page.locator(`.actions [data-action=${kind}]`);
  if (phase === 'ATTACK') {
    await hand.locator('button.card.playable').first().click(quick);
    await action('attack').click(quick);
    return;
  }
  if (phase === 'DEFENSE') {
    await page.keyboard.press('Escape'); // nothing selected from before
    const playable = hand.locator('button.card.playable');
    const n = await playable.count();
    for (let i = 0; i < n; i++) {
      await playable.nth(i).click(quick);
      if (await action('cover').count() && !(await action('cover').isDisabled())) {
        await action('cover').click(quick);
        return;
      }
      const targets = page.locator('.bout button.card.target');
      if (await targets.count()) {
        await targets.first().click(quick);
        if (!(await action('cover').isDisabled())) {
          await action('cover').click(quick);
          return;
        }
      }
      await page.keyboard.press('Escape'); // clear, try the next one
    }
    await action('take').click(quick);
    return;
  }
  await action('pass').click(quick);
}

await run(main, 'failure-daily.png');
