import type { Settings } from '../api/types';
import type { Key } from '../i18n';
import type { Tr } from './view';

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

/** A choice's label in a language (the i18n keys `choice.KIND.VALUE`). */
export const choiceLabel = (tr: Tr, kind: string, v: unknown) => tr(`choice.${kind}.${v}` as Key);

/**
 * Every house rule of a table in one line (rules.md §1), in the page's language: variant, deck, players and teams,
 * throw-in, the first bout's limit, showing a trump to transfer (perevodnoi), the discard, deals, clock and stake.
 */
export function rulesSummary(s: Settings, tr: Tr): string {
  const parts = [choiceLabel(tr, 'variant', s.variant), choiceLabel(tr, 'deck', s.deck),
    tr(s.teams ? 'lobby.playersTeams' : 'lobby.players', { n: s.players }),
    tr('rules.throwIn', { v: choiceLabel(tr, 'throwIn', s.throwIn) }),
    tr('rules.firstBout', { v: choiceLabel(tr, 'firstBoutLimit', s.firstBoutLimit) })];
  if (s.variant === 'PEREVODNOI' && s.showTrumpToTransfer) parts.push(tr('rules.showTrump'));
  parts.push(tr(s.discardVisible ? 'rules.discardUp' : 'rules.discardDown'),
    tr(s.dealsPerMatch === 1 ? 'lobby.deal' : 'lobby.deals', { n: s.dealsPerMatch }), choiceLabel(tr, 'turnClock', s.turnClock));
  if (s.stake > 0) parts.push(tr('lobby.stake', { n: s.stake }));
  return parts.join(' · ');
}
