// A person plays a whole solo match against bots in a real headless Chromium, by clicking only, to the final board.
// Usage: node e2e/solo.mjs BASE_URL OUT_DIR   (system-tests' WebClientTest runs it against the started system)
// Screenshots (desktop 1440×900 and phone 390×844) of the lobby, a table mid-bout, a board and the final board go to
// OUT_DIR; each must be larger than an empty page could be. Exit 0 only when the final board was reached.
import { readFileSync } from 'node:fs';
import { movedOnOrFail, openBrowser } from './browser.mjs';
import { playOneMove } from './play.mjs';

const { base, page, pageErrors, shots, shoot, run } = await openBrowser('solo');
const DEALS = 3;
const deadline = Date.now() + 5 * 60_000;

const root = () => page.locator('.table-page');
const attr = (name) => root().getAttribute(name);

async function main() {
  // Sign in as a guest.
  await page.goto(base + '/');
  await page.getByLabel('Your name').fill('Ann');
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await page.getByRole('button', { name: 'Play solo' }).waitFor();
  await shoot('lobby');

  // A table the rules refuse shows the API's own message, which starts with the setting.
  await page.getByRole('button', { name: 'Open a table…' }).click();
  await page.locator('select[name=deck]').selectOption('24');
  await page.locator('select[name=players]').selectOption('5');
  await page.getByRole('button', { name: 'Open table', exact: true }).click();
  const refusal = page.getByRole('form', { name: 'House rules' }).getByRole('alert');
  await refusal.waitFor();
  const said = await refusal.innerText();
  if (!said.startsWith('players: ')) throw new Error(`the refused table says "${said}", not the players setting`);
  console.log(`create refused as expected: ${said}`);
  await page.getByRole('button', { name: 'Open a table…' }).click();

  // One click against bots (two players, three deals, easy bots).
  await page.locator('select[name=solo-deals]').selectOption(String(DEALS));
  await page.locator('select[name=solo-level]').selectOption('EASY');
  await page.getByRole('button', { name: 'Play solo' }).click();
  await page.waitForURL(/\/tables\//);
  await root().waitFor();
  // A reload on the client route (/#/tables/ID) comes back to the seat (the token is in localStorage).
  await page.reload();
  await root().waitFor();

  let moves = 0;
  let midBout = false;
  let boards = 0;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`the match did not finish in time (${moves} moves)`);
    // Wait for something to do: my turn, a board to continue, or the final board.
    await page.waitForFunction(() => {
      const r = document.querySelector('.table-page');
      if (!r) return false;
      if (r.dataset.stage === 'final') return !!document.querySelector('.board table');
      if (r.dataset.stage === 'board') return !!document.querySelector('.board table') && !!document.querySelector('.board button.primary:not([disabled])');
      return r.dataset.stage === 'deal' && r.dataset.myTurn === 'true' && document.querySelector('.actions button') !== null;
    }, null, { timeout: 60_000 });
    const stage = await attr('data-stage');
    if (stage === 'final') break;
    const seq = await attr('data-seq');
    if (stage === 'board') {
      boards++;
      if (boards === 1) await shoot('board');
      await page.getByRole('button', { name: 'Continue' }).click({ timeout: 10_000 });
    } else {
      if (!midBout && (await page.locator('.bout .pair').count()) > 0) {
        midBout = true;
        await shoot('table');
      }
      await playOneMove(page, await attr('data-phase'));
      moves++;
    }
    await movedOnOrFail(page, seq);
  }

  const finalBoard = page.getByRole('region', { name: 'Final board' });
  await finalBoard.waitFor();
  const rows = await finalBoard.locator('tbody tr').count();
  if (rows < DEALS * 2) throw new Error(`the final board shows ${rows} rows, expected at least ${DEALS * 2}`);
  await shoot('final');
  if (!midBout) throw new Error('never saw a table mid-bout');
  if (boards !== DEALS - 1) throw new Error(`saw ${boards} boards between deals, expected ${DEALS - 1}`);
  console.log(`final board reached after ${moves} moves and ${boards} boards; result: ${await finalBoard.locator('.result').innerText()}`);
  await leaderboardAndProfile(finalBoard);
  if (pageErrors.length) throw new Error(`errors in the page: ${pageErrors.join('; ')}`);
  console.log(`screenshots:\n  ${shots.join('\n  ')}`);
}

// The final board's leaderboard points, then the same number on the leaderboard page (reached through this origin,
// which forwards to the leaderboard service) and the match on the profile, with its replay.
async function leaderboardAndProfile(finalBoard) {
  const tableId = page.url().split('/tables/')[1];
  const mine = finalBoard.locator('.lb-points li.me');
  await mine.waitFor();
  const points = Number(await mine.getAttribute('data-points'));
  console.log(`final board, leaderboard points: ${await mine.innerText()}`);
  await finalBoard.locator('.lb-points [data-nav=leaderboard]').click();
  const board = page.getByRole('region', { name: 'Leaderboard', exact: true });
  await board.waitFor();
  // the leaderboard service applies the match once it has read its MatchEnded: a moment after the final board
  const own = board.locator('tr.me');
  for (let i = 0; !(await own.count()); i++) {
    if (i > 60) throw new Error('the player never appeared on the leaderboard page');
    await page.waitForTimeout(500);
    await page.reload();
    await board.waitFor();
  }
  const cells = await own.first().locator('td').allInnerTexts();
  if (Number(cells[2]) !== points) throw new Error(`the leaderboard shows ${cells[2]} points, the final board ${points}`);
  for (const p of ['week', 'month']) {
    await board.locator(`[data-period=${p}]`).click();
    await page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute('aria-selected') === 'true', `[data-period=${p}]`);
    await board.locator('tr.me').first().waitFor();
  }
  await shoot('leaderboard');
  await own.first().getByRole('link').click();
  const profile = page.getByRole('region', { name: 'Profile', exact: true });
  await profile.waitFor();
  const match = profile.locator(`tr[data-table="${tableId}"]`);
  await match.waitFor();
  if (Number(await profile.locator('[data-stat=points]').innerText()) !== points) throw new Error('the profile shows other points');
  const rating = await profile.locator('[data-stat=rating]').innerText();
  if (rating.trim() === '—') throw new Error('the profile shows no rating after a rated match');
  console.log(`profile: ${points} points, rating ${rating}`);
  await shoot('profile');
  await match.locator('[data-action=open-replay]').click();
  await page.waitForURL(/\/replays\//);
  await page.locator('.replay .replay-step').waitFor();
  await shoot('match-replay'); // keyboard.mjs has its own 'replay' in the same folder
  await replayInWords();
}

/** The match's replay in words: step, jump, follow a position link, play on its own; the record saved and read back. */
async function replayInWords() {
  const replay = page.locator('.replay');
  const lines = replay.locator('.replay-moves li');
  await lines.nth(5).waitFor();
  const texts = await lines.allInnerTexts();
  if (!texts.some((l) => /^(You attack|Bot 1 \(easy\) attacks) .+ with /.test(l)) || !texts.some((l) => /^Draws: /.test(l))) {
    throw new Error(`the move list does not say who attacked and who drew: ${texts.slice(0, 12).join(' | ')}`);
  }
  if (texts.some((l) => /^(Attacked|Covered|Threw|Took|Passed|BoutEnded|CardsDrawn)\b/.test(l))) throw new Error('the move list names raw events');
  // a step: the address follows
  await replay.locator('[data-action=replay-next]').click();
  await page.waitForURL(/[?&]step=1\b/);
  // a jump: a line of the list shows its step and is the current one
  const line = lines.nth(5);
  const step = await line.getAttribute('data-step');
  await line.getByRole('button').click();
  await page.waitForURL(new RegExp(`[?&]step=${step}\\b`));
  if ((await replay.getAttribute('data-step')) !== step) throw new Error(`the jump shows step ${await replay.getAttribute('data-step')}, not ${step}`);
  if ((await line.getAttribute('class'))?.includes('current') !== true) throw new Error('the line jumped to is not marked current');
  const said = await replay.locator('[data-replay-text]').innerText();
  if (said !== (await line.getByRole('button').innerText()).trim()) throw new Error(`the step says "${said}", its line another`);
  // a position link, opened afresh: deal 2 at step 7
  const link = page.url().replace(/\?.*$/, '') + '?deal=2&step=7';
  await page.goto(link);
  await page.reload();
  const second = page.getByRole('region', { name: 'Replay of deal 2' });
  await second.waitFor();
  await page.waitForFunction(() => document.querySelector('.replay')?.getAttribute('data-step') === '7');
  if (!(await second.locator('.replay-moves li.current').count())) throw new Error('the linked position marks no line');
  // autoplay, fast: the steps move on by themselves, and stop when paused
  await second.locator('[data-replay-speed]').selectOption('fast');
  await second.locator('[data-action=replay-play]').click();
  await page.waitForFunction(() => Number(document.querySelector('.replay')?.getAttribute('data-step')) >= 10);
  await second.locator('[data-action=replay-play]').click();
  const paused = await second.getAttribute('data-step');
  await page.waitForTimeout(1200);
  if ((await second.getAttribute('data-step')) !== paused) throw new Error('the replay went on after Pause');
  console.log(`replay in words: ${texts.length} lines in deal 1, e.g. "${texts[1]}"; jumped to step ${step}; the link to deal 2 step 7 followed; autoplay paused at ${paused}`);

  // the record: downloaded, checked, pasted on the analysis board and replayed; a damaged one refused with its line
  const [download] = await Promise.all([page.waitForEvent('download'),
    page.locator('[data-action=download-record]').click()]);
  const record = readFileSync(await download.path(), 'utf8');
  if (!record.startsWith('[Durak "1"]\n') || !/\n\[Seat0 "Ann"\]\n/.test(record)) throw new Error(`the record begins ${record.slice(0, 120)}`);
  await page.locator('[data-nav=record]').click();
  await page.locator('[data-record-text]').fill(record);
  await page.locator('[data-action=read-record]').click();
  const pasted = page.getByRole('region', { name: 'Replay of deal 1' });
  await pasted.locator('.replay-moves li').nth(5).waitFor();
  const again = await pasted.locator('.replay-moves li').allInnerTexts();
  // the same moves, seen from no seat: "Ann" where the table said "you"
  if (again.length !== texts.length || !again.some((l) => /^Ann attacks .+ with /.test(l))) {
    throw new Error(`the pasted record's deal 1 says ${again.slice(0, 6).join(' | ')}; the table's ${texts.length} lines`);
  }
  await shoot('record-board');
  await page.locator('[data-record-text]').fill(record.replace('[Seat0 "Ann"]', '[Seat0 "Eve"]'));
  await page.locator('[data-action=read-record]').click();
  const refused = await page.locator('[data-record-error]').innerText();
  if (!/^The record is refused at line \d+: Seat0 is "Eve"/.test(refused)) throw new Error(`the damaged record says "${refused}"`);
  console.log(`record: ${record.split('\n').length} lines, read back on the analysis board; damaged: ${refused}`);
}

await run(main, 'failure.png');
