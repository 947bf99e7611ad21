import { ref, type Ref } from 'vue';
import type { Move, TableView } from '../api/types';
import { isTrumpAttack } from '../logic/moves';

/** Attacking with a trump while other cards are in hand asks first, once a deal (seed 002); every other move goes at once. */
export function useTrumpPrompt(view: Ref<TableView | null>, send: (move: Move) => void) {
  /** The trump attack waiting for the answer. */
  const asking = ref<Move | null>(null);
  let askedFor: string | null = null;
  const dealKey = () => `${view.value?.tableId}:${view.value?.match?.dealNumber ?? 0}`;

  function play(move: Move) {
    const d = view.value?.deal;
    if (d && isTrumpAttack(d, move) && askedFor !== dealKey()) asking.value = move;
    else send(move);
  }
  function answer(yes: boolean) {
    const m = asking.value;
    asking.value = null;
    askedFor = dealKey();
    if (yes && m) send(m);
  }
  return { asking, play, answer };
}
