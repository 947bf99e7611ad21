import { describe, expect, it } from 'vitest';
import { boutLayout, handRows } from './layout';

describe('layout', () => {
  it('arranges up to six pairs as large as the room allows', () => {
    // a phone's bout, upright: two columns of three rows beat one row of six
    expect(boutLayout(340, 300, 6)).toEqual({ cols: 3, cardW: 80 });
    // a wide, low bout: all in a row
    expect(boutLayout(900, 180, 6).cols).toBe(6);
    // never larger than the cap; at the cap, the widest arrangement
    expect(boutLayout(2000, 2000, 2)).toEqual({ cols: 2, cardW: 100 });
    expect(boutLayout(0, 0, 3)).toEqual({ cols: 3, cardW: 26 });
  });

  it('lays the hand in two rows from 13 cards, one row when asked', () => {
    const hand = Array.from({ length: 13 }, (_, i) => i);
    expect(handRows(hand).map((r) => r.length)).toEqual([7, 6]);
    expect(handRows(hand.slice(0, 12)).map((r) => r.length)).toEqual([12]);
    expect(handRows(hand, true).map((r) => r.length)).toEqual([13]);
  });
});
