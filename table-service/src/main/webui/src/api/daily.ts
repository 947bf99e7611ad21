import { call } from './http';
import type { Answer, Schemas } from './schema';

// The daily game (docs/daily.md): matchmaking-service's /api/daily and the leaderboard service's /api/daily/list and
// streak, both through this origin (table-service forwards them).

// The document's own types.
export type DailyList = Schemas['DailyList'];
export type DailyToday = Schemas['DailyToday'];
export type Streak = Schemas['Streak'];

export const daily = {
  today: () => call<Answer<'/api/daily', 'get'>>('GET', '/api/daily'),
  play: () => call<Answer<'/api/daily', 'post'>>('POST', '/api/daily'),
  list: (date: string, page: number, size: number, player?: string) =>
    call<Answer<'/api/daily/list', 'get'>>('GET', `/api/daily/list?${new URLSearchParams({
      date, page: String(page), size: String(size), ...(player ? { player } : {}),
    })}`),
  streak: (playerId: string) =>
    call<Answer<'/api/players/{id}', 'get'>>('GET', `/api/players/${encodeURIComponent(playerId)}`)
      .then((p) => p.streak ?? null),
};
