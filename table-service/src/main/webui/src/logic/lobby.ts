import type { Settings, TableSummary } from '../api/types';

/** The lobby's filters; `''` (or null for the clock) means any. */
export interface LobbyFilter {
  variant: '' | Settings['variant'];
  players: '' | number;
  deck: '' | Settings['deck'];
  /** '' any, 'none' no clock, or the seconds */
  clock: '' | 'none' | number;
  /** '' any, 'free' without stake, 'stake' with a stake */
  stake: '' | 'free' | 'stake';
}

export const NO_FILTER: LobbyFilter = { variant: '', players: '', deck: '', clock: '', stake: '' };

/** The open tables that pass the filter, in the lobby's order (newest first). */
export function filterTables(tables: TableSummary[], f: LobbyFilter): TableSummary[] {
  return tables.filter((t) => {
    const s = t.settings;
    if (f.variant && s.variant !== f.variant) return false;
    if (f.players !== '' && s.players !== f.players) return false;
    if (f.deck !== '' && s.deck !== f.deck) return false;
    if (f.clock === 'none' && s.turnClock) return false;
    if (typeof f.clock === 'number' && s.turnClock !== f.clock) return false;
    if (f.stake === 'free' && s.stake > 0) return false;
    if (f.stake === 'stake' && !(s.stake > 0)) return false;
    return true;
  });
}
