import { computed, onScopeDispose, ref, type Ref } from 'vue';
import type { TableView } from '../api/types';
import { secondsLeft } from '../logic/view';

/** Whose turn clock runs, and its seconds left: the turn's, and the grace's once the turn's ran out (else null). */
export interface ClockLeft {
  seat: number;
  turn: number | null;
  grace: number | null;
}

/**
 * The turn clock counting down (looked at four times a second): whose turn, seconds left, and the grace seconds once
 * they run. It changes only when a whole second does, so the page is drawn again once a second, not four times.
 */
export function useClock(view: Ref<TableView | null>) {
  const now = ref(Date.now());
  const tick = setInterval(() => (now.value = Date.now()), 250);
  onScopeDispose(() => clearInterval(tick));
  return computed<ClockLeft | null>((was) => {
    const c = view.value?.clock;
    if (!c) return null;
    const left = { seat: c.seat, turn: secondsLeft(c.turnEnds, now.value), grace: secondsLeft(c.graceEnds, now.value) };
    return was && was.seat === left.seat && was.turn === left.turn && was.grace === left.grace ? was : left;
  });
}
