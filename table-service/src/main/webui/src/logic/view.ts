import type { Seat, SeatView, TableView } from '../api/types';
import { translate, type Key } from '../i18n';

/** A text of the i18n table (`translate` in a language); English unless the page passes its own. */
export type Tr = (key: Key, params?: Record<string, string | number>) => string;
const EN: Tr = (key, params) => translate('en', key, params);

/** A seat's name as the table shows it: the person's name, or the bot's level. */
export function seatName(seats: Seat[], seat: number | null, tr: Tr = EN): string {
  if (seat === null || seat < 0) return '—';
  const s = seats[seat];
  if (!s) return tr('table.seat', { n: seat + 1 });
  if (s.bot) return tr('view.bot', { n: seat, level: tr(`choice.level.${s.bot}` as Key) });
  return s.name ?? (s.free ? tr('view.freeSeat') : tr('table.seat', { n: seat + 1 }));
}

/** A seat's name as this seat sees it: "You" for its own. */
export function seatLabel(view: TableView, seat: number | null, tr: Tr = EN): string {
  return seat === view.seat ? tr('table.you') : seatName(view.table.seats, seat, tr);
}

/** The other seats in play order, starting left of this one (clockwise); for a spectator every seat from the first. */
export function opponents(view: TableView): number[] {
  const n = view.table.seats.length;
  if (view.seat < 0) return Array.from({ length: n }, (_, i) => i);
  return Array.from({ length: n - 1 }, (_, i) => (view.seat + 1 + i) % n);
}

/** The situation line: who attacks whom, whose turn, how many more cards fit. */
export function situation(view: TableView, tr: Tr = EN): string {
  const d = view.deal;
  const seats = view.table.seats;
  if (!d) return '';
  if (d.phase === 'DEAL_OVER') return tr('sit.over');
  const name = (s: number | null) => seatName(seats, s, tr);
  const parts = [d.attacker === view.seat ? tr('sit.youAttack', { def: name(d.defender) })
    : d.defender === view.seat ? tr('sit.attacksYou', { att: name(d.attacker) })
      : tr('sit.attacks', { att: name(d.attacker), def: name(d.defender) })];
  parts.push(d.toAct === view.seat ? tr('sit.yourTurn') : tr('sit.toAct', { name: name(d.toAct) }));
  if (d.phase !== 'DEFENSE') parts.push(tr(d.roomLeft === 1 ? 'sit.fitOne' : 'sit.fit', { n: d.roomLeft }));
  if (d.phase === 'TAKE_ADDING') parts.push(d.defender === view.seat ? tr('sit.youTake') : tr('sit.takes', { name: name(d.defender) }));
  return parts.join(' · ');
}

/** Whether this seat has a decision to make now. */
export function myTurn(d: SeatView | null): boolean {
  return !!d && d.seat !== null && d.toAct === d.seat && d.legalMoves.length > 0;
}

/** What the table page shows: the running deal, the board between deals, the final board, or the waiting table. */
export function stage(view: TableView): 'waiting' | 'deal' | 'board' | 'final' {
  if (view.table.status === 'FINISHED') return 'final';
  if (!view.match) return 'waiting';
  // the board after the last deal is the final board, also in the moment before the match's end is recorded
  if (view.match.places !== null || (view.match.onBoard && view.match.dealNumber >= view.match.dealsPerMatch)) return 'final';
  if (view.match.onBoard) return 'board';
  return view.deal ? 'deal' : 'waiting';
}

/** Seconds left until an ISO instant, never below 0. */
export function secondsLeft(iso: string | null, now: number): number | null {
  if (!iso) return null;
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));
}

/** Whether leaving now costs −10 on the leaderboard: the match runs and another person plays at the table. */
export function leaveCostsPoints(view: TableView): boolean {
  if (view.table.status !== 'PLAYING') return false;
  return view.table.seats.some((s) => s.human && s.seat !== view.seat);
}

/** Who left the match, for the other players: "Ann left; Easy bot 2 plays for them" (or that it ended). */
export function leftNotes(view: TableView, text: (name: string, bot: string | null) => string): string[] {
  return (view.table.left ?? []).map((l) =>
    text(l.name ?? `Seat ${l.seat + 1}`, l.replacedBy ? seatName(view.table.seats, l.seat) : null));
}

/** The "Again" line of the final board: who pressed, by name ("You" for this seat). */
export function againPressed(pressed: number[], seats: Seat[], mySeat: number, you: string): string[] {
  return pressed.map((s) => (s === mySeat ? you : seatName(seats, s)));
}
