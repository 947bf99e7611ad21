import { describe, expect, it } from 'vitest';
import { FLIGHT_MS, planFlights, STAGGER_MS, type Box, type Snapshot } from './motion';

const box = (x: number, y: number, w = 50): Box => ({ x, y, w, h: w * 1.4 });
const zones = new Map<string, Box>([['stock', box(0, 200, 40)], ['discard', box(600, 200, 40)], ['hand', box(300, 500, 300)],
  ['seat-0', box(100, 0, 90)], ['seat-2', box(500, 0, 90)]]);
const snap = (cards: [string, Box][]): Snapshot => ({ cards: new Map(cards), zones });

// Ann in seat 1, Bot 0 on her left, Bot 2 on her right.
describe('planFlights', () => {
  it('moves a card played from the hand to the table; a card another seat laid comes from that seat', () => {
    const before = snap([['7H', box(300, 500)]]);
    const after = snap([['7H', box(280, 250)], ['9H', box(290, 260)]]);
    const f = planFlights(before, after, [{ type: 'Attacked', seat: 1, cards: ['7H'] }, { type: 'Covered', seat: 2, attack: '7H', card: '9H' }], 1);
    expect(f).toEqual([
      { kind: 'move', card: '7H', from: box(300, 500), to: box(280, 250), delay: 0 },
      { kind: 'enter', card: '9H', from: zones.get('seat-2'), to: box(290, 260), delay: 0 },
    ]);
  });

  it('sends the bout to the discard on bito, then deals the draws in their order: others’ face down, one’s own face up', () => {
    const before = snap([['7H', box(280, 250)], ['9H', box(290, 260)], ['KS', box(300, 500)]]);
    const after = snap([['KS', box(300, 500)], ['AC', box(350, 500)]]);
    const f = planFlights(before, after, [
      { type: 'BoutEnded', taken: false, defender: 2, cards: ['7H', '9H'] },
      { type: 'CardsDrawn', seat: 0, count: 2 },
      { type: 'CardsDrawn', seat: 1, cards: ['AC'] },
    ], 1);
    expect(f).toEqual([
      { kind: 'ghost', card: '7H', from: box(280, 250), to: zones.get('discard'), delay: 0 },
      { kind: 'ghost', card: '9H', from: box(290, 260), to: zones.get('discard'), delay: 0 },
      { kind: 'ghost', card: null, from: zones.get('stock'), to: zones.get('seat-0'), delay: FLIGHT_MS },
      { kind: 'ghost', card: null, from: zones.get('stock'), to: zones.get('seat-0'), delay: FLIGHT_MS + STAGGER_MS },
      { kind: 'enter', card: 'AC', from: zones.get('stock'), to: box(350, 500), delay: FLIGHT_MS + 2 * STAGGER_MS },
    ]);
  });

  it('sends a taken bout to the one who took it', () => {
    const before = snap([['7H', box(280, 250)], ['8H', box(380, 250)]]);
    const f = planFlights(before, snap([]), [{ type: 'BoutEnded', taken: true, defender: 0, cards: ['7H', '8H'] }], 1);
    expect(f.map((x) => [x.kind, x.card, x.to])).toEqual([['ghost', '7H', zones.get('seat-0')], ['ghost', '8H', zones.get('seat-0')]]);
  });

  it('leaves what did not move, and lets nothing vanish without its event', () => {
    const same = snap([['7H', box(280, 250)]]);
    expect(planFlights(same, same, [], 1)).toEqual([]);
    expect(planFlights(same, snap([]), [], 1)).toEqual([]);
  });
});
