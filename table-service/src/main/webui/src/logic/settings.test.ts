import { describe, expect, it } from 'vitest';
import { translate } from '../i18n';
import { defaultSettings, rulesSummary } from './settings';

const en = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) => translate('en', k, p);
const de = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) => translate('de', k, p);

describe('the house rules in one line', () => {
  it('names every house rule of rules.md §1', () => {
    expect(rulesSummary(defaultSettings(3), en)).toBe('Podkidnoi (throw-in) · 36 cards (6–A) · 3 players · throw in: everyone'
      + ' · first bout: 5 in the first bout · discard face up · 5 deals · 60 s');
    const all = { ...defaultSettings(4), variant: 'PEREVODNOI' as const, deck: 52 as const, teams: true, throwIn: 'NEIGHBOURS_ONLY' as const,
      firstBoutLimit: 'NONE' as const, showTrumpToTransfer: true, discardVisible: false, dealsPerMatch: 1, turnClock: null, stake: 50 };
    expect(rulesSummary(all, en)).toBe('Perevodnoi (throw-in + transfer) · 52 cards (2–A) · 4 players in teams · throw in: neighbours only'
      + ' · first bout: always 6 · a trump may be shown to transfer · discard face down · 1 deal · no clock · stake 50');
    expect(rulesSummary(all, de)).toBe('Perevodnoi (Zuwerfen + Weiterschieben) · 52 Karten (2–A) · 4 Spieler in Teams · Zuwerfen: nur Nachbarn'
      + ' · erster Angriff: immer 6 · Trumpf zeigen zum Weiterschieben · Ablage verdeckt · 1 Runde · ohne Uhr · Einsatz 50');
  });
});
