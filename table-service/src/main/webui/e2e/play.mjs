// Playing by clicking, shared by the e2e scripts that play a match as a person would.
import { movedOnOrFail } from './browser.mjs';

/**
 * One move by tapping: the lowest playable card to attack, a card that covers (choosing the table card when it beats
 * several) or take, and "Bito"/"Done" instead of throwing in.
 */
export async function playOneMove(page, phase) {
  const hand = page.getByRole('region', { name: 'Your hand' });
  const action = (kind) => page.locator(`.actions [data-action=${kind}]`);
  if (phase === 'ATTACK') {
    await hand.locator('button.card.playable').first().click();
    await action('attack').click();
    return;
  }
  if (phase === 'DEFENSE') {
    const playable = hand.locator('button.card.playable');
    const n = await playable.count();
    for (let i = 0; i < n; i++) {
      const card = playable.nth(i);
      await card.click();
      if (await action('cover').count() && !(await action('cover').isDisabled())) {
        await action('cover').click();
        return;
      }
      const targets = page.locator('.bout button.card.target');
      if (await targets.count()) {
        await targets.first().click();
        if (!(await action('cover').isDisabled())) {
          await action('cover').click();
          return;
        }
      }
      await page.keyboard.press('Escape'); // unchoose it (a second tap would play it), try the next one
    }
    await action('take').click();
    return;
  }
  await action('pass').click();
}

/**
 * Plays this page's turns of a one-deal match (no boards between deals) until its final board; returns the number of
 * moves. `deadline` is a `Date.now()` value.
 */
export async function playToTheFinalBoard(page, label, deadline) {
  const attr = (name) => page.locator('.table-page').getAttribute(name);
  let moves = 0;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`${label}: the match did not finish in time (${moves} moves)`);
    if ((await awaitTurn(page)) === 'final') return moves;
    const seq = await attr('data-seq');
    await playOneMove(page, await attr('data-phase'));
    moves++;
    await movedOnOrFail(page, seq);
  }
}

/**
 * Waits until this page's seat has a move to make in the running deal, or the final board is shown; returns the stage
 * then (`deal` or `final`).
 */
export async function awaitTurn(page) {
  await page.waitForFunction(() => {
    const r = document.querySelector('.table-page');
    if (!r) return false;
    if (r.dataset.stage === 'final') return !!document.querySelector('.board table');
    return r.dataset.stage === 'deal' && r.dataset.myTurn === 'true' && document.querySelector('.actions button') !== null;
  }, null, { timeout: 60_000, polling: 100 });
  return page.locator('.table-page').getAttribute('data-stage');
}
