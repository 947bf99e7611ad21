import { describe, expect, it } from 'vitest';
import type { TableSummary } from '../api/types';
import { filterTables, NO_FILTER } from './lobby';
import { defaultSettings } from './settings';

const table = (id: string, s: Partial<TableSummary['settings']>): TableSummary => ({
  tableId: id, status: 'OPEN', settings: { ...defaultSettings(2), ...s }, createdBy: 'p', createdAt: null, seq: 2,
  seats: [], freeSeats: 1,
} as TableSummary);

describe('lobby filters', () => {
  const list = [
    table('a', {}),
    table('b', { variant: 'PEREVODNOI', players: 4, deck: 52, turnClock: null }),
    table('c', { players: 3, deck: 24, turnClock: 30, stake: 20 }),
  ];
  const ids = (f: Partial<typeof NO_FILTER>) => filterTables(list, { ...NO_FILTER, ...f }).map((t) => t.tableId);
  it('lets everything through without a filter, in order', () => expect(ids({})).toEqual(['a', 'b', 'c']));
  it('filters by variant, players and deck', () => {
    expect(ids({ variant: 'PEREVODNOI' })).toEqual(['b']);
    expect(ids({ players: 3 })).toEqual(['c']);
    expect(ids({ deck: 36 })).toEqual(['a']);
  });
  it('filters by the clock: none, or the seconds', () => {
    expect(ids({ clock: 'none' })).toEqual(['b']);
    expect(ids({ clock: 60 })).toEqual(['a']);
  });
  it('filters by stake', () => {
    expect(ids({ stake: 'stake' })).toEqual(['c']);
    expect(ids({ stake: 'free' })).toEqual(['a', 'b']);
  });
  it('combines filters', () => expect(ids({ players: 3, stake: 'free' })).toEqual([]));
});

describe('choice labels', () => {
  it('has a label in English and German for every choice of the create form and the filters', async () => {
    const { CHOICES } = await import('./settings');
    const { translate } = await import('../i18n');
    const keys: string[] = [];
    for (const kind of ['variant', 'deck', 'throwIn', 'firstBoutLimit', 'turnClock'] as const) {
      for (const [v] of CHOICES[kind]) keys.push(`choice.${kind}.${v}`);
    }
    for (const l of ['EASY', 'NORMAL', 'STRONG']) keys.push(`choice.level.${l}`);
    for (const k of keys) {
      for (const lang of ['en', 'de'] as const) {
        expect(translate(lang, k as never), `${lang} ${k}`).toBeTruthy();
      }
    }
    expect(translate('de', 'choice.level.STRONG')).toBe('stark');
  });
});
