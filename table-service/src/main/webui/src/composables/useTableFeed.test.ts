import { describe, expect, it } from 'vitest';
import { effectScope, ref } from 'vue';
import type { EventEnvelope, Suit, TableEvent, TableView } from '../api/types';
import { translate } from '../i18n';
import { cardShort, suitName } from '../logic/cards';
import type { Cue } from '../logic/feed';
import { seatView, tableView } from '../testing/views';
import { useTableFeed } from './useTableFeed';

const env = (seq: number, event: TableEvent): EventEnvelope => ({ tableId: 't', seq, type: event.type, at: '2026-12-01T16:00:00Z', event });
const dealt = (seq: number, deal = 1) => env(seq, { type: 'DealStarted', deal, dealer: 0, redeals: 0, attacker: 0, shownTrump: null,
  trumpCard: '6S', count: 36, hand: ['7H'] });

/** The feed of Ann's table (seat 1) with a stand-in for GET /events (`stored`) and the sounds it asked for. */
function feeding(stored: EventEnvelope[] = []) {
  const view = ref<TableView | null>(tableView({ deal: seatView({ defender: 1 }) }));
  const cues: Cue[] = [];
  let loads = 0;
  const f = effectScope().run(() => useTableFeed(view, async () => {
    loads++;
    return stored;
  }, () => ({ tr: (k, p) => translate('en', k, p), card: (c) => cardShort(c, 'en'), suit: (s) => suitName(s as Suit, 'en') }),
  (c) => cues.push(c)))!;
  return { view, f, cues, loads: () => loads };
}

describe('useTableFeed', () => {
  it('writes what others do into the notice line and the log, with their sound; one’s own moves only into the log', () => {
    const { view, f, cues } = feeding();
    f.hear(env(11, { type: 'Attacked', seat: 0, cards: ['7S'] }), view.value);
    expect(f.notice.value?.text).toBe('Bot 0 (easy) attacks you with 7♠');
    f.hear(env(12, { type: 'Covered', seat: 1, attack: '7S', card: '9S' }), view.value);
    expect(f.notice.value?.text).toBe('Bot 0 (easy) attacks you with 7♠'); // one's own cover is no news
    expect(f.lines.value.map((l) => l.text)).toEqual(['Bot 0 (easy) attacks you with 7♠', 'You cover 7♠ with 9♠']);
    expect(cues).toEqual(['play', 'cover']);
    // each seq once
    f.hear(env(12, { type: 'Covered', seat: 1, attack: '7S', card: '9S' }), view.value);
    expect(f.lines.value).toHaveLength(2);
  });

  it('logs what a resync brings, but says nothing of it and makes no sound', () => {
    const { f, cues } = feeding();
    f.hear(env(11, { type: 'Took', seat: 2 }), null);
    expect(f.lines.value.map((l) => l.text)).toEqual(['Bot 2 (strong) takes']);
    expect(f.notice.value).toBeNull();
    expect(cues).toEqual([]);
  });

  it('keeps the log of the current deal: a new deal starts it afresh', () => {
    const { view, f } = feeding();
    f.hear(env(11, { type: 'Took', seat: 2 }), view.value);
    expect(f.whole.value).toBe(false);
    f.hear(dealt(12, 2), view.value);
    expect(f.lines.value.map((l) => l.type)).toEqual(['DealStarted']);
    expect(f.whole.value).toBe(true);
  });

  it('reads the deal’s earlier events back once, after a reload, before what it heard itself', async () => {
    const stored = [env(3, { type: 'Attacked', seat: 0, cards: ['9C'] }), dealt(5), env(6, { type: 'Attacked', seat: 0, cards: ['7S'] }),
      env(7, { type: 'Took', seat: 1 })];
    const { view, f, loads } = feeding(stored);
    f.hear(env(7, { type: 'Took', seat: 1 }), view.value);
    await f.loadLog();
    expect(f.lines.value.map((l) => [l.seq, l.text])).toEqual([
      [5, 'Deal 1: trumps are spades; 6♠ lies under the stock'], [6, 'Bot 0 (easy) attacks you with 7♠'], [7, 'You take']]);
    await f.loadLog();
    expect(loads()).toBe(1);
  });

  it('hands the motion the events heard live since it last asked, once', () => {
    const { view, f } = feeding();
    f.hear(env(11, { type: 'Attacked', seat: 0, cards: ['7S'] }), view.value);
    f.hear(env(12, { type: 'Took', seat: 1 }), null);
    expect(f.takeRecent().map((e) => e.seq)).toEqual([11]);
    expect(f.takeRecent()).toEqual([]);
  });

  it('says the page’s own words in the notice line', () => {
    const { f } = feeding();
    f.say('That card cannot go there now.');
    expect(f.notice.value?.text).toBe('That card cannot go there now.');
    expect(f.lines.value).toEqual([]);
  });
});
