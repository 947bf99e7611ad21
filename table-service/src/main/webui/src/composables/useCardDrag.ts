import { ref } from 'vue';
import { useEventListener } from '@vueuse/core';
import type { CardCode } from '../api/types';

/** Where a card was dropped: on the table (attack, throw in, transfer), or on a table card (to cover it). */
export type DropTarget = { kind: 'table' } | { kind: 'card'; card: CardCode };

/** How far a pointer moves before a press becomes a drag, in CSS pixels. */
export const DRAG_START_PX = 8;

/**
 * Dragging a hand card onto the table, with a mouse or a finger (pointer events, so both; the cards have
 * `touch-action: none`). The card follows the pointer; what lies under it is found by `data-drop` ("table") and
 * `data-drop-card` (a table card); the page marks the dragged card by `dragging`. On release `drop` says whether a move was made; either way the card goes back to
 * its place (the next view draws it where it is then). The click that ends a drag is no tap (`swallow`).
 */
export function useCardDrag(drop: (card: CardCode, target: DropTarget) => void, started: () => void = () => {}) {
  const dragging = ref<CardCode | null>(null);
  const over = ref<string | null>(null);
  let press: { card: CardCode; el: HTMLElement; x: number; y: number; id: number } | null = null;
  let dragged = false;

  function start(e: PointerEvent, card: CardCode) {
    if (e.button !== 0 || !e.isPrimary) return;
    press = { card, el: e.currentTarget as HTMLElement, x: e.clientX, y: e.clientY, id: e.pointerId };
  }

  function targetAt(x: number, y: number): DropTarget | null {
    for (const el of document.elementsFromPoint(x, y)) {
      const h = el as HTMLElement;
      if (h.dataset?.dropCard) return { kind: 'card', card: h.dataset.dropCard };
      if (h.dataset?.drop === 'table') return { kind: 'table' };
    }
    return null;
  }

  useEventListener(window, 'pointermove', (e: PointerEvent) => {
    if (!press || e.pointerId !== press.id) return;
    const dx = e.clientX - press.x;
    const dy = e.clientY - press.y;
    if (!dragging.value) {
      if (Math.hypot(dx, dy) < DRAG_START_PX) return;
      dragging.value = press.card;
      started();
    }
    press.el.style.transform = `translate(${dx}px, ${dy}px)`;
    const t = targetAt(e.clientX, e.clientY);
    over.value = t ? (t.kind === 'card' ? t.card : 'table') : null;
  });

  function end(e: PointerEvent, cancelled: boolean) {
    if (!press || e.pointerId !== press.id) return;
    const p = press;
    press = null;
    if (!dragging.value) return;
    p.el.style.transform = '';
    dragging.value = null;
    over.value = null;
    // the click that may follow this release (same task) is no tap; a later one is
    dragged = true;
    setTimeout(() => (dragged = false), 0);
    const t = cancelled ? null : targetAt(e.clientX, e.clientY);
    if (t) drop(p.card, t);
  }
  useEventListener(window, 'pointerup', (e: PointerEvent) => end(e, false));
  useEventListener(window, 'pointercancel', (e: PointerEvent) => end(e, true));

  /** Whether this click ends a drag (once): then it is no tap. */
  function swallow(): boolean {
    const was = dragged;
    dragged = false;
    return was;
  }

  return { dragging, over, start, swallow };
}
