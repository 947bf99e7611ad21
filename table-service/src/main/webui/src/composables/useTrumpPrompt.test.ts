import { describe, expect, it } from 'vitest';
import { effectScope, ref } from 'vue';
import type { Move, TableView } from '../api/types';
import { seatView, tableView } from '../testing/views';
import { useTrumpPrompt } from './useTrumpPrompt';

// Ann holds a plain card and a trump (spades)
const atDeal = (dealNumber: number, hand = ['7H', '9S']) => tableView({
  match: { ...tableView().match!, dealNumber },
  deal: seatView({ hand, legalMoves: hand.map((c) => ({ type: 'attack', cards: [c] })) }),
});
const trumpAttack: Move = { type: 'attack', cards: ['9S'] };
const plainAttack: Move = { type: 'attack', cards: ['7H'] };

function prompt(v: TableView) {
  const view = ref<TableView | null>(v);
  const sent: Move[] = [];
  const p = effectScope().run(() => useTrumpPrompt(view, (m) => sent.push(m)))!;
  return { view, sent, p };
}

describe('useTrumpPrompt', () => {
  it('asks before a trump attack while other cards are in hand; "yes" sends it', () => {
    const { sent, p } = prompt(atDeal(1));
    p.play(trumpAttack);
    expect(p.asking.value).toEqual(trumpAttack);
    expect(sent).toEqual([]);
    p.answer(true);
    expect(p.asking.value).toBeNull();
    expect(sent).toEqual([trumpAttack]);
  });

  it('asks once a deal: "no" sends nothing, and the next trump attack of the deal goes at once', () => {
    const { view, sent, p } = prompt(atDeal(1));
    p.play(trumpAttack);
    p.answer(false);
    expect(sent).toEqual([]);
    p.play(trumpAttack);
    expect(p.asking.value).toBeNull();
    expect(sent).toEqual([trumpAttack]);

    view.value = atDeal(2); // a new deal asks again
    p.play(trumpAttack);
    expect(p.asking.value).toEqual(trumpAttack);
    expect(sent).toEqual([trumpAttack]);
  });

  it('sends every other move at once: a plain attack, a trump attack with only trumps in hand, a take', () => {
    const { view, sent, p } = prompt(atDeal(1));
    p.play(plainAttack);
    p.play({ type: 'take' });
    view.value = atDeal(1, ['9S', 'AS']);
    p.play(trumpAttack);
    expect(p.asking.value).toBeNull();
    expect(sent).toEqual([plainAttack, { type: 'take' }, trumpAttack]);
  });
});
