import { reactive } from 'vue';
import type { SignedIn } from './api/types';
import { parseSignedIn } from './logic/account';

// The signed-in player, a guest or an account, kept in localStorage so a reload keeps the player signed in. The key
// is still the one of the guests-only client, so a guest signed in before accounts existed stays signed in.
const KEY = 'durak.guest';

/** A running match the table page shows this player: signing out asks first then (with what it means). */
export interface Playing {
  tableId: string;
  /** Its turn clock runs on without the player (the computer plays); else the table waits (solo). */
  clock: boolean;
}

export const session = reactive<{ player: SignedIn | null; notice: string | null; playing: Playing | null }>({
  player: parseSignedIn(localStorage.getItem(KEY)),
  notice: null,
  playing: null,
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
