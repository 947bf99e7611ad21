import { describe, expect, it } from 'vitest';
import type { Board, LeaderboardPage } from '../api/types';
import { translate } from '../i18n';
import { dealPoints, ownRowOutside, pageCount, percent, placeBonus, pointsCalculation, replayRoute } from './leaderboard';

const row = (rank: number, playerId: string, points: number) => ({ rank, playerId, name: playerId, points, matches: 1, rating: null });

describe('the final board’s leaderboard calculation (rules.md §7)', () => {
  it('is three times the deal points plus the place bonus', () => {
    expect(pointsCalculation([2, 0, 1], 1)).toEqual({ text: '3 × (2 + 0 + 1) + 30 for place 1 = 39', total: 39 });
    expect(pointsCalculation([1], 2)).toEqual({ text: '3 × 1 + 15 for place 2 = 18', total: 18 });
    expect(pointsCalculation([0, 0, 0], 4)).toEqual({ text: '3 × (0 + 0 + 0) + no bonus for place 4 = 0', total: 0 });
    // a losing team of four shares place 3: its bonus says so, in German too
    const de: Parameters<typeof pointsCalculation>[2] = (k, p) => translate('de', k, p);
    expect(pointsCalculation([0], 3, de)).toEqual({ text: '3 × 0 + 5 für Platz 3 = 5', total: 5 });
  });
  it('gives 30 / 15 / 5 for places 1 to 3 and nothing after', () => {
    expect([1, 2, 3, 4, 0].map(placeBonus)).toEqual([30, 15, 5, 0, 0]);
  });
  it('reads a seat’s deal points from the board, deal by deal', () => {
    const board = {
      deals: [
        { deal: 1, rows: [{ seat: 0, points: 2 }, { seat: 1, points: 0 }] },
        { deal: 2, rows: [{ seat: 1, points: 3 }, { seat: 0, points: 1 }] },
      ],
    } as unknown as Board;
    expect(dealPoints(board, 0)).toEqual([2, 1]);
    expect(dealPoints(board, 1)).toEqual([0, 3]);
  });
});

describe('the leaderboard page', () => {
  const page = (rows: ReturnType<typeof row>[], player: ReturnType<typeof row> | null): LeaderboardPage =>
    ({ period: 'all', from: null, page: 0, size: 2, total: 5, rows, player });
  it('shows one’s own row under the page only when it is not on it', () => {
    expect(ownRowOutside(page([row(1, 'a', 9), row(2, 'b', 5)], row(4, 'me', 1)))?.rank).toBe(4);
    expect(ownRowOutside(page([row(1, 'me', 9), row(2, 'b', 5)], row(1, 'me', 9)))).toBeNull();
    expect(ownRowOutside(page([row(1, 'a', 9)], null))).toBeNull();
  });
  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
  it('writes rates as percent and replay routes escaped', () => {
    expect(percent(0.256)).toBe('26%');
    expect(replayRoute('t 1')).toBe('/replays/t%201');
  });
});
