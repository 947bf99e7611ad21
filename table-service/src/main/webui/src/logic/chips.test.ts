import { describe, expect, it } from 'vitest';
import { translate } from '../i18n';
import type { Pot } from '../api/types';
import { chipsText, chipsUnavailable, countdownText, ledgerLine, potText, secondsUntil, signedChips } from './chips';

const en = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) => translate('en', k, p);
const de = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) => translate('de', k, p);

describe('chips view logic', () => {
  it('writes chips and signed changes as each language does', () => {
    expect(chipsText(1250, 'en')).toBe('1,250');
    expect(chipsText(1250, 'de')).toBe('1.250');
    expect(signedChips(1000, 'en')).toBe('+1,000');
    expect(signedChips(-50, 'en')).toBe('−50');
    expect(signedChips(0, 'de')).toBe('0');
  });
  it('formats a ledger entry: kind in words, signed amount, balance after, its table', () => {
    const l = ledgerLine({ at: '2026-12-01T19:30:00Z', kind: 'STAKE', amount: -100, tableId: 't1', balanceAfter: 900 }, 'en', en);
    expect(l.kind).toBe('Stake paid (out of the held chips)');
    expect(l.amount).toBe('−100');
    expect(l.sign).toBe('minus');
    expect(l.balanceAfter).toBe('900');
    expect(l.tableId).toBe('t1');
    expect(l.when).toMatch(/2026/);
    expect(ledgerLine({ at: 'x', kind: 'POT_WIN', amount: 300, tableId: 't1', balanceAfter: 1200 }, 'de', de))
      .toMatchObject({ kind: 'Pot gewonnen', amount: '+300', sign: 'plus', balanceAfter: '1.200', when: 'x' });
  });
  it('says who won the pot, a split, a held pot and a refund', () => {
    const pot: Pot = { tableId: 't', stake: 100, pot: 300, state: 'PAID', payouts: [{ playerId: 'a', name: 'Ann', amount: 300 }] };
    expect(potText(pot, 'b', 'en', en)).toBe('Pot 300: Ann wins 300');
    expect(potText(pot, 'a', 'en', en)).toBe('Pot 300: you win 300');
    expect(potText(pot, 'a', 'de', de)).toBe('Pot 300: du gewinnst 300');
    const split = { ...pot, payouts: [{ playerId: 'a', name: 'Ann', amount: 150 }, { playerId: 'b', name: 'Bob', amount: 150 }] };
    expect(potText(split, null, 'en', en)).toBe('Pot 300 split: Ann 150, Bob 150');
    expect(potText({ ...pot, state: 'HELD' }, null, 'en', en)).toBe('Pot 300 in play (stake 100 each)');
    expect(potText({ ...pot, state: 'REFUNDED' }, null, 'de', de)).toBe('Einsätze zurückgezahlt (je 100)');
    expect(potText({ ...pot, payouts: [] }, null, 'en', en)).toBe('Pot 300: nobody was paid');
  });
  it('counts down to the next bonus', () => {
    const now = Date.parse('2026-12-01T20:00:00Z');
    expect(secondsUntil('2026-12-01T20:00:09Z', now)).toBe(9);
    expect(secondsUntil('2026-12-01T19:00:00Z', now)).toBe(0);
    expect(secondsUntil(null, now)).toBe(0);
    expect(secondsUntil('garbage', now)).toBe(0);
    expect(countdownText(9, en)).toBe('in 9 s');
    expect(countdownText(250, en)).toBe('in 4 min 10 s');
    expect(countdownText(3 * 3600 + 5 * 60 + 1, en)).toBe('in 3 h 05 min');
    expect(countdownText(3 * 3600 + 5 * 60, de)).toBe('in 3 Std. 05 Min.');
    expect(countdownText(0, en)).toBe('');
  });
  it('shows no chips while the back end is not there, nor for guests', () => {
    for (const s of [0, 403, 404, 503]) expect(chipsUnavailable(s)).toBe(true);
    expect(chipsUnavailable(400)).toBe(false);
    expect(chipsUnavailable(409)).toBe(false);
  });
});
