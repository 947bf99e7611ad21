// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick, ref, type EffectScope } from 'vue';
import { POPOVER_ID, usePopover } from './usePopover';

let scope: EffectScope;
let seq: ReturnType<typeof ref<number>>;
let p: ReturnType<typeof usePopover>;
let card: HTMLButtonElement;
let stock: HTMLButtonElement;
beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '<button id="card">7H</button><button id="stock">stock</button><div id="elsewhere"></div>';
  card = document.getElementById('card') as HTMLButtonElement;
  stock = document.getElementById('stock') as HTMLButtonElement;
  seq = ref(1);
  scope = effectScope();
  p = scope.run(() => usePopover(() => seq.value))!;
});
afterEach(() => {
  scope.stop();
  vi.useRealTimers();
});
/** Calls the listener `bind` gives for `type` as the browser would, with the element as currentTarget. */
function fire(el: HTMLElement, type: string, init: Record<string, unknown> = {}) {
  const listeners = p.bind(el.id === 'card' ? 'card:7H' : 'stock') as unknown as Record<string, (e: unknown) => void>;
  listeners[type]({ currentTarget: el, target: el, preventDefault: () => {}, pointerType: 'mouse', ...init });
}

describe('usePopover', () => {
  it('opens on a mouse’s hover, names its element (aria-describedby) and closes when the pointer leaves', () => {
    fire(card, 'pointerenter');
    expect(p.open.value).toEqual({ key: 'card:7H', anchor: card });
    expect(card.getAttribute('aria-describedby')).toBe(POPOVER_ID);
    fire(card, 'pointerleave');
    expect(p.open.value).toBeNull();
    expect(card.hasAttribute('aria-describedby')).toBe(false);
  });

  it('opens on a finger’s long press, and the click that ends it is no tap', () => {
    fire(card, 'pointerdown', { pointerType: 'touch' });
    vi.advanceTimersByTime(550);
    expect(p.open.value?.key).toBe('card:7H');
    fire(card, 'pointerup');
    expect(p.swallow()).toBe(true);
    // a tap on the stock opens its popover, and a second one closes it
    p.tap({ currentTarget: stock, pointerType: 'touch' } as unknown as MouseEvent, 'stock');
    expect(p.open.value).toEqual({ key: 'stock', anchor: stock });
    expect(card.hasAttribute('aria-describedby')).toBe(false);
    p.tap({ currentTarget: stock, pointerType: 'touch' } as unknown as MouseEvent, 'stock');
    expect(p.open.value).toBeNull();
  });

  it('closes when the table moves on, and on a tap elsewhere', async () => {
    fire(card, 'pointerenter');
    seq.value = 2;
    await nextTick();
    expect(p.open.value).toBeNull();
    fire(stock, 'pointerenter');
    document.getElementById('elsewhere')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(p.open.value).toBeNull();
  });

  it('one at a time: another element’s popover replaces the open one', () => {
    fire(card, 'pointerenter');
    fire(stock, 'pointerenter');
    expect(p.open.value?.anchor).toBe(stock);
    expect(card.hasAttribute('aria-describedby')).toBe(false);
  });
});
