import { computed, onScopeDispose, shallowRef, watch, type Ref } from 'vue';
import { useEventListener } from '@vueuse/core';
import type { TableView } from '../api/types';
import { stage } from '../logic/view';

/** How long the last bout of a deal stays on the table before the board. */
export const HOLD_MS = 1500;

/**
 * The view the page draws: the live one, except right after a deal ended, when the deal's last bout (the last view of
 * the deal with cards on the table) stays about 1.5 s, so the last move is seen before the board covers it. A tap or a
 * key ends the wait at once, so it never holds anyone up; a page that opens on a board shows it at once.
 */
export function useDealEndHold(view: Ref<TableView | null>, ms = HOLD_MS) {
  const held = shallowRef<TableView | null>(null);
  const lastBout = shallowRef<TableView | null>(null);
  const holding = computed(() => held.value !== null);
  let timer: ReturnType<typeof setTimeout> | undefined;

  watch(view, (v, old) => {
    if (!v) return;
    const now = stage(v);
    if (now === 'deal') {
      if (v.deal && v.deal.table.length > 0) lastBout.value = v;
      return;
    }
    const bout = lastBout.value;
    lastBout.value = null;
    if ((now === 'board' || now === 'final') && old && stage(old) === 'deal' && bout && !held.value) {
      held.value = bout;
      timer = setTimeout(release, ms);
    }
  }, { flush: 'sync', immediate: true });

  function release() {
    clearTimeout(timer);
    held.value = null;
  }
  // any input goes to the table as it is now
  useEventListener(window, 'pointerdown', () => held.value && release(), { capture: true, passive: true });
  useEventListener(window, 'keydown', () => held.value && release(), { capture: true });
  onScopeDispose(() => clearTimeout(timer));

  const shown = computed(() => held.value ?? view.value);
  return { shown, holding, release };
}
