import type { ChipEntry, ChipKind, Pot } from '../api/types';
import type { Key } from '../i18n';
import type { Lang } from './prefs';

// The chips pages' view logic (issue 12): the ledger's lines, the final board's pot payout, the bonus countdown.
// Pure: the language's text comes in as `tr`, so the tests need no page.

export type Tr = (key: Key, params?: Record<string, string | number>) => string;

const LOCALE: Record<Lang, string> = { en: 'en-GB', de: 'de-DE' };

/** A number of chips as the language writes it: 1,250 or 1.250. */
export function chipsText(n: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALE[lang], { maximumFractionDigits: 0 }).format(n);
}

/** A change of the balance with its sign (a real minus sign): +1,000, −50, 0. */
export function signedChips(n: number, lang: Lang): string {
  if (n === 0) return '0';
  return (n > 0 ? '+' : '−') + chipsText(Math.abs(n), lang);
}

export const KIND_KEYS: Record<ChipKind, Key> = {
  GRANT: 'chips.kind.GRANT', BONUS: 'chips.kind.BONUS', HOLD: 'chips.kind.HOLD', RELEASE: 'chips.kind.RELEASE',
  STAKE: 'chips.kind.STAKE', POT_WIN: 'chips.kind.POT_WIN', REFUND: 'chips.kind.REFUND',
};

export interface LedgerLine {
  when: string;
  kind: string;
  amount: string;
  /** 'plus', 'minus' or 'zero', for the colour. */
  sign: 'plus' | 'minus' | 'zero';
  balanceAfter: string;
  tableId: string | null;
}

/** One ledger entry as the chips page shows it; an unknown kind is shown as the server names it. */
export function ledgerLine(e: ChipEntry, lang: Lang, tr: Tr): LedgerLine {
  const key = KIND_KEYS[e.kind];
  const at = new Date(e.at);
  return {
    when: Number.isNaN(at.getTime()) ? e.at
      : new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: 'medium', timeStyle: 'short' }).format(at),
    kind: key ? tr(key) : String(e.kind),
    amount: signedChips(e.amount, lang),
    sign: e.amount > 0 ? 'plus' : e.amount < 0 ? 'minus' : 'zero',
    balanceAfter: chipsText(e.balanceAfter, lang),
    tableId: e.tableId,
  };
}

/**
 * The final board's pot line: who won what (a split pot names everyone paid), the pot still held while the match
 * runs, or the stakes given back. `me` is the viewer's player id, named "you".
 */
export function potText(pot: Pot, me: string | null, lang: Lang, tr: Tr): string {
  const amount = chipsText(pot.pot, lang);
  if (pot.state === 'HELD') return tr('pot.held', { pot: amount, stake: chipsText(pot.stake, lang) });
  if (pot.state === 'REFUNDED') return tr('pot.refunded', { stake: chipsText(pot.stake, lang) });
  const paid = pot.payouts.filter((p) => p.amount > 0);
  if (paid.length === 0) return tr('pot.nobody', { pot: amount });
  const name = (p: Pot['payouts'][number]) => (p.playerId === me ? tr('you') : p.name);
  if (paid.length === 1) {
    const won = chipsText(paid[0].amount, lang);
    return paid[0].playerId === me ? tr('pot.wonYou', { pot: amount, amount: won })
      : tr('pot.won', { pot: amount, name: name(paid[0]), amount: won });
  }
  const who = paid.map((p) => tr('pot.share', { name: name(p), amount: chipsText(p.amount, lang) })).join(', ');
  return tr('pot.split', { pot: amount, who });
}

/** Seconds until `nextAt` (0 when it has passed or is unknown). */
export function secondsUntil(nextAt: string | null | undefined, now: number): number {
  if (!nextAt) return 0;
  const at = Date.parse(nextAt);
  return Number.isNaN(at) ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/** "in 3 h 05 min", "in 4 min 10 s", "in 9 s"; empty once it may be claimed. */
export function countdownText(seconds: number, tr: Tr): string {
  if (seconds <= 0) return '';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return tr('chips.inHours', { h, m: String(m).padStart(2, '0') });
  if (m > 0) return tr('chips.inMinutes', { m, s: String(s).padStart(2, '0') });
  return tr('chips.inSeconds', { s });
}

/** The chips API answers 404/503 until the chips back end runs, and 403 for guests: then no chips are shown. */
export function chipsUnavailable(status: number): boolean {
  return status === 0 || status === 403 || status === 404 || status === 501 || status === 502 || status === 503;
}
