import { describe, expect, it } from 'vitest';
import type { Move, SeatView } from '../api/types';
import { actions, coverTargets, describeMove, dropMove, passLabel, playableCards, toggle } from './moves';
import { cardName } from './cards';
import { prefs } from './prefs';

function view(phase: SeatView['phase'], legalMoves: Move[], table: SeatView['table'] = []): SeatView {
  return {
    seat: 0, phase, toAct: 0, attacker: 0, defender: 1, hand: [], handSizes: [6, 6], known: {}, table, trump: 'S',
    trumpCard: '6S', stockCount: 20, discardCount: 0, boutsPlayed: 0, out: [], roomLeft: 5, stillToCome: [],
    passed: [], legalMoves, durak: null, points: null,
  };
}
const byKind = (v: SeatView, sel: string[], target: string | null = null) =>
  Object.fromEntries(actions(v, sel, target).map((a) => [a.kind, a]));

describe('move selection', () => {
  const attack = view('ATTACK', [
    { type: 'attack', cards: ['7H'] }, { type: 'attack', cards: ['7C'] }, { type: 'attack', cards: ['7H', '7C'] },
    { type: 'attack', cards: ['KD'] },
  ]);

  it('attacks with exactly the selected cards, in any order', () => {
    expect(byKind(attack, ['7C', '7H']).attack.move).toEqual({ type: 'attack', cards: ['7H', '7C'] });
    expect(byKind(attack, ['KD']).attack.move).toEqual({ type: 'attack', cards: ['KD'] });
    expect(byKind(attack, []).attack).toMatchObject({ move: null, reason: 'Tap a card first' });
  });

  it('a card of another rank starts a new attack selection; a second tap deselects', () => {
    expect(toggle(['7H'], '7C', 'ATTACK')).toEqual(['7H', '7C']);
    expect(toggle(['7H'], 'KD', 'ATTACK')).toEqual(['KD']);
    expect(toggle(['7H', '7C'], '7H', 'ATTACK')).toEqual(['7C']);
    expect(toggle(['7H'], 'KD', 'THROW_IN')).toEqual(['7H', 'KD']);
    expect(toggle(['7H'], '9H', 'DEFENSE')).toEqual(['9H']);
  });

  const defense = view('DEFENSE', [
    { type: 'cover', attack: '7H', card: '9H' }, { type: 'cover', attack: '7H', card: '6S' },
    { type: 'cover', attack: '8D', card: '6S' }, { type: 'take' },
  ], [['7H', null], ['8D', null]]);

  it('covers at once when the card beats one table card, and asks for the table card when it beats several', () => {
    expect(byKind(defense, ['9H']).cover.move).toEqual({ type: 'cover', attack: '7H', card: '9H' });
    expect(byKind(defense, ['6S']).cover).toMatchObject({ move: null, reason: 'Tap the table card to beat' });
    expect(coverTargets(defense.legalMoves, '6S')).toEqual(['7H', '8D']);
    expect(byKind(defense, ['6S'], '8D').cover.move).toEqual({ type: 'cover', attack: '8D', card: '6S' });
    expect(byKind(defense, ['9H'], '8D').cover).toMatchObject({ move: null, reason: 'This card cannot beat that table card' });
    expect(byKind(defense, []).take.move).toEqual({ type: 'take' });
  });

  it('offers transfer and show-trump only with a card the view lists for them', () => {
    const v = view('DEFENSE', [{ type: 'transfer', card: '7C' }, { type: 'transfer', showTrump: '7S' }, { type: 'take' }], [['7H', null]]);
    expect(byKind(v, ['7C']).transfer.move).toEqual({ type: 'transfer', card: '7C' });
    expect(byKind(v, ['7S']).transfer.move).toBeNull();
    expect(byKind(v, ['7S']).showTrump.move).toEqual({ type: 'transfer', showTrump: '7S' });
    expect(byKind(v, ['7C']).cover).toBeUndefined(); // nothing to cover with: no cover button
  });

  it('pass reads "Bito" in a throw-in round and "Done" after a take', () => {
    const t = view('THROW_IN', [{ type: 'throw', cards: ['7D'] }, { type: 'pass' }]);
    expect(byKind(t, ['7D']).throw.move).toEqual({ type: 'throw', cards: ['7D'] });
    expect(byKind(t, []).pass).toMatchObject({ label: 'Bito', move: { type: 'pass' } });
    expect(passLabel('TAKE_ADDING')).toBe('Done');
  });

  it('marks every card of a legal move as playable', () => {
    expect([...playableCards(defense.legalMoves)].sort()).toEqual(['6S', '9H']);
    expect([...playableCards(attack.legalMoves)].sort()).toEqual(['7C', '7H', 'KD']);
  });

  it('offers nothing the view does not list', () => {
    expect(actions(view('ATTACK', []), ['7H'], null)).toEqual([]);
  });
});

describe('move words in the page language', () => {
  it('names the buttons, their reasons and a hint in German when the page is German', () => {
    prefs.lang = 'de';
    try {
      const v = view('DEFENSE', [{ type: 'take' }, { type: 'cover', attack: '7H', card: '9H' }], [['7H', null]]);
      const b = byKind(v, []);
      expect(b.take.label).toBe('Aufnehmen');
      expect(b.cover).toMatchObject({ label: 'Stechen', move: null, reason: 'Eine Karte zum Stechen antippen' });
      expect(passLabel('TAKE_ADDING')).toBe('Fertig');
      expect(describeMove({ type: 'cover', attack: '7H', card: '9H' }, (c) => cardName(c))).toBe('Herz 7 stechen mit Herz 9');
    } finally {
      prefs.lang = 'en';
    }
    expect(describeMove({ type: 'attack', cards: ['7H', '7S'] }, (c) => cardName(c))).toBe('attack with 7 of hearts and 7 of spades');
  });
});

describe('a card dragged onto the table', () => {
  const attack: Move[] = [{ type: 'attack', cards: ['7H'] }, { type: 'attack', cards: ['7C'] }, { type: 'attack', cards: ['7H', '7C'] },
    { type: 'attack', cards: ['9S'] }];
  it('plays the selection it belongs to, else the card alone', () => {
    expect(dropMove(attack, ['7H', '7C'], '7C', null)).toEqual({ type: 'attack', cards: ['7H', '7C'] });
    expect(dropMove(attack, ['7H'], '9S', null)).toEqual({ type: 'attack', cards: ['9S'] });
    expect(dropMove(attack, [], 'KD', null)).toBeNull();
  });
  it('onto a table card covers that card; onto the table the one cover it can make, or a transfer', () => {
    const defence: Move[] = [{ type: 'cover', attack: '7H', card: '9S' }, { type: 'cover', attack: '8D', card: '9S' },
      { type: 'cover', attack: '7H', card: '9H' }, { type: 'transfer', card: '7C' }, { type: 'take' }];
    expect(dropMove(defence, [], '9S', '8D')).toEqual({ type: 'cover', attack: '8D', card: '9S' });
    expect(dropMove(defence, [], '9H', '8D')).toBeNull();
    expect(dropMove(defence, [], '9H', null)).toEqual({ type: 'cover', attack: '7H', card: '9H' });
    expect(dropMove(defence, [], '9S', null)).toBeNull(); // it beats two: the drop must say which
    expect(dropMove(defence, [], '7C', null)).toEqual({ type: 'transfer', card: '7C' });
  });
});
