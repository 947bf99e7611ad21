import { describe, expect, it } from 'vitest';
import type { LobbyTable } from '../api/types';
import { applyFrame, lobbyQuery, myTableText, NO_FILTER, settingsText, subscribeFrame } from './lobby';
import { translate } from '../i18n';
import { defaultSettings } from './settings';

const table = (id: string, freeSeats = 1): LobbyTable => ({
  tableId: id, status: 'OPEN', settings: defaultSettings(2), createdBy: 'p', createdAt: null, seats: [], freeSeats,
});
const ids = (ts: LobbyTable[]) => ts.map((t) => t.tableId);

describe('lobby filters as the server reads them', () => {
  it('leaves out every filter that is "any"', () => expect(lobbyQuery(NO_FILTER)).toEqual({}));
  it('names each setting as the API does', () => {
    expect(lobbyQuery({ watch: true, variant: 'PEREVODNOI', players: 4, deck: 52, clock: 'none', stake: 'free', free: 1 }, 50))
      .toEqual({ watchable: 'true', variant: 'PEREVODNOI', players: '4', deck: '52', clock: 'none', stake: 'free', free: '1', limit: '50' });
    expect(lobbyQuery({ ...NO_FILTER, clock: 60, stake: 'staked' })).toEqual({ clock: '60', stake: 'staked' });
  });
  it('writes the subscribe frame with numbers and booleans as JSON has them', () => {
    expect(subscribeFrame({ ...NO_FILTER, watch: true, players: 3, clock: 'none' }))
      .toEqual({ type: 'subscribe', watchable: true, players: 3, clock: 'none' });
    expect(subscribeFrame(NO_FILTER, 50)).toEqual({ type: 'subscribe', limit: 50 });
  });
});

describe('lobby frames', () => {
  const page = [table('c'), table('b'), table('a')];
  it('a page replaces the list', () => expect(ids(applyFrame([table('x')], { type: 'page', tables: page, more: false })))
    .toEqual(['c', 'b', 'a']));
  it('a delta removes, then adds at its place, then changes', () => {
    const next = applyFrame(page, {
      type: 'delta', removed: ['a'], added: [{ at: 0, table: table('d') }], changed: [table('b', 0)], more: true,
    });
    expect(ids(next)).toEqual(['d', 'c', 'b']);
    expect(next[2].freeSeats).toBe(0);
    expect(ids(page)).toEqual(['c', 'b', 'a']);
  });
  it('a table leaving fills the page from behind', () =>
    expect(ids(applyFrame(page, { type: 'delta', removed: ['b'], added: [{ at: 2, table: table('z') }], more: false })))
      .toEqual(['c', 'a', 'z']));
  it('other frames change nothing', () => expect(applyFrame(page, { type: 'pong' })).toBe(page));
});

describe('lobby texts', () => {
  const en = (key: Parameters<typeof translate>[1], p?: Record<string, string | number>) => translate('en', key, p);
  it('says a table’s house rules in a line', () => {
    expect(settingsText({ ...defaultSettings(3), stake: 20, turnClock: null }, en))
      .toBe('Podkidnoi (throw-in) · 36 cards (6–A) · 3 players · 5 deals · no clock · stake 20');
  });
  it('says where one’s match is', () => {
    const m = { tableId: 't', status: 'PLAYING' as const, settings: defaultSettings(2), seat: 0, seats: [], dealNumber: 2, myTurn: true };
    expect(myTableText(m, en)).toBe('Podkidnoi (throw-in) · 2 players · deal 2 of 5 · your turn');
    expect(myTableText({ ...m, status: 'OPEN', dealNumber: null, myTurn: false }, en))
      .toBe('Podkidnoi (throw-in) · 2 players · waiting for players');
  });
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
