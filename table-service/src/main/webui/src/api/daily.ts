import { call } from './http';

// The daily game (docs/daily.md): matchmaking-service's /api/daily and the leaderboard service's /api/daily/list and
// streak, both through this origin (table-service forwards them).

export interface DailyEntry {
  rank: number;
  playerId: string;
  name: string;
  points: number;
  deals: number;
  finished: boolean;
  left: boolean;
}

export interface DailyList {
  date: string;
  timeZone: string;
  page: number;
  size: number;
  total: number;
  entries: DailyEntry[];
  player: DailyEntry | null;
}

export interface DailyToday {
  date: string;
  timeZone: string;
  attempted: boolean;
  practice: boolean;
  tableId: string | null;
  attempts: number;
  result: DailyEntry | null;
}

export interface DailyStarted {
  tableId: string;
  date: string;
  timeZone: string;
  practice: boolean;
}

export interface Streak {
  current: number;
  best: number;
}

export const daily = {
  today: () => call<DailyToday>('GET', '/api/daily'),
  play: () => call<DailyStarted>('POST', '/api/daily'),
  list: (date: string, page: number, size: number, player?: string) =>
    call<DailyList>('GET', `/api/daily/list?${new URLSearchParams({
      date, page: String(page), size: String(size), ...(player ? { player } : {}),
    })}`),
  streak: (playerId: string) =>
    call<{ streak?: Streak }>('GET', `/api/players/${encodeURIComponent(playerId)}`).then((p) => p.streak ?? null),
};
