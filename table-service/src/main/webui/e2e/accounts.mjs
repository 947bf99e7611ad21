// Accounts in a real headless Chromium (docs/accounts.md): a person registers, signs out, signs in again (any case)
// and sees the name; a wrong password is refused in words; a guest creates an account and stays the same player.
// Usage: node e2e/accounts.mjs BASE_URL OUT_DIR   (system-tests' WebClientTest runs it against the started system)
import { openBrowser } from './browser.mjs';

const { base, page, pageErrors, shots, shoot, run } = await openBrowser('accounts');
const suffix = Math.random().toString(36).slice(2, 8);
const NAME = `Ann-${suffix}`;
const PASSWORD = `pw ${suffix} correct horse`;

const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('durak.guest') ?? 'null'));
const status = (token) => page.evaluate(async (t) =>
  (await fetch('/api/me', { headers: { Authorization: `Bearer ${t}` } })).status, token);

/** The header names the player and says guest or account. */
async function header(name, account) {
  const me = page.locator('header .who .whoami');
  await me.waitFor();
  await page.waitForFunction(([n, a]) => {
    const e = document.querySelector('header .who .whoami');
    return e && e.textContent.includes(n) && e.dataset.account === String(a);
  }, [name, account], { timeout: 10_000 });
  const text = (await me.innerText()).replace(/\s+/g, ' ');
  if (!text.includes(account ? '(account)' : '(guest)')) throw new Error(`the header says "${text}"`);
  const create = page.getByRole('link', { name: 'Create account' });
  if ((await create.count()) !== (account ? 0 : 1)) throw new Error(`"Create account" shown wrongly for "${text}"`);
  console.log(`header: ${text}`);
}

async function signOut() {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Play as guest' }).waitFor();
  if ((await stored()) !== null) throw new Error('signed out, but the player is still stored');
}

async function main() {
  await page.goto(base + '/');
  // Register: name and password, "Register"; the lobby, the header names the account.
  await page.getByLabel('Your name').fill(NAME);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('button', { name: 'Play solo' }).waitFor();
  await header(NAME, true);
  const registered = await stored();
  await shoot('account-lobby');

  // Sign out: the token stops working on the server too.
  await signOut();
  const after = await status(registered.token);
  if (after !== 401) throw new Error(`the signed-out token still answers ${after} on /api/me`);

  // A wrong password is refused in words, and signs nobody in.
  await page.getByLabel('Your name').fill(NAME);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const refusal = page.getByRole('alert');
  await refusal.waitFor();
  const said = await refusal.innerText();
  if (!said.startsWith('name or password')) throw new Error(`a wrong password says "${said}"`);
  console.log(`wrong password refused as expected: ${said}`);

  // Sign in again (the name in another case, Enter in the password field): the same player, its own name.
  await page.getByLabel('Your name').fill(NAME.toUpperCase());
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await page.getByRole('button', { name: 'Play solo' }).waitFor();
  await header(NAME, true);
  const again = await stored();
  if (again.playerId !== registered.playerId) throw new Error('signing in again gave another player');
  await page.reload(); // the token is kept in localStorage
  await header(NAME, true);
  await signOut();

  // A guest creates an account: the same player id, now an account; the guest's token stops.
  const GUEST = `Gast-${suffix}`;
  await page.getByLabel('Your name').fill(GUEST);
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await page.getByRole('button', { name: 'Play solo' }).waitFor();
  await header(GUEST, false);
  const guest = await stored();
  await page.getByRole('link', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Create an account' }).waitFor();
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  const tooShort = await page.getByRole('alert').innerText();
  if (!tooShort.includes('8 to 128')) throw new Error(`a short password says "${tooShort}"`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: 'Play solo' }).waitFor();
  await header(GUEST, true);
  const upgraded = await stored();
  if (upgraded.playerId !== guest.playerId) throw new Error('the guest became another player');
  if ((await status(guest.token)) !== 401) throw new Error("the guest's token still works");
  const me = await page.evaluate(async (t) =>
    (await fetch('/api/me', { headers: { Authorization: `Bearer ${t}` } })).json(), upgraded.token);
  if (me.playerId !== guest.playerId || me.account !== true) throw new Error(`/api/me says ${JSON.stringify(me)}`);
  await shoot('upgraded-lobby');

  if (pageErrors.length) throw new Error(`errors in the page: ${pageErrors.join('; ')}`);
  console.log(`E2E PASSED: registered, signed out, signed in again, a guest upgraded; ${shots.length} screenshots:`);
  for (const s of shots) console.log(`  ${s}`);
}

await run(main, 'accounts-failure.png');
