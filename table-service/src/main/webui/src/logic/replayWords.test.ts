import { describe, expect, it } from 'vitest';
import type { Replay, ReplayStep, Seat, Suit } from '../api/types';
import { translate } from '../i18n';
import { cardShort, suitName } from './cards';
import type { FeedWords } from './feed';
import { defaultSettings } from './settings';
import { lineAt, replayLines, replayTable } from './replayWords';
import { markLines, percent, type AnalysisProgress } from './analysis';

// A deal of Ann (seat 0), Bo (1) and Cy (2), as GET /api/tables/{id}/replay answers it: Ann attacks Bo with 7♠, Bo
// covers with 9♠, Cy throws in 9♦, Bo takes, both are done, Bo picks up 4 cards, Ann draws 2 and Cy 1.
const words = (lang: 'en' | 'de'): FeedWords => ({
  tr: (k, p) => translate(lang, k, p), card: (c) => cardShort(c, lang), suit: (s) => suitName(s as Suit, lang),
});
const seats: Seat[] = ['Ann', 'Bo', 'Cy'].map((name, seat) => ({ seat, free: false, playerId: `p${seat}`, name, human: true, bot: null }));
const hands = { 0: ['7S', '8H'], 1: ['9S', 'KD'], 2: ['9D', 'QC'] };
const view: ReplayStep['view'] = {
  seat: null, phase: 'ATTACK', toAct: 0, attacker: 0, defender: 1, handSizes: [2, 2, 2], known: {}, table: [],
  trump: 'H', trumpCard: '6H', stockCount: 20, discardCount: 0, boutsPlayed: 0, out: [], roomLeft: 6, stillToCome: [],
  passed: [], legalMoves: [], durak: null, points: null, hands,
};
const events: Record<string, unknown>[] = [
  { type: 'DealStarted', deal: 1, dealer: 2, attacker: 0, redeals: 0 },
  { type: 'Attacked', seat: 0, cards: ['7S'] },
  { type: 'Covered', seat: 1, attack: '7S', card: '9S' },
  { type: 'Threw', seat: 2, cards: ['9D'] },
  { type: 'Took', seat: 1 },
  { type: 'Passed', seat: 0 },
  { type: 'Passed', seat: 2 },
  { type: 'BoutEnded', taken: true, defender: 1, cards: ['7S', '9S', '9D', 'QC'] },
  { type: 'CardsDrawn', seat: 0, cards: ['AS', 'AD'] },
  { type: 'CardsDrawn', seat: 2, cards: ['KS'] },
  { type: 'BoutReady', attacker: 2, defender: 0 },
  { type: 'Attacked', seat: 2, cards: ['KS'] },
];
const replay: Replay = {
  tableId: 't-1', deal: 1, settings: defaultSettings(3), shuffleProof: null,
  steps: events.map((event, i) => ({
    seq: 40 + i, event: { tableId: 't-1', seq: 40 + i, type: String(event.type), at: '2026-12-03T14:00:00Z', event: event as never },
    view: { ...view, table: i >= 1 && i < 7 ? [['7S', i >= 2 ? '9S' : null]] : [] },
  })),
};

describe('a replay in words', () => {
  it('writes every move in English, the draws of a bout in one line', () => {
    expect(replayLines(replay, seats, -1, words('en')).map((l) => l.text)).toEqual([
      'the deal as dealt',
      'Ann attacks Bo with 7♠',
      'Bo covers 7♠ with 9♠',
      'Cy throws in 9♦',
      'Bo takes',
      'Ann is done',
      'Cy is done',
      'Bo picks up 4 cards',
      'Draws: Ann 2, Cy 1',
      'Cy attacks Ann with K♠',
    ]);
  });

  it('writes every move in German', () => {
    expect(replayLines(replay, seats, -1, words('de')).map((l) => l.text)).toEqual([
      'die Runde, wie sie gegeben wurde',
      'Ann greift Bo mit 7♠ an',
      'Bo sticht 7♠ mit 9♠',
      'Cy wirft 9♦ zu',
      'Bo nimmt auf',
      'Ann ist fertig',
      'Cy ist fertig',
      'Bo nimmt 4 Karten auf',
      'Nachziehen: Ann 2, Cy 1',
      'Cy greift Ann mit K♠ an',
    ]);
  });

  it('says "you" for the viewer’s own seat', () => {
    const lines = replayLines(replay, seats, 0, words('en')).map((l) => l.text);
    expect(lines[1]).toBe('You attack Bo with 7♠');
    expect(lines[8]).toBe('Draws: you 2, Cy 1');
    expect(lines[9]).toBe('Cy attacks you with K♠');
  });

  it('jumps: each line knows its step and seq, and every step has its line', () => {
    const lines = replayLines(replay, seats, -1, words('en'));
    expect(lines.map((l) => l.step)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 11]);
    expect(lines[8].seq).toBe(48);
    expect(lineAt(lines, 9)).toBe(8);
    expect(lineAt(lines, 10)).toBe(8);
    expect(lineAt(lines, 11)).toBe(9);
  });

  it('draws the step as the live table: the viewer’s hand, the others’ cards known', () => {
    const t = replayTable(replay, seats, 1, replay.steps[2]);
    expect(t.seat).toBe(1);
    expect(t.deal.hand).toEqual(['9S', 'KD']);
    expect(t.deal.known).toEqual({ 0: ['7S', '8H'], 2: ['9D', 'QC'] });
    expect(t.deal.table).toEqual([['7S', '9S']]);
    expect(replayTable(replay, seats, -1, replay.steps[0]).deal.hand).toBeUndefined();
  });
});

// bot-service's answer (GET /api/tables/{id}/analysis), as fixed JSON
const progress: AnalysisProgress = JSON.parse(`{
  "state": "done", "done": 2, "total": 2,
  "analysis": {
    "players": [{ "seat": 1, "name": "Bo", "decisions": 2, "accuracy": 50.0, "meanLoss": 0.2, "good": 1, "inaccuracies": 0,
      "mistakes": 0, "blunders": 1, "biggest": [] }],
    "decisions": [
      { "deal": 1, "seq": 42, "seat": 1, "phase": "DEFEND", "played": { "type": "cover", "attack": "7S", "card": "9S" },
        "best": { "type": "cover", "attack": "7S", "card": "9S" }, "playedExpected": 0.6, "bestExpected": 0.6, "loss": 0,
        "margin": 0, "verdict": "GOOD", "samples": 300, "exact": false, "reason": { "en": "the best move", "de": "der beste Zug" } },
      { "deal": 1, "seq": 44, "seat": 1, "phase": "DEFEND", "played": { "type": "take" },
        "best": { "type": "cover", "attack": "9D", "card": "KD" }, "playedExpected": 0.2, "bestExpected": 0.6, "loss": 0.4,
        "margin": 0.05, "verdict": "BLUNDER", "samples": 300, "exact": false,
        "reason": { "en": "taking loses 40 % against covering", "de": "Aufnehmen verliert 40 % gegenüber Stechen" } },
      { "deal": 2, "seq": 44, "seat": 1, "phase": "ATTACK", "played": { "type": "pass" }, "best": { "type": "pass" },
        "playedExpected": 0.5, "bestExpected": 0.5, "loss": 0, "margin": 0, "verdict": "GOOD", "samples": 1, "exact": true,
        "reason": { "en": "x", "de": "x" } }
    ]
  }
}`);

describe('the analysis in the move list', () => {
  it('marks each judged move with its verdict and reason, in the page’s language', () => {
    const marked = markLines(replayLines(replay, seats, -1, words('en')), progress.analysis, 1, 'en');
    const cover = marked.find((l) => l.seq === 42)!;
    expect(cover).toMatchObject({ text: 'Bo covers 7♠ with 9♠', verdict: 'GOOD', mark: '', reason: null, best: null });
    const take = marked.find((l) => l.seq === 44)!;
    expect(take).toMatchObject({ text: 'Bo takes', verdict: 'BLUNDER', mark: '??', reason: 'taking loses 40 % against covering',
      best: { type: 'cover', attack: '9D', card: 'KD' } });
    expect(marked.filter((l) => l.verdict !== null)).toHaveLength(2);
    expect(markLines(replayLines(replay, seats, -1, words('de')), progress.analysis, 1, 'de').find((l) => l.seq === 44)!.reason)
      .toBe('Aufnehmen verliert 40 % gegenüber Stechen');
    expect(markLines(replayLines(replay, seats, -1, words('en')), null, 1, 'en').every((l) => l.verdict === null)).toBe(true);
  });

  it('counts its progress', () => {
    expect(percent({ state: 'running', done: 3, total: 12 })).toBe(25);
    expect(percent({ state: 'queued', done: 0, total: 0 })).toBe(0);
    expect(percent(progress)).toBe(100);
  });
});
