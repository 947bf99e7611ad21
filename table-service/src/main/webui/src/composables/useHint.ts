import { computed, ref, watch, type Ref } from 'vue';
import { errorText } from '../api/http';
import type { Hint, TableView } from '../api/types';
import { myTurn } from '../logic/view';

/**
 * Hints at a solo table: the strong bot's move, its reason and the moves it weighed (`ask`: POST /hint). A hint is for
 * one state of the table: it goes when the table moves past the seq it was given at. A refusal goes to `message`.
 */
export function useHint(view: Ref<TableView | null>, ask: () => Promise<Hint>, message: Ref<string | null>) {
  const hint = ref<Hint | null>(null);
  const busy = ref(false);
  const can = computed(() => !!view.value?.table.solo && myTurn(view.value.deal) && !busy.value);
  /** Hints taken in this match: the latest hint's count, else the view's. */
  const taken = computed(() => hint.value?.hints ?? view.value?.match?.hints?.[view.value.seat] ?? 0);

  async function request() {
    if (!can.value) return;
    busy.value = true;
    message.value = null;
    try {
      hint.value = await ask();
    } catch (e) {
      message.value = errorText(e);
    } finally {
      busy.value = false;
    }
  }
  const close = () => (hint.value = null);

  watch(() => view.value?.seq, (seq) => {
    if (hint.value && seq !== undefined && seq > hint.value.seq) close();
  }, { flush: 'sync' });

  return { hint, busy, can, taken, request, close };
}
