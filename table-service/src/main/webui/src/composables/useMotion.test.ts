// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { effectScope, nextTick, ref, watch, type EffectScope } from 'vue';
import type { EventEnvelope } from '../api/types';
import { useMotion } from './useMotion';

// The page as useMotion sees it: elements with data-fly/data-card and data-zone whose boxes the test sets (`at`).
let scope: EffectScope;
let animations: { el: Element; frames: Keyframe[]; options: KeyframeAnimationOptions }[];
/** Lands every flight still in the air. */
let land: () => void;
let reduced = false;
beforeEach(() => {
  animations = [];
  reduced = false;
  document.body.innerHTML = '<div id="page"><div data-zone="stock"></div><div data-zone="seat-0"></div><div data-zone="discard"></div><div id="bout"></div></div>';
  const landed = new Promise<void>((resolve) => (land = resolve));
  Element.prototype.animate = function (this: Element, frames: Keyframe[], options: KeyframeAnimationOptions) {
    animations.push({ el: this, frames, options });
    return { finished: landed } as unknown as Animation;
  } as typeof Element.prototype.animate;
  window.matchMedia = ((q: string) => ({ matches: reduced && q.includes('reduce'), media: q, addEventListener: () => {},
    removeEventListener: () => {} })) as unknown as typeof window.matchMedia;
});
afterEach(() => scope?.stop());

function at(el: Element, x: number, y: number, w = 50) {
  (el as HTMLElement).getBoundingClientRect = () => ({ left: x, top: y, width: w, height: w * 1.4, right: x + w, bottom: y + w * 1.4 } as DOMRect);
}
function card(code: string, x: number, y: number): HTMLElement {
  const el = document.createElement('div');
  el.setAttribute('data-fly', '');
  el.dataset.card = code;
  el.setAttribute('aria-label', code);
  el.textContent = code;
  at(el, x, y);
  return el;
}

/** useMotion on the page; `render` changes the page as Vue would, after the old one was measured, before the flights. */
function moving(events: EventEnvelope[], render: () => void) {
  const seq = ref(1);
  const root = ref(document.getElementById('page'));
  scope = effectScope();
  scope.run(() => {
    useMotion(root, () => seq.value, () => events.splice(0), () => 1);
    watch(seq, render);
  });
  for (const [z, x] of [['stock', 0], ['seat-0', 100], ['discard', 600]] as const) at(document.querySelector(`[data-zone="${z}"]`)!, x, 0);
  return seq;
}
/** The next frame: the flights start there. */
const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const env = (event: EventEnvelope['event']): EventEnvelope => ({ tableId: 't', seq: 2, type: event.type, at: '', event });

describe('useMotion', () => {
  it('flies a card another seat laid from that seat to where it now lies, on the compositor', async () => {
    const events: EventEnvelope[] = [];
    const seq = moving(events, () => document.getElementById('bout')!.appendChild(card('7H', 300, 200)));
    events.push(env({ type: 'Attacked', seat: 0, cards: ['7H'] }));
    seq.value = 2;
    await nextTick();
    expect(animations).toEqual([]); // not before the next frame
    await frame();
    expect(animations).toHaveLength(1);
    const [{ el, frames }] = animations;
    expect((el as HTMLElement).dataset.card).toBe('7H');
    // from the seat's centre (125, 35) to the card's (325, 235)
    expect(frames[0].transform).toBe('translate(-200px, -200px) scale(1)');
    expect(frames[1].transform).toBe('none');
  });

  it('flies a copy of the bout to the discard on bito; the copy names no card and goes when it lands', async () => {
    const events: EventEnvelope[] = [];
    const bout = document.getElementById('bout')!;
    bout.appendChild(card('7H', 300, 200));
    const seq = moving(events, () => (bout.innerHTML = ''));
    events.push(env({ type: 'BoutEnded', taken: false, defender: 2, cards: ['7H'] }));
    seq.value = 2;
    await nextTick();
    await frame();
    expect(animations).toHaveLength(1);
    const copy = animations[0].el as HTMLElement;
    expect(copy.closest('.flights')).not.toBeNull();
    expect(copy.getAttribute('aria-hidden')).toBe('true');
    expect(copy.hasAttribute('data-card') || copy.hasAttribute('aria-label')).toBe(false);
    expect(copy.textContent).toBe('7H'); // the card as it was drawn
    land();
    await Promise.resolve();
    await Promise.resolve();
    expect(document.querySelector('.flights')!.children).toHaveLength(0);
  });

  it('makes the copy of a tappable card unfocusable, as nothing hidden from readers may take focus', async () => {
    const events: EventEnvelope[] = [];
    const bout = document.getElementById('bout')!;
    const button = document.createElement('button');
    button.setAttribute('data-fly', '');
    button.dataset.card = '7H';
    button.innerHTML = '<span>7H</span>';
    at(button, 300, 200);
    bout.appendChild(button);
    const seq = moving(events, () => (bout.innerHTML = ''));
    events.push(env({ type: 'BoutEnded', taken: false, defender: 2, cards: ['7H'] }));
    seq.value = 2;
    await nextTick();
    await frame();
    const copy = animations[0].el as HTMLElement;
    expect(copy.tagName).toBe('BUTTON');
    expect(copy.getAttribute('tabindex')).toBe('-1');
    expect(copy.querySelector('span')!.getAttribute('tabindex')).toBe('-1');
    expect((copy.closest('.flights') as HTMLElement).inert).toBe(true);
  });

  it('moves nothing when the system asks for reduced motion', async () => {
    reduced = true;
    const events: EventEnvelope[] = [];
    const seq = moving(events, () => document.getElementById('bout')!.appendChild(card('7H', 300, 200)));
    events.push(env({ type: 'Attacked', seat: 0, cards: ['7H'] }));
    seq.value = 2;
    await nextTick();
    await frame();
    expect(animations).toEqual([]);
  });

  it('makes one set of flights for a burst of changes within a frame, from where the cards were before the burst', async () => {
    const events: EventEnvelope[] = [];
    let step = 0;
    const seq = moving(events, () => {
      step++;
      if (step === 1) document.getElementById('bout')!.appendChild(card('7H', 300, 200));
      else at(document.querySelector('[data-card="7H"]')!, 320, 210);
    });
    events.push(env({ type: 'Attacked', seat: 0, cards: ['7H'] }));
    seq.value = 2;
    await nextTick();
    seq.value = 3;
    await nextTick();
    await frame();
    expect(animations).toHaveLength(1);
    expect(animations[0].frames[0].transform).toBe('translate(-220px, -210px) scale(1)'); // from the seat, to its last place
  });
});
