import { reactive } from 'vue';
import type { Guest } from './api/types';

// The signed-in guest, kept in localStorage so a reload keeps the player signed in (accounts come later).
const KEY = 'durak.guest';

function load(): Guest | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Guest) : null;
  } catch {
    return null;
  }
}

export const session = reactive<{ guest: Guest | null; notice: string | null }>({ guest: load(), notice: null });

export function signedIn(guest: Guest): void {
  session.guest = guest;
  session.notice = null;
  localStorage.setItem(KEY, JSON.stringify(guest));
}

/** Forgets the guest; the notice is shown on the sign-in page (e.g. why the token is no longer valid). */
export function signOut(notice: string | null = null): void {
  session.guest = null;
  session.notice = notice;
  localStorage.removeItem(KEY);
}
