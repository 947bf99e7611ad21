import type { Settings } from '../api/types';

/** The choices of RULES.md §1, for the create form. */
export const CHOICES = {
  variant: [['PODKIDNOI', 'Podkidnoi (throw-in)'], ['PEREVODNOI', 'Perevodnoi (throw-in + transfer)']],
  deck: [[36, '36 cards (6–A)'], [52, '52 cards (2–A)'], [24, '24 cards (9–A)']],
  players: [2, 3, 4, 5, 6],
  throwIn: [['ALL', 'everyone'], ['NEIGHBOURS', 'neighbours first'], ['NEIGHBOURS_ONLY', 'neighbours only']],
  firstBoutLimit: [['FIRST_BOUT', '5 in the first bout'], ['UNTIL_FIRST_DISCARD', '5 until the first discard'], ['NONE', 'always 6']],
  dealsPerMatch: [1, 3, 5, 7],
  turnClock: [[null, 'no clock'], [30, '30 s'], [60, '60 s'], [90, '90 s'], [120, '2 min']],
} as const;

/** RULES.md §1's defaults (60 s clock for tables with others; solo games have none). */
export function defaultSettings(players = 2): Settings {
  return {
    variant: 'PODKIDNOI', deck: 36, players, teams: false, throwIn: 'ALL', firstBoutLimit: 'FIRST_BOUT',
    showTrumpToTransfer: false, discardVisible: true, dealsPerMatch: 5, turnClock: 60, stake: 0, spectators: true,
  };
}

/** One line of house rules for the lobby list. */
export function describe(s: Settings): string {
  const parts = [
    s.variant === 'PEREVODNOI' ? 'perevodnoi' : 'podkidnoi',
    `${s.deck} cards`,
    `${s.players} players${s.teams ? ' in teams' : ''}`,
    `${s.dealsPerMatch} deal${s.dealsPerMatch === 1 ? '' : 's'}`,
    s.turnClock ? `${s.turnClock} s clock` : 'no clock',
  ];
  if (s.stake > 0) parts.push(`stake ${s.stake}`);
  return parts.join(' · ');
}
