import { describe, expect, it } from 'vitest';
import type { EventEnvelope, Suit, TableEvent, TableView } from '../api/types';
import { translate } from '../i18n';
import { cardShort, suitName } from './cards';
import { Feed, type FeedWords } from './feed';
import { seatView, tableView } from '../testing/views';

// Ann sits in seat 1 between Bot 0 (easy) and Bot 2 (strong); hearts are trumps.
const words = (lang: 'en' | 'de'): FeedWords => ({
  tr: (k, p) => translate(lang, k, p), card: (c) => cardShort(c, lang), suit: (s) => suitName(s as Suit, lang),
});
let seq = 20;
const env = (event: TableEvent, at = '2026-12-01T16:00:00Z'): EventEnvelope => ({ tableId: 't', seq: seq++, type: event.type, at, event });
const after = (deal: Parameters<typeof seatView>[0] = {}): TableView => tableView({ deal: seatView({ trump: 'H', ...deal }) });

describe('the feed: a table’s events in words', () => {
  it('says who did what to whom, "you" for this seat', () => {
    const f = new Feed(() => words('en'));
    expect(f.line(env({ type: 'Attacked', seat: 0, cards: ['7S', '7C'] }), after({ defender: 1 }), after({ defender: 1 })))
      .toMatchObject({ text: 'Bot 0 (easy) attacks you with 7♠ 7♣', notice: true, cue: 'play' });
    expect(f.line(env({ type: 'Covered', seat: 1, attack: '7S', card: '9S' }), after(), after()))
      .toMatchObject({ text: 'You cover 7♠ with 9♠', notice: false, cue: 'cover' });
    expect(f.line(env({ type: 'Took', seat: 2 }), after(), after())).toMatchObject({ text: 'Bot 2 (strong) takes', notice: true, cue: 'take' });
    expect(f.line(env({ type: 'Passed', seat: 0 }), after(), after())?.text).toBe('Bot 0 (easy) is done');
    expect(f.line(env({ type: 'BoutEnded', taken: true, defender: 2, cards: ['7S', '9S', '7C'] }), after(), after())?.text)
      .toBe('Bot 2 (strong) picks up 3 cards');
    expect(f.line(env({ type: 'BoutEnded', taken: false, defender: 2, cards: ['8D', 'QD'] }), after(), after()))
      .toMatchObject({ text: 'Bito: 2 cards to the discard', notice: true, cue: 'bito' });
    expect(f.line(env({ type: 'Passed', seat: 0 }), after(), after())?.text).toBe('Bot 0 (easy) passes');
  });

  it('names where a transfer went, and a shown trump', () => {
    const f = new Feed(() => words('en'));
    expect(f.line(env({ type: 'Transferred', seat: 0, card: '8C' }), after({ defender: 1 }), after({ defender: 1 }))?.text)
      .toBe('Bot 0 (easy) transfers to you with 8♣');
    expect(f.line(env({ type: 'TrumpShown', seat: 1, trump: '8H' }), after({ defender: 2 }), after({ defender: 2 }))?.text)
      .toBe('You show 8♥ and transfer to Bot 2 (strong)');
  });

  it('follows the defender from the events alone when they are read back without views', () => {
    const f = new Feed(() => words('en'));
    const table = after();
    f.line(env({ type: 'DealStarted', deal: 1, dealer: 2, redeals: 0, attacker: 0, shownTrump: null, trumpCard: '6H', count: 36, hand: [] }), table);
    expect(f.line(env({ type: 'Attacked', seat: 0, cards: ['7S'] }), table)?.text).toBe('Bot 0 (easy) attacks you with 7♠');
    expect(f.line(env({ type: 'Transferred', seat: 1, card: '7C' }), table)?.text).toBe('You transfer to Bot 2 (strong) with 7♣');
    f.line(env({ type: 'BoutReady', attacker: 2, defender: 0 }), table);
    expect(f.line(env({ type: 'Attacked', seat: 2, cards: ['6C'] }), table)?.text).toBe('Bot 2 (strong) attacks Bot 0 (easy) with 6♣');
  });

  it('says when the clock ran out and the computer played for you: "Time ran out — the computer played Bito for you"', () => {
    const f = new Feed(() => words('en'));
    expect(f.line(env({ type: 'TimedOut', seat: 1, graceEnds: '2026-12-01T16:00:10Z' }), after(), after()))
      .toMatchObject({ text: 'Your time ran out: 10 s of grace', notice: true, cue: 'warn' });
    expect(f.line(env({ type: 'GraceRanOut', seat: 1 }), after(), after())).toBeNull();
    expect(f.line(env({ type: 'PlayedByComputer', seat: 1 }), after(), after())).toBeNull();
    expect(f.line(env({ type: 'Passed', seat: 1 }), after(), after()))
      .toMatchObject({ text: 'Time ran out — the computer played Bito for you', notice: true });
    // only the move right after it
    expect(f.line(env({ type: 'Passed', seat: 1 }), after(), after())?.text).toBe('You pass');
    f.line(env({ type: 'PlayedByComputer', seat: 2 }), after(), after());
    expect(f.line(env({ type: 'Took', seat: 2 }), after(), after())?.text).toBe('Time ran out — the computer played Take for Bot 2 (strong)');
  });

  it('explains a deal: dealt again, who shows the lowest trump, every card dealt, a draw, the durak', () => {
    const f = new Feed(() => words('en'));
    expect(f.line(env({ type: 'DealStarted', deal: 2, dealer: 0, redeals: 1, attacker: 2, shownTrump: '6H', trumpCard: 'QH', count: 36,
      hand: ['7S'] }), after())?.text)
      .toBe('Dealt again (1×): nobody held a trump. Deal 2: trumps are hearts; Q♥ lies under the stock. Bot 2 (strong) shows 6♥, the lowest trump, and attacks first');
    const six = tableView({ table: { ...tableView().table, settings: { ...tableView().table.settings, players: 6 } } });
    expect(f.line(env({ type: 'DealStarted', deal: 1, dealer: 0, redeals: 0, attacker: 1, shownTrump: null, trumpCard: '9H', count: 36 }), six)?.text)
      .toBe('Deal 1: every card is dealt; 9♥ shows the trump');
    expect(f.line(env({ type: 'PlayersOut', seats: [1, 2] }), after())?.text).toBe('You are out — and safe. Bot 2 (strong) is out');
    expect(f.line(env({ type: 'DealEnded', durak: -1, points: [1, 1, 1], durakCards: [] }), after())?.text)
      .toBe('A draw: the last players went out in the same bout, so nobody is the durak');
    expect(f.line(env({ type: 'DealEnded', durak: 0, points: [0, 2, 1], durakCards: ['AS'] }), after())?.text).toBe('Bot 0 (easy) is the durak');
  });

  it('writes German, with German card faces', () => {
    const f = new Feed(() => words('de'));
    expect(f.line(env({ type: 'Attacked', seat: 0, cards: ['QS'] }), after({ defender: 1 }), after({ defender: 1 }))?.text)
      .toBe('Computer 0 (leicht) greift dich mit D♠ an');
    f.line(env({ type: 'PlayedByComputer', seat: 1 }), after(), after());
    expect(f.line(env({ type: 'Took', seat: 1 }), after(), after())?.text).toBe('Zeit abgelaufen – der Computer hat für dich Aufnehmen gespielt');
  });
});
