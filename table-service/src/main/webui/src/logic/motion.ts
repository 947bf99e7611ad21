import type { TableEvent } from '../api/types';

/** A box on the screen (a card's, a seat's, the stock's). */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The table as drawn at one moment: where each card that moves is (by code), and where the places cards come from and
 * go to are (`stock`, `discard`, `hand`, `seat-N`).
 */
export interface Snapshot {
  cards: Map<string, Box>;
  zones: Map<string, Box>;
}

/**
 * One card's flight between two drawings of the table: `move`, a card drawn both times, from its old place to its new
 * one (hand → table, table → hand on a take, a sort); `enter`, a card new on the page, from where it came (the seat
 * that played it, the stock it was drawn from); `ghost`, a card no longer drawn (to the discard on bito, to the taker)
 * or another seat's drawn card (face down, `card` null), flown by a copy.
 */
export interface Flight {
  kind: 'move' | 'enter' | 'ghost';
  card: string | null;
  from: Box;
  to: Box;
  delay: number;
}

/** Milliseconds: one flight, and the step between cards drawn one after another. */
export const FLIGHT_MS = 260;
export const STAGGER_MS = 70;

const moved = (a: Box, b: Box) => Math.abs(a.x - b.x) > 1 || Math.abs(a.y - b.y) > 1 || Math.abs(a.w - b.w) > 1;
const list = (x: unknown) => (Array.isArray(x) ? x.map(String) : []);

/**
 * The flights from one drawing to the next, read from the events between them (which seat laid which card, who drew
 * what in which order, whether the bout went to the discard or to the taker). The draws follow the draw order of the
 * events (rules.md §4.6: the attacker first, the defender last), one card after another, after the bout has left.
 */
export function planFlights(before: Snapshot, after: Snapshot, events: TableEvent[], mySeat: number | null): Flight[] {
  const laidBy = new Map<string, number>();
  const draws: { seat: number; cards: string[]; count: number }[] = [];
  let boutTo: string | null = null;
  for (const e of events) {
    const seat = typeof e.seat === 'number' ? e.seat : -1;
    if (e.type === 'Attacked' || e.type === 'Threw') list(e.cards).forEach((c) => laidBy.set(c, seat));
    else if (e.type === 'Covered' || e.type === 'Transferred') laidBy.set(String(e.card), seat);
    else if (e.type === 'BoutEnded') boutTo = e.taken ? `seat-${e.defender}` : 'discard';
    else if (e.type === 'CardsDrawn') {
      const cards = list(e.cards);
      draws.push({ seat, cards, count: cards.length || (typeof e.count === 'number' ? e.count : 0) });
    }
  }
  const zone = (name: string) => after.zones.get(name) ?? before.zones.get(name) ?? null;
  const out: Flight[] = [];

  // what left the page: the bout to the discard or to the one who took it
  let left = 0;
  for (const [card, from] of before.cards) {
    if (after.cards.has(card) || !boutTo) continue;
    const to = zone(boutTo);
    if (to) out.push({ kind: 'ghost', card, from, to, delay: 0 });
    left++;
  }

  // the draws, in order, after the bout has gone
  let step = 0;
  const drawStart = left > 0 ? FLIGHT_MS : 0;
  const drawnHere = new Map<string, number>();
  const stock = zone('stock');
  for (const d of draws) {
    if (d.seat === mySeat) d.cards.forEach((c) => drawnHere.set(c, drawStart + STAGGER_MS * step++));
    else {
      const to = zone(`seat-${d.seat}`);
      for (let i = 0; i < Math.min(d.count, 6); i++) {
        if (stock && to) out.push({ kind: 'ghost', card: null, from: stock, to, delay: drawStart + STAGGER_MS * step });
        step++;
      }
    }
  }

  // what is on the page now: moved, or new from where it came
  let dealt = 0;
  for (const [card, to] of after.cards) {
    const was = before.cards.get(card);
    if (was) {
      if (moved(was, to)) out.push({ kind: 'move', card, from: was, to, delay: 0 });
      continue;
    }
    const by = laidBy.get(card);
    const from = by !== undefined ? zone(by === mySeat ? 'hand' : `seat-${by}`) : stock;
    if (!from) continue;
    const delay = by !== undefined ? 0 : drawnHere.get(card) ?? drawStart + STAGGER_MS * dealt++;
    out.push({ kind: 'enter', card, from, to, delay });
  }
  return out;
}
