// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { effectScope, ref } from 'vue';
import { ApiError } from '../api/http';
import type { Hint, TableView } from '../api/types';
import { seatView, tableView } from '../testing/views';
import { useHint } from './useHint';

const hintAt = (seq: number, hints: number): Hint => ({
  tableId: 't', commandId: 'c1', seq, seat: 1, move: { type: 'attack', cards: ['7H'] }, reason: 'lowest card',
  reasons: { en: 'lowest card', de: 'niedrigste Karte' }, clear: true, candidates: [], hints,
});

/** useHint with an `ask` whose answer the test gives (`answer`) or refuses (`refuse`). */
function hinting(v: TableView = tableView()) {
  const view = ref<TableView | null>(v);
  const message = ref<string | null>('an older refusal');
  let asked = 0;
  let settle: { answer: (h: Hint) => void; refuse: (e: unknown) => void } | null = null;
  const ask = () => {
    asked++;
    return new Promise<Hint>((answer, refuse) => (settle = { answer, refuse }));
  };
  const h = effectScope().run(() => useHint(view, ask, message))!;
  return { view, message, h, asked: () => asked, settle: () => settle! };
}

describe('useHint', () => {
  it('asks once at a time on the seat’s turn, and shows the answer', async () => {
    const { message, h, asked, settle } = hinting();
    expect(h.can.value).toBe(true);
    const asking = h.request();
    expect(h.busy.value).toBe(true);
    expect(h.can.value).toBe(false);
    expect(message.value).toBeNull();
    await h.request(); // a second R while the first is asked: nothing
    expect(asked()).toBe(1);
    settle().answer(hintAt(11, 1));
    await asking;
    expect(h.busy.value).toBe(false);
    expect(h.hint.value?.reason).toBe('lowest card');
    expect(h.taken.value).toBe(1);
  });

  it('is not offered at a table with other people, nor on another seat’s turn', async () => {
    const { h, asked } = hinting(tableView({ table: { ...tableView().table, solo: false } }));
    expect(h.can.value).toBe(false);
    await h.request();
    expect(asked()).toBe(0);
    const other = hinting(tableView({ deal: seatView({ toAct: 2 }) }));
    expect(other.h.can.value).toBe(false);
  });

  it('shows a refusal in the message line', async () => {
    const { message, h, settle } = hinting();
    const asking = h.request();
    settle().refuse(new ApiError(409, 'NOT_YOUR_TURN', 'It is not your turn.'));
    await asking;
    expect(message.value).toBe('It is not your turn.');
    expect(h.hint.value).toBeNull();
    expect(h.busy.value).toBe(false);
  });

  it('stays while the table is at its seq, and goes when the table moves past it', async () => {
    const { view, h, settle } = hinting();
    const asking = h.request();
    settle().answer(hintAt(11, 2));
    await asking;
    view.value = tableView({ seq: 11 }); // the hint's own event
    expect(h.hint.value).not.toBeNull();
    view.value = tableView({ seq: 12 });
    expect(h.hint.value).toBeNull();
  });

  it('counts the hints taken from the view until one is asked', () => {
    const { h } = hinting(tableView({ match: { ...tableView().match!, hints: [0, 3, 0] } }));
    expect(h.taken.value).toBe(3);
  });
});
