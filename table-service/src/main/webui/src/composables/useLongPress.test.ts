import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, type EffectScope } from 'vue';
import { useLongPress } from './useLongPress';

const touch = { pointerType: 'touch' };
const mouse = { pointerType: 'mouse' };
let scope: EffectScope;
let pressed: string[];
let press: ReturnType<typeof useLongPress<string>>;
beforeEach(() => {
  vi.useFakeTimers();
  pressed = [];
  scope = effectScope();
  press = scope.run(() => useLongPress<string>((c) => pressed.push(c)))!;
});
afterEach(() => {
  scope.stop();
  vi.useRealTimers();
});

describe('useLongPress', () => {
  it('a finger held 550 ms is a long press, and the click that ends it is no tap', () => {
    press.start(touch, '7H');
    vi.advanceTimersByTime(549);
    expect(pressed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(pressed).toEqual(['7H']);
    press.end();
    expect(press.swallow()).toBe(true);
    expect(press.swallow()).toBe(false); // the next click is a tap again
  });

  it('a finger lifted sooner, or leaving the card, is a tap', () => {
    press.start(touch, '7H');
    vi.advanceTimersByTime(500);
    press.end();
    press.start({ pointerType: 'pen' }, '9S');
    vi.advanceTimersByTime(300);
    press.end();
    vi.advanceTimersByTime(1000);
    expect(pressed).toEqual([]);
    expect(press.swallow()).toBe(false);
  });

  it('a mouse has the hover title: holding it is no long press', () => {
    press.start(mouse, '7H');
    vi.advanceTimersByTime(2000);
    expect(pressed).toEqual([]);
  });

  it('a new press starts the time again, for its own card', () => {
    press.start(touch, '7H');
    vi.advanceTimersByTime(400);
    press.start(touch, '9S');
    vi.advanceTimersByTime(400);
    expect(pressed).toEqual([]);
    vi.advanceTimersByTime(150);
    expect(pressed).toEqual(['9S']);
  });

  it('a press still held when the page goes fires nothing', () => {
    press.start(touch, '7H');
    scope.stop();
    vi.advanceTimersByTime(1000);
    expect(pressed).toEqual([]);
  });
});
