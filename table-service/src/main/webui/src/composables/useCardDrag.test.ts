// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, type EffectScope } from 'vue';
import { useCardDrag, type DropTarget } from './useCardDrag';

// A hand card, the bout (data-drop="table") and an open attack card (data-drop-card); what lies under the pointer is
// what the test says (`under`), as document.elementsFromPoint would answer.
let scope: EffectScope;
let drops: [string, DropTarget][];
let started: number;
let d: ReturnType<typeof useCardDrag>;
let card: HTMLElement;
let under: Element[];
beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '<button id="card">9H</button><div id="bout" data-drop="table"><div id="seven" data-drop-card="7H"></div></div><p id="away"></p>';
  card = document.getElementById('card')!;
  under = [];
  document.elementsFromPoint = () => under;
  drops = [];
  started = 0;
  scope = effectScope();
  d = scope.run(() => useCardDrag((c, t) => drops.push([c, t]), () => started++))!;
});
afterEach(() => {
  scope.stop();
  vi.useRealTimers();
});
const pointer = (type: string, x: number, y: number, pointerType = 'mouse') =>
  window.dispatchEvent(new PointerEvent(type, { clientX: x, clientY: y, pointerId: 1, pointerType, isPrimary: true, button: 0 }));
function press(x: number, y: number, pointerType = 'mouse') {
  d.start({ currentTarget: card, clientX: x, clientY: y, pointerId: 1, isPrimary: true, button: 0, pointerType } as unknown as PointerEvent, '9H');
}

describe('useCardDrag', () => {
  it('drags a card onto the table card it should beat, with a mouse', () => {
    press(10, 300);
    pointer('pointermove', 14, 297);
    expect(d.dragging.value).toBeNull(); // a few pixels are still a tap
    under = [card, document.getElementById('seven')!, document.getElementById('bout')!];
    pointer('pointermove', 200, 100);
    expect(d.dragging.value).toBe('9H');
    expect(started).toBe(1);
    expect(d.over.value).toBe('7H');
    expect(card.style.transform).toBe('translate(190px, -200px)');
    pointer('pointerup', 200, 100);
    expect(drops).toEqual([['9H', { kind: 'card', card: '7H' }]]);
    expect(card.style.transform).toBe('');
    expect(d.dragging.value).toBeNull();
    // the click that ends the drag is no tap; a later one is
    expect(d.swallow()).toBe(true);
    expect(d.swallow()).toBe(false);
  });

  it('drags onto the table with a finger, and nowhere when dropped beside it or cancelled', () => {
    press(10, 300, 'touch');
    under = [document.getElementById('bout')!];
    pointer('pointermove', 100, 120, 'touch');
    pointer('pointerup', 100, 120, 'touch');
    expect(drops).toEqual([['9H', { kind: 'table' }]]);
    press(10, 300, 'touch');
    under = [document.getElementById('away')!];
    pointer('pointermove', 100, 400, 'touch');
    pointer('pointerup', 100, 400, 'touch');
    press(10, 300, 'touch');
    under = [document.getElementById('bout')!];
    pointer('pointermove', 100, 120, 'touch');
    pointer('pointercancel', 100, 120, 'touch');
    expect(drops).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(d.swallow()).toBe(false); // a drag's click that never came does not swallow the next tap
  });

  it('a press without moving is a tap', () => {
    press(10, 300);
    pointer('pointerup', 10, 300);
    expect(drops).toEqual([]);
    expect(d.swallow()).toBe(false);
  });
});
