import { onScopeDispose, watch, type Ref } from 'vue';
import { usePreferredReducedMotion } from '@vueuse/core';
import type { EventEnvelope } from '../api/types';
import { FLIGHT_MS, planFlights, type Box, type Flight, type Snapshot } from '../logic/motion';

/**
 * Cards move at the table (logic/motion.ts): each time the table is drawn anew (its seq), where the cards were is
 * measured just before Vue changes the page and where they are just after, and the difference flies — the cards
 * themselves with a transform from their old place (FLIP), copies for what is no longer drawn. Only `transform` and
 * `opacity` change, on the compositor: the page is already in its new state, so nothing waits for a flight and every
 * tap reaches the table as it is. Off when the system asks for reduced motion.
 *
 * The page marks what moves: cards with `data-fly` (and `data-card`), places with `data-zone`.
 */
export function useMotion(root: Ref<HTMLElement | null>, seq: () => number | undefined, events: () => EventEnvelope[],
                          mySeat: () => number | null) {
  const reduced = usePreferredReducedMotion();
  let before: Snapshot | null = null;
  let copies = new Map<string, HTMLElement>();
  let layer: HTMLElement | null = null;
  let frame = 0;
  let happened: EventEnvelope[] = [];

  watch(seq, () => {
    // the page as last drawn (its layout is still clean: this reads it, it forces none); once per frame
    if (!root.value || frame) return;
    before = measure(root.value);
    copies = new Map([...root.value.querySelectorAll<HTMLElement>('[data-fly][data-card]')]
      .map((el) => [el.dataset.card!, el.cloneNode(true) as HTMLElement]));
  }, { flush: 'pre' });

  // The flights start with the next frame: where the cards are now is read when the browser lays the page out for
  // it anyway, not forced right after each change (a burst of events is one layout, one set of flights). A hidden
  // page has no frames: nothing flies there.
  watch(seq, () => {
    happened.push(...events());
    if (document.hidden) {
      before = null;
      happened = [];
      return;
    }
    if (frame || !before) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      const was = before;
      const what = happened;
      before = null;
      happened = [];
      if (!was || !root.value || reduced.value === 'reduce') return;
      for (const f of planFlights(was, measure(root.value), what.map((e) => e.event), mySeat())) fly(f);
    });
  }, { flush: 'post' });

  function fly(f: Flight) {
    const timing: KeyframeAnimationOptions = { duration: FLIGHT_MS, delay: f.delay, easing: 'cubic-bezier(.2,.7,.3,1)', fill: 'backwards' };
    if (f.kind !== 'ghost') {
      const el = root.value?.querySelector<HTMLElement>(`[data-fly][data-card="${f.card}"]`);
      el?.animate([{ transform: offset(f.from, f.to), opacity: f.kind === 'enter' ? 0.4 : 1 }, { transform: 'none', opacity: 1 }], timing);
      return;
    }
    const ghost = copy(f.card);
    Object.assign(ghost.style, { position: 'fixed', left: `${f.from.x}px`, top: `${f.from.y}px`, width: `${f.from.w}px`,
      height: `${f.from.h}px`, margin: '0', opacity: '0' });
    flights().appendChild(ghost);
    ghost.animate([{ transform: 'none', opacity: 1 }, { transform: offset(f.to, f.from), opacity: 0.2 }], { ...timing, fill: 'none' })
      .finished.finally(() => ghost.remove());
  }

  /** A copy of a card as it was drawn (or a card's back), with nothing a reader or a test takes for a card. */
  function copy(card: string | null): HTMLElement {
    const c = card ? copies.get(card) : undefined;
    const el = c ?? Object.assign(document.createElement('div'), { className: 'card back' });
    for (const a of ['data-card', 'data-fly', 'aria-label', 'aria-pressed', 'title', 'id', 'role']) el.removeAttribute(a);
    el.setAttribute('aria-hidden', 'true');
    // a copy of a tappable card is a button: hidden from readers, it must not take focus either
    for (const e of [el, ...el.querySelectorAll('*')]) e.setAttribute('tabindex', '-1');
    return el;
  }

  function flights(): HTMLElement {
    if (!layer) {
      layer = Object.assign(document.createElement('div'), { className: 'flights' });
      layer.setAttribute('aria-hidden', 'true');
      layer.inert = true;
      document.body.appendChild(layer);
    }
    return layer;
  }

  onScopeDispose(() => {
    cancelAnimationFrame(frame);
    layer?.remove();
  });
}

/** Where each moving card and each place is, in viewport pixels. */
export function measure(root: HTMLElement): Snapshot {
  const box = (el: Element): Box => {
    const r = el.getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width, h: r.height };
  };
  return {
    cards: new Map([...root.querySelectorAll<HTMLElement>('[data-fly][data-card]')].map((el) => [el.dataset.card!, box(el)])),
    zones: new Map([...root.querySelectorAll<HTMLElement>('[data-zone]')].map((el) => [el.dataset.zone!, box(el)])),
  };
}

/** The transform that puts a box drawn at `at` where `from` is (centre to centre, scaled to its width). */
function offset(from: Box, at: Box): string {
  const dx = from.x + from.w / 2 - (at.x + at.w / 2);
  const dy = from.y + from.h / 2 - (at.y + at.h / 2);
  const s = at.w > 0 ? Math.min(1.6, Math.max(0.3, from.w / at.w)) : 1;
  return `translate(${dx}px, ${dy}px) scale(${s})`;
}
