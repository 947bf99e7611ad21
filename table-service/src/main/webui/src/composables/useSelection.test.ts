import { afterEach, describe, expect, it } from 'vitest';
import { effectScope, ref } from 'vue';
import type { SeatView, TableView } from '../api/types';
import { DEFAULT_PREFS, prefs } from '../logic/prefs';
import { seatView, tableView } from '../testing/views';
import { useSelection } from './useSelection';

function select(deal: Partial<SeatView>) {
  const view = ref<TableView | null>(tableView({ deal: seatView(deal) }));
  const scope = effectScope();
  const s = scope.run(() => useSelection(view))!;
  return { view, s, stop: () => scope.stop() };
}
const attack: Partial<SeatView> = {
  hand: ['KD', '7H', '9S', '7C'],
  legalMoves: [
    { type: 'attack', cards: ['7H'] }, { type: 'attack', cards: ['7C'] }, { type: 'attack', cards: ['7H', '7C'] },
    { type: 'attack', cards: ['9S'] }, { type: 'attack', cards: ['KD'] },
  ],
};
// Ann defends against 7♥ and 8♦ with 9♠ (a trump: it beats both) and 9♥ (beats the 7♥ only)
const defense: Partial<SeatView> = {
  phase: 'DEFENSE', toAct: 1, attacker: 0, defender: 1, hand: ['9S', '9H', 'JC'], table: [['7H', null], ['8D', null]],
  legalMoves: [
    { type: 'cover', attack: '7H', card: '9S' }, { type: 'cover', attack: '8D', card: '9S' },
    { type: 'cover', attack: '7H', card: '9H' }, { type: 'take' },
  ],
};

afterEach(() => Object.assign(prefs, DEFAULT_PREFS));

describe('useSelection', () => {
  it('offers only what legalMoves lists, and only on the seat’s turn', () => {
    const { view, s } = select(attack);
    expect(s.active.value).toBe(true);
    expect([...s.playable.value].sort()).toEqual(['7C', '7H', '9S', 'KD']);
    s.tap('7H');
    expect(s.buttons.value.map((b) => [b.kind, b.move])).toEqual([['attack', { type: 'attack', cards: ['7H'] }]]);
    view.value = tableView({ deal: seatView({ ...attack, toAct: 2, legalMoves: [] }), seq: 11 });
    expect(s.active.value).toBe(false);
    expect(s.playable.value.size).toBe(0);
    expect(s.buttons.value).toEqual([]);
  });

  it('keeps the hand in the gear’s order, which the digits follow', () => {
    const { s } = select(attack);
    expect(s.hand.value).toEqual(['7C', '7H', 'KD', '9S']);
    prefs.sort = 'suit';
    expect(s.hand.value).toEqual(['7C', 'KD', '7H', '9S']);
    expect(s.pick(1)).toBe(true);
    expect(s.selected.value).toEqual(['KD']);
    expect(s.pick(7)).toBe(false);
    expect(s.selected.value).toEqual(['KD']);
  });

  it('plays the selection on a second tap with "tap twice", and only toggles without it', () => {
    const { s } = select(attack);
    expect(s.tap('7H')).toBeNull();
    expect(s.tap('7C')).toBeNull();
    expect(s.selected.value).toEqual(['7H', '7C']);
    expect(s.tap('7C')).toEqual({ type: 'attack', cards: ['7H', '7C'] });
    expect(s.selected.value).toEqual(['7H', '7C']);
    prefs.tapTwice = false;
    expect(s.tap('7C')).toBeNull();
    expect(s.selected.value).toEqual(['7H']);
  });

  it('"all 7s" selects every playable card of the rank, and is gone once all are chosen', () => {
    const { s } = select(attack);
    s.tap('7C');
    expect(s.allOfRank.value).toEqual(['7C', '7H']);
    s.selectAll();
    expect(s.selected.value).toEqual(['7C', '7H']);
    expect(s.allOfRank.value).toBeNull();
    expect(s.move.value).toEqual({ type: 'attack', cards: ['7H', '7C'] });
  });

  it('a card that beats two table cards waits for one: tapped, or picked by its number', () => {
    const { s } = select(defense);
    s.tap('9S');
    expect(s.targets.value).toEqual(['7H', '8D']);
    expect(s.waitingTarget.value).toBe(true);
    expect(s.move.value).toBeNull();
    expect(s.pick(1)).toBe(false); // the digit 2: the second table card, not a hand card
    expect(s.target.value).toBe('8D');
    expect(s.selected.value).toEqual(['9S']);
    expect(s.move.value).toEqual({ type: 'cover', attack: '8D', card: '9S' });

    expect(s.tapTable('8D')).toBeNull(); // a second tap unchooses it
    expect(s.target.value).toBeNull();
    expect(s.tapTable('JC')).toBeNull(); // not a table card the selection covers
    expect(s.tapTable('7H')).toEqual({ type: 'cover', attack: '7H', card: '9S' });
  });

  it('a card that beats one table card covers it without asking', () => {
    const { s } = select(defense);
    s.tap('9H');
    expect(s.waitingTarget.value).toBe(false);
    expect(s.move.value).toEqual({ type: 'cover', attack: '7H', card: '9H' });
  });

  it('when the table moves on, keeps only the cards still in hand and forgets the table card', () => {
    const { view, s } = select(defense);
    s.tap('9S');
    s.tapTable('7H');
    view.value = tableView({ seq: 11, deal: seatView({ ...defense, hand: ['9H', 'JC'] }) });
    expect(s.selected.value).toEqual([]);
    expect(s.target.value).toBeNull();

    s.tap('9H');
    view.value = { ...view.value!, seq: 12 };
    expect(s.selected.value).toEqual(['9H']);
    view.value = tableView({ seq: 13, deal: null });
    expect(s.selected.value).toEqual([]);
  });

  it('clear forgets the cards and the table card', () => {
    const { s } = select(defense);
    s.tap('9S');
    s.tapTable('8D');
    s.clear();
    expect(s.selected.value).toEqual([]);
    expect(s.target.value).toBeNull();
  });
});
