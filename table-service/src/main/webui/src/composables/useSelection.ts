import { computed, ref, watch, type Ref } from 'vue';
import type { CardCode, Move, TableView } from '../api/types';
import { sortHand } from '../logic/cards';
import { actions, coverTargets, playableCards, playMove, sameRankPlayable, toggle, type Action } from '../logic/moves';
import { prefs } from '../logic/prefs';
import { myTurn } from '../logic/view';

/**
 * The cards chosen from one's hand, and the table card a cover is to beat, with what they make legal: only what the
 * view's `legalMoves` lists (logic/moves.ts). A selection belongs to one state of the table: when the seq moves on,
 * the cards no longer in hand leave it and the chosen table card is forgotten.
 */
export function useSelection(view: Ref<TableView | null>) {
  const selected = ref<CardCode[]>([]);
  const target = ref<CardCode | null>(null);
  const deal = computed(() => view.value?.deal ?? null);
  /** The seat has a decision to make now. */
  const active = computed(() => myTurn(deal.value));
  /** The hand in display order (the gear's sorting): the order the digits pick. */
  const hand = computed(() => (deal.value ? sortHand(deal.value.hand ?? [], prefs.sort, deal.value.trump) : []));
  const playable = computed(() => (deal.value && active.value ? playableCards(deal.value.legalMoves) : new Set<CardCode>()));
  /** The table cards the one selected card may cover. */
  const targets = computed(() => (deal.value && selected.value.length === 1 ? coverTargets(deal.value.legalMoves, selected.value[0]) : []));
  const buttons = computed<Action[]>(() => (deal.value && active.value ? actions(deal.value, selected.value, target.value) : []));
  /** What Enter or a second tap plays now; null while the selection makes no card move. */
  const move = computed<Move | null>(() => playMove(buttons.value));
  /** A cover that beats several table cards waits for one of them (numbered for the digits). */
  const waitingTarget = computed(() => selected.value.length === 1 && targets.value.length > 1 && !target.value);
  /** "All 7s": every playable card of the selection's rank at once (attack, throw in); null when it adds none. */
  const allOfRank = computed(() => {
    const d = deal.value;
    if (!d || !active.value || selected.value.length === 0 || !['ATTACK', 'THROW_IN', 'TAKE_ADDING'].includes(d.phase)) return null;
    const all = sameRankPlayable(d.legalMoves, d.hand ?? [], selected.value[0]);
    return all.length > selected.value.length ? all : null;
  });

  watch(() => view.value?.seq, () => {
    selected.value = selected.value.filter((c) => view.value?.deal?.hand?.includes(c));
    target.value = null;
  }, { flush: 'sync' });

  function choose(card: CardCode) {
    if (!deal.value) return;
    selected.value = toggle(selected.value, card, deal.value.phase);
    target.value = null;
  }

  /** A tap on a hand card; with "tap twice to play" a second tap on a selected card returns the move to play. */
  function tap(card: CardCode): Move | null {
    if (prefs.tapTwice && selected.value.includes(card) && move.value) return move.value;
    choose(card);
    return null;
  }

  /** A tap on a table card the selection may cover: chosen, or unchosen; with "tap twice" returns the cover it completes. */
  function tapTable(card: CardCode): Move | null {
    if (!targets.value.includes(card)) return null;
    target.value = target.value === card ? null : card;
    return prefs.tapTwice && target.value ? move.value : null;
  }

  /**
   * Digit `index` (from 0): while a cover waits for its table card, that numbered table card; else the hand card at that
   * place. Returns whether a hand card was picked.
   */
  function pick(index: number): boolean {
    if (waitingTarget.value) {
      const card = targets.value[index];
      if (card) target.value = card;
      return false;
    }
    const card = hand.value[index];
    if (card) choose(card);
    return !!card;
  }

  function selectAll() {
    if (allOfRank.value) selected.value = allOfRank.value;
  }

  function clear() {
    selected.value = [];
    target.value = null;
  }

  return { selected, target, active, hand, playable, targets, buttons, move, waitingTarget, allOfRank, tap, tapTable, pick, selectAll, clear };
}
