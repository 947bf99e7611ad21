import type { Board, LeaderboardPage, LeaderboardRow } from '../api/types';
import { translate } from '../i18n';
import type { Tr } from './view';

// rules.md §7 as the final board shows it: 3 × each deal's points, the place bonus, −10 for leaving early. The number
// itself is the server's (match.leaderboardPoints, the engine's LeaderboardPoints); this only writes out the sum.
export const PER_DEAL_POINT = 3;
export const PLACE_BONUS = [30, 15, 5];

export function placeBonus(place: number): number {
  return place >= 1 && place <= PLACE_BONUS.length ? PLACE_BONUS[place - 1] : 0;
}

/** A seat's deal points, deal by deal, from the board's rows. */
export function dealPoints(board: Board, seat: number): number[] {
  return board.deals.map((d) => d.rows.find((r) => r.seat === seat)?.points ?? 0);
}

/**
 * "3 × (2 + 0 + 1) + 30 for place 1 = 39": the calculation of a seat's leaderboard points, and its total; the bonus
 * says its place, so a shared third place (a losing team of four) reads as what it is.
 */
export function pointsCalculation(deals: number[], place: number, tr: Tr = (k, p) => translate('en', k, p)): { text: string; total: number } {
  const sum = deals.reduce((a, b) => a + b, 0);
  const bonus = placeBonus(place);
  const total = PER_DEAL_POINT * sum + bonus;
  const inner = deals.length === 1 ? `${deals[0]}` : `(${deals.join(' + ')})`;
  const words = bonus > 0 ? tr('lb.bonus', { bonus, place }) : tr('lb.noBonus', { place });
  return { text: `${PER_DEAL_POINT} × ${inner} + ${words} = ${total}`, total };
}

/** The pages of a board of `total` players, at least one. */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The asked-for player's own row when it is not among the page's rows (shown under the page). */
export function ownRowOutside(page: LeaderboardPage): LeaderboardRow | null {
  const own = page.player;
  if (!own) return null;
  return page.rows.some((r) => r.playerId === own.playerId) ? null : own;
}

/** A share 0..1 as a whole percent. */
export function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** The client's replay route of a table (hash routes: /#/replays/{id}). */
export function replayRoute(tableId: string): string {
  return `/replays/${encodeURIComponent(tableId)}`;
}
