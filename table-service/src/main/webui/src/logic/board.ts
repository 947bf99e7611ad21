import type { BoardRow, Settings } from '../api/types';
import type { Key } from '../i18n';
import { partnerOf } from './seats';
import type { Tr } from './view';

/**
 * How a seat's deal points came about (rules.md §6), in the page's language and from this seat's side: "1 + 2 players
 * out after you = 3" in one's own row, "… after them" in another's; in team play the team's ("after yours").
 */
export function calcText(row: Pick<BoardRow, 'seat' | 'points'>, durak: number | null, mySeat: number,
                         settings: Pick<Settings, 'teams' | 'players'>, name: string, tr: Tr): string {
  const teams = settings.teams;
  const own = row.seat === mySeat || (teams && partnerOf(settings, mySeat) === row.seat);
  if (row.points === 0) {
    if (!teams || row.seat === durak) return tr('board.calc.durak');
    return tr(own ? 'board.calc.teamDurak.you' : 'board.calc.teamDurak');
  }
  const n = row.points - 1;
  if (n === 0) return tr('board.calc.first');
  const key = `board.calc.${teams ? 'team.' : ''}${own ? 'you' : 'them'}${n === 1 ? '1' : ''}` as Key;
  return tr(key, { n, p: row.points, name });
}

/** The teams of a table in team play, each as its two seats (seat i and i + players/2); empty without teams. */
export function teamsOf(settings: Pick<Settings, 'teams' | 'players'>): number[][] {
  if (!settings.teams) return [];
  const half = settings.players / 2;
  return Array.from({ length: half }, (_, i) => [i, i + half]);
}
