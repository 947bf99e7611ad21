import type { SignedIn } from '../api/types';
import type { Key } from '../i18n';

// The account logic of the sign-in page and the header that needs no browser: what is stored, what the form may
// send, and how the header names the player. The server decides; these checks only spare a round trip and say the
// same limits (docs/accounts.md: names 1 to 32 characters, passwords 8 to 128).

export const NAME_MAX = 32;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** What the sign-in page does with its form. */
export type Mode = 'guest' | 'signin' | 'register';

/** A stored player, field by field; null for anything else (a broken entry signs nobody in). */
export function parseSignedIn(raw: string | null): SignedIn | null {
  try {
    const v = raw ? JSON.parse(raw) : null;
    if (!v || typeof v.playerId !== 'string' || typeof v.name !== 'string' || typeof v.token !== 'string') return null;
    return { playerId: v.playerId, name: v.name, token: v.token, account: v.account === true };
  } catch {
    return null;
  }
}

/** Characters as the server counts them (code points, not UTF-16 units). */
const length = (s: string) => [...s].length;

/** Why the form cannot be sent in this mode, as a message key and its parameters, or null when it can. */
export function formProblem(mode: Mode, name: string, password: string): { key: Key; n?: number } | null {
  const n = length(name.trim());
  if (n === 0) return { key: 'signin.nameRequired' };
  if (n > NAME_MAX) return { key: 'signin.nameTooLong', n: NAME_MAX };
  if (mode === 'guest') return null;
  if (password.length === 0) return { key: 'signin.passwordRequired' };
  if (mode === 'register' && (length(password) < PASSWORD_MIN || length(password) > PASSWORD_MAX)) {
    return { key: 'signin.passwordLength', n: length(password) };
  }
  return null;
}

/** The header's word for who is signed in. */
export function kindKey(p: SignedIn): Key {
  return p.account ? 'app.account' : 'app.guest';
}
