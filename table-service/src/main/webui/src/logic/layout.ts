/** A card's height per width (63 × 88 mm, as real playing cards). */
export const CARD_RATIO = 1.4;
/** A pair: the cover lies over its attack card, offset by these shares of a card's width and height. */
const PAIR_W = 1.3;
const PAIR_H = 1.25;
/** The gap between pairs, as a share of a card's width. */
const GAP = 0.16;

/**
 * The bout's pairs in a box of `width` × `height` CSS pixels: the number of columns that gives the largest cards, and
 * that card width (between `min` and `max`), so that up to six pairs fit on a phone as on a desktop.
 */
export function boutLayout(width: number, height: number, pairs: number, min = 26, max = 100): { cols: number; cardW: number } {
  let best = { cols: Math.min(pairs, 3), cardW: min };
  if (width <= 0 || height <= 0) return best;
  let top = 0;
  for (let cols = 1; cols <= pairs; cols++) {
    const rows = Math.ceil(pairs / cols);
    const byWidth = width / (cols * PAIR_W + (cols - 1) * GAP);
    const byHeight = height / (rows * PAIR_H * CARD_RATIO + (rows - 1) * GAP);
    // as large as the room allows; among sizes at the cap, the widest arrangement (a row, as on a real table)
    const w = Math.min(max, Math.min(byWidth, byHeight));
    if (w > top + 0.5 || (w === max && top === max)) {
      top = w;
      best = { cols, cardW: Math.floor(Math.max(min, w)) };
    }
  }
  return best;
}

/**
 * The hand's rows: one row up to 12 cards, two rows from 13 (seed 002), the first row the longer; `oneRow` keeps a
 * single row (a phone held sideways has the width but not the height).
 */
export function handRows<T>(hand: T[], oneRow = false): T[][] {
  if (oneRow || hand.length < 13) return [hand];
  const half = Math.ceil(hand.length / 2);
  return [hand.slice(0, half), hand.slice(half)];
}
