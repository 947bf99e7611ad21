import type { SeatView, Settings, TableView } from '../api/types';
import type { Key } from '../i18n';

/**
 * A seat's place on the far side of the oval, where the viewer looks across the table: `x` in percent of the table's
 * width, `lift` how far down the arc it sits (0 at the top in the middle, towards 1 at the sides), which the page turns
 * into pixels for the screen at hand.
 */
export interface SeatSpot {
  seat: number;
  x: number;
  lift: number;
  /** The same order in even slots across the width, for a narrow screen (percent of its width). */
  slot: number;
}

/**
 * Where the seats sit, as at a real table: the viewer at the near side (the hand, not listed), the others along the
 * far arc in play order — clockwise, so the next seat is on the viewer's left (play goes to the left, rules.md §4) and
 * the last on the right; a partner (seat + players/2) sits opposite, at the top in the middle. A spectator (no seat)
 * sees every seat along the arc, seat 0 on the left.
 */
export function seatSpots(players: number, mySeat: number | null): SeatSpot[] {
  const own = mySeat !== null && mySeat >= 0;
  const anchor = own ? mySeat : players - 1;
  const k = own ? players - 1 : players;
  return Array.from({ length: k }, (_, j) => {
    // j-th of k along the arc from the left (180°) over the top (270°) to the right (360°), screen angles (y down)
    const a = ((180 + ((j + 0.5) * 180) / k) * Math.PI) / 180;
    return { seat: (anchor + 1 + j) % players, x: round(50 + 46 * Math.cos(a)), lift: round(1 + Math.sin(a)),
      slot: round(((j + 0.5) * 100) / k) };
  });
}

const round = (x: number) => Math.round(x * 100) / 100;

/** In team play the seat opposite (rules.md §5), else null. */
export function partnerOf(settings: Pick<Settings, 'teams' | 'players'>, seat: number | null): number | null {
  if (!settings.teams || seat === null || seat < 0) return null;
  return (seat + settings.players / 2) % settings.players;
}

/** A seat's role in the running bout, as its badge says it. */
export type Role = 'attacks' | 'defends' | 'throws' | 'passed' | 'out' | null;

/** The words of each role's badge. */
export const ROLE_WORDS: Record<Exclude<Role, null>, Key> = {
  attacks: 'table.attacks', defends: 'table.defends', throws: 'seat.throws', passed: 'table.passed', out: 'seat.out',
};

export function roleOf(d: SeatView, seat: number): Role {
  if (d.out.includes(seat)) return 'out';
  if (d.phase === 'DEAL_OVER') return null;
  if (d.attacker === seat) return 'attacks';
  if (d.defender === seat) return 'defends';
  if (d.passed.includes(seat)) return 'passed';
  if (d.stillToCome.includes(seat)) return 'throws';
  return null;
}

/**
 * In team play, a seat that acts for its partner's role because the partner's hand is empty (rules.md §5): the seat to
 * act now and the partner it plays for; null otherwise.
 */
export function actingFor(view: TableView): { actor: number; forSeat: number } | null {
  const d = view.deal;
  if (!d || d.toAct === null || d.phase === 'DEAL_OVER') return null;
  const p = partnerOf(view.table.settings, d.toAct);
  if (p === null || d.handSizes[p] !== 0 || (p !== d.attacker && p !== d.defender)) return null;
  return { actor: d.toAct, forSeat: p };
}
