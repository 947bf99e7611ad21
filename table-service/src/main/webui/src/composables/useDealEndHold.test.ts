// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, ref, type EffectScope } from 'vue';
import type { TableView } from '../api/types';
import { seatView, tableView } from '../testing/views';
import { HOLD_MS, useDealEndHold } from './useDealEndHold';

const bout = (seq: number) => tableView({ seq, deal: seatView({ table: [['7H', '9H']] }) });
const cleared = (seq: number) => tableView({ seq, deal: seatView({ table: [] }) });
const board = (seq: number) => tableView({ seq, match: { ...tableView().match!, onBoard: true }, deal: seatView({ phase: 'DEAL_OVER', table: [] }) });

let scope: EffectScope;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  scope.stop();
  vi.useRealTimers();
});
function holding(first: TableView | null) {
  const view = ref<TableView | null>(first);
  scope = effectScope();
  return { view, h: scope.run(() => useDealEndHold(view))! };
}

describe('useDealEndHold', () => {
  it('keeps the deal’s last bout on the table about 1.5 s before the board', () => {
    const { view, h } = holding(bout(10));
    view.value = bout(11);
    view.value = cleared(12); // bito
    view.value = board(13); // the deal ended
    expect(h.holding.value).toBe(true);
    expect(h.shown.value?.seq).toBe(11);
    vi.advanceTimersByTime(HOLD_MS - 1);
    expect(h.shown.value?.seq).toBe(11);
    vi.advanceTimersByTime(1);
    expect(h.holding.value).toBe(false);
    expect(h.shown.value?.seq).toBe(13);
  });

  it('never holds anyone up: a tap or a key shows the board at once', () => {
    const { view, h } = holding(bout(10));
    view.value = board(11);
    expect(h.shown.value?.seq).toBe(10);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(h.shown.value?.seq).toBe(11);
    view.value = bout(12);
    view.value = board(13);
    window.dispatchEvent(new Event('pointerdown'));
    expect(h.shown.value?.seq).toBe(13);
  });

  it('shows a board at once when the page opens on it, and every view of a running deal as it comes', () => {
    const { view, h } = holding(board(5));
    expect(h.shown.value?.seq).toBe(5);
    view.value = bout(6);
    expect(h.shown.value?.seq).toBe(6);
    expect(h.holding.value).toBe(false);
  });
});
