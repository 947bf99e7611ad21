import { reactive } from 'vue';
import type { SignedIn } from './api/types';
import { parseSignedIn } from './logic/account';

// The signed-in player, a guest or an account, kept in localStorage so a reload keeps the player signed in. The key
// is still the one of the guests-only client, so a guest signed in before accounts existed stays signed in.
const KEY = 'durak.guest';

export const session = reactive<{ player: SignedIn | null; notice: string | null }>({
  player: parseSignedIn(localStorage.getItem(KEY)),
  notice: null,
});

export function signedIn(player: SignedIn): void {
  session.player = player;
  session.notice = null;
  localStorage.setItem(KEY, JSON.stringify(player));
}

/** Forgets the player; the notice is shown on the sign-in page (e.g. why the token is no longer valid). */
export function signOut(notice: string | null = null): void {
  session.player = null;
  session.notice = notice;
  localStorage.removeItem(KEY);
}
