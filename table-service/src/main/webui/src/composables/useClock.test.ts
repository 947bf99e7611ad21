import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, ref } from 'vue';
import type { TableView } from '../api/types';
import { tableView } from '../testing/views';
import { useClock } from './useClock';

const T0 = Date.parse('2026-01-01T12:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe('useClock', () => {
  it('counts the turn down four times a second, then the grace', () => {
    const view = ref<TableView | null>(tableView({ clock: { seat: 2, turnEnds: at(30), graceEnds: null, computerMoves: false } }));
    const scope = effectScope();
    const clock = scope.run(() => useClock(view))!;
    expect(clock.value).toEqual({ seat: 2, turn: 30, grace: null });
    const first = clock.value;
    vi.advanceTimersByTime(250);
    expect(clock.value).toEqual({ seat: 2, turn: 30, grace: null }); // 29.75 s are 30 whole seconds
    expect(clock.value).toBe(first); // the same value: nothing is drawn again until a whole second passed
    vi.advanceTimersByTime(1000);
    expect(clock.value?.turn).toBe(29);

    view.value = tableView({ clock: { seat: 2, turnEnds: at(0), graceEnds: at(10), computerMoves: false } });
    expect(clock.value).toEqual({ seat: 2, turn: 0, grace: 9 });
    vi.advanceTimersByTime(20_000);
    expect(clock.value).toEqual({ seat: 2, turn: 0, grace: 0 });
    scope.stop();
  });

  it('is null at a table without a clock', () => {
    const clock = effectScope().run(() => useClock(ref(tableView())))!;
    expect(clock.value).toBeNull();
  });

  it('stops ticking with the page', () => {
    const view = ref<TableView | null>(tableView({ clock: { seat: 1, turnEnds: at(30), graceEnds: null, computerMoves: false } }));
    const scope = effectScope();
    scope.run(() => useClock(view));
    expect(vi.getTimerCount()).toBe(1);
    scope.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
