import { describe, expect, it } from 'vitest';
import type { Move, SeatView } from '../api/types';
import { actions, explain, explainText, isTrumpAttack, keyCommand, playMove, sameRankPlayable } from './moves';
import { prefs } from './prefs';

function view(phase: SeatView['phase'], legalMoves: Move[], hand: string[], table: SeatView['table'] = []): SeatView {
  return {
    seat: 0, phase, toAct: 0, attacker: 0, defender: 1, hand, handSizes: [hand.length, 6], known: {}, table,
    trump: 'S', trumpCard: '6S', stockCount: 20, discardCount: 0, boutsPlayed: 0, out: [], roomLeft: 5,
    stillToCome: [], passed: [], legalMoves, durak: null, points: null,
  };
}

describe('seed 002 "Bedienung"', () => {
  const attack = view('ATTACK', [
    { type: 'attack', cards: ['7H'] }, { type: 'attack', cards: ['7C'] }, { type: 'attack', cards: ['7H', '7C'] },
    { type: 'attack', cards: ['9S'] },
  ], ['7H', '7C', '9S', 'KD']);

  it('"all …" selects every playable card of the rank, the tapped one first', () => {
    expect(sameRankPlayable(attack.legalMoves, attack.hand!, '7C')).toEqual(['7C', '7H']);
    expect(sameRankPlayable(attack.legalMoves, attack.hand!, '9S')).toEqual(['9S']);
  });

  it('Enter and the second tap play the selection as the buttons would, never take or pass', () => {
    expect(playMove(actions(attack, ['7C', '7H'], null))).toEqual({ type: 'attack', cards: ['7H', '7C'] });
    expect(playMove(actions(attack, ['KD'], null))).toBeNull();
    const defense = view('DEFENSE', [{ type: 'cover', attack: '7H', card: '9H' }, { type: 'take' }], ['9H'], [['7H', null]]);
    expect(playMove(actions(defense, ['9H'], null))).toEqual({ type: 'cover', attack: '7H', card: '9H' });
    expect(playMove(actions(defense, [], null))).toBeNull();
  });

  it('a cover that beats several table cards plays only once the table card is chosen', () => {
    const v = view('DEFENSE', [
      { type: 'cover', attack: '7H', card: '9S' }, { type: 'cover', attack: '8D', card: '9S' }, { type: 'take' },
    ], ['9S'], [['7H', null], ['8D', null]]);
    expect(playMove(actions(v, ['9S'], null))).toBeNull();
    expect(playMove(actions(v, ['9S'], '8D'))).toEqual({ type: 'cover', attack: '8D', card: '9S' });
  });

  it('asks about a trump attack only while other cards are in hand', () => {
    expect(isTrumpAttack(attack, { type: 'attack', cards: ['9S'] })).toBe(true);
    expect(isTrumpAttack(attack, { type: 'attack', cards: ['7H'] })).toBe(false);
    expect(isTrumpAttack(view('ATTACK', [], ['9S', 'QS']), { type: 'attack', cards: ['9S'] })).toBe(false);
    expect(isTrumpAttack(attack, { type: 'throw', cards: ['9S'] })).toBe(false);
  });

  it('maps the keys', () => {
    expect(keyCommand('1')).toEqual({ kind: 'pick', index: 0 });
    expect(keyCommand('9')).toEqual({ kind: 'pick', index: 8 });
    expect(keyCommand('0')).toEqual({ kind: 'pick', index: 9 }); // the tenth card
    expect(keyCommand('ArrowLeft')).toEqual({ kind: 'step', by: -1 });
    expect(keyCommand('ArrowRight')).toEqual({ kind: 'step', by: 1 });
    expect(keyCommand('ArrowUp')).toEqual({ kind: 'row', by: -1 });
    expect(keyCommand('ArrowDown')).toEqual({ kind: 'row', by: 1 });
    expect(keyCommand('l')).toEqual({ kind: 'log' });
    expect(keyCommand('Enter')).toEqual({ kind: 'play' });
    expect(keyCommand('a')).toEqual({ kind: 'take' });
    expect(keyCommand('P')).toEqual({ kind: 'pass' });
    expect(keyCommand('s')).toEqual({ kind: 'sort' });
    expect(keyCommand('Escape')).toEqual({ kind: 'clear' });
    expect(keyCommand('b')).toEqual({ kind: 'board' });
    expect(keyCommand('r')).toEqual({ kind: 'hint' });
    expect(keyCommand('x')).toBeNull();
  });

  it('explains what a card beats and what beats it', () => {
    const v = { trump: 'S' as const, table: [['7H', null], ['8D', '9D'], ['KH', null]] as SeatView['table'] };
    expect(explain('9H', v)).toEqual({ beats: ['7H'], higher: true, anyTrump: true });
    expect(explain('6S', v)).toEqual({ beats: ['7H', 'KH'], higher: true, anyTrump: false });
    expect(explain('AS', v)).toEqual({ beats: ['7H', 'KH'], higher: false, anyTrump: false });
  });

  it('says it in words, in the page’s language, with a suit’s grammar ("a higher heart")', () => {
    const v = { trump: 'S' as const, table: [['7H', null], ['8D', '9D'], ['KH', null]] as SeatView['table'] };
    expect(explainText('9H', v)).toBe('9 of hearts: Beats: 7 of hearts. Beaten by: a higher heart, any trump.');
    expect(explainText('AS', v)).toBe('ace of spades: Beats: 7 of hearts, king of hearts. Nothing beats it.');
    expect(explainText('6D', v)).toBe('6 of diamonds: Beats nothing on the table. Beaten by: a higher diamond, any trump.');
    prefs.lang = 'de';
    try {
      expect(explainText('9H', v)).toBe('Herz 9: Schlägt: Herz 7. Geschlagen von: einem höheren Herz, jedem Trumpf.');
    } finally {
      prefs.lang = 'en';
    }
  });
});
