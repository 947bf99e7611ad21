import type { QuickPlayers, QuickRequest, QuickTicket, Variant } from '../api/types';

// Quick match's view logic (docs/matchmaking.md): the form's request, and the waiting screen's countdown and elapsed
// time between two pushes of the ticket.

export const QUICK_PLAYERS: QuickPlayers[] = ['any', 2, 3, 4, 5, 6];

export interface QuickForm {
  players: QuickPlayers;
  variant: Variant;
  deck: 24 | 36 | 52;
  teams: boolean;
  turnClock: number | null;
  stake: number;
}

export const defaultQuickForm = (): QuickForm => ({
  players: 'any', variant: 'PODKIDNOI', deck: 36, teams: false, turnClock: 60, stake: 0,
});

/** The request of the form: a stake only for an account and only when there is one (guests play without). */
export function quickRequest(f: QuickForm, account: boolean): QuickRequest {
  const r: QuickRequest = { players: f.players, variant: f.variant, deck: f.deck, teams: f.teams, turnClock: f.turnClock };
  if (account && f.stake > 0) r.stake = Math.floor(f.stake);
  return r;
}

/** The waiting screen at `now`: the ticket as last pushed at `receivedAt` (both ms), counted on locally. */
export function waitingClock(t: QuickTicket, receivedAt: number, now: number): { elapsed: string; botsIn: number | null } {
  const since = Math.max(0, (now - receivedAt) / 1000);
  const elapsed = Math.floor(t.waitedSeconds + since);
  const botsIn = t.botsInSeconds === null ? null : Math.max(0, Math.ceil(t.botsInSeconds - since));
  return { elapsed: clockText(elapsed), botsIn };
}

/** 0:07, 1:42, 12:05. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
