import type {
  Accepted, AccountSession, Board, Guest, Hint, Replay, Settings, TableSummary, TableView,
  Move, BotLevel, Bots, Me, Period, QuickRequest, EventsPage, LobbyPage, MyTable,
} from './types';
import type { Answer } from './schema';
import { session, signOut } from '../session';
import type { Tempo } from '../logic/prefs';
import { t } from '../i18n';

/** An error answer of the API: its status, stable code and the message that names the field. */
export class ApiError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

/** What to show for a failed call: the API's message (it names the field), or the error itself. */
export function errorText(e: unknown): string {
  return e instanceof ApiError ? e.message : String(e);
}

/** Called when the token is refused (expired, or signed by another key): back to sign-in with a message. */
let onUnauthorized: () => void = () => {};
export function whenUnauthorized(f: () => void): void {
  onUnauthorized = f;
}

export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (session.player) headers.Authorization = `Bearer ${session.player.token}`;
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The server cannot be reached; check the connection and try again.');
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // a proxy's HTML page or the like: shown as a readable message below
  }
  if (!res.ok) {
    const e = json as { code?: string; message?: string } | null;
    const err = new ApiError(res.status, e?.code ?? `HTTP_${res.status}`, e?.message ?? `The server answered ${res.status}.`);
    // a refused token (expired, signed out); not a wrong password (BAD_CREDENTIALS), which signs nobody out
    if (res.status === 401 && err.code === 'UNAUTHORIZED' && session.player) {
      signOut(t('signin.expired'));
      onUnauthorized();
    }
    throw err;
  }
  return json as T;
}

/** A fresh id per command, so a retry of the same call could reuse it (README "REST": commandId). */
export function commandId(): string {
  return `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

export const api = {
  signIn: (name: string) => call<Guest>('POST', '/api/guests', { name }),
  /** A new account; signed in as a guest, that guest becomes the account (the same player id: its history stays). */
  register: (name: string, password: string) => call<AccountSession>('POST', '/api/accounts', { name, password }),
  login: (name: string, password: string) => call<AccountSession>('POST', '/api/sessions', { name, password }),
  /** The token stops working on the server (DELETE /api/sessions/current). */
  logout: () => call<null>('DELETE', '/api/sessions/current'),
  me: () => call<Me>('GET', '/api/me'),
  /** A page of the lobby: `query` as logic/lobby.ts' lobbyQuery writes it (the same as the lobby socket's). */
  tables: (query: Record<string, string>) => call<LobbyPage>('GET', `/api/tables?${new URLSearchParams(query)}`),
  /** Where I sit and the match is not over: running matches first (back to one's match). */
  myTables: () => call<MyTable[]>('GET', '/api/me/tables'),
  table: (id: string) => call<TableSummary>('GET', `/api/tables/${encodeURIComponent(id)}`),
  create: (settings: Partial<Settings>) =>
    call<TableSummary>('POST', '/api/tables', { settings, commandId: commandId() }),
  /** A solo game; `tempo`: how long its bots think (the gear's choice). */
  solo: (settings: Partial<Settings>, bots: Bots, tempo: Tempo) =>
    call<TableView>('POST', '/api/tables/solo', { settings, bots, tempo, commandId: commandId() }),
  join: (id: string, seat?: number) =>
    call<TableSummary>('POST', `/api/tables/${encodeURIComponent(id)}/join`, seat === undefined ? {} : { seat }),
  leave: (id: string) => call<TableSummary>('POST', `/api/tables/${encodeURIComponent(id)}/leave`),
  again: (id: string) => call<TableView>('POST', `/api/tables/${encodeURIComponent(id)}/again`),
  bot: (id: string, seat: number, level: BotLevel) =>
    call<TableSummary>('POST', `/api/tables/${encodeURIComponent(id)}/bots`, { seat, level }),
  start: (id: string) => call<Accepted>('POST', `/api/tables/${encodeURIComponent(id)}/start`),
  view: (id: string) => call<TableView>('GET', `/api/tables/${encodeURIComponent(id)}/view`),
  move: (id: string, move: Move) =>
    call<Accepted>('POST', `/api/tables/${encodeURIComponent(id)}/moves`, { commandId: commandId(), move }),
  continueMatch: (id: string) => call<Accepted>('POST', `/api/tables/${encodeURIComponent(id)}/continue`),
  board: (id: string) => call<Board>('GET', `/api/tables/${encodeURIComponent(id)}/board`),
  /** The table's events after `since`, as this seat may see them (for the move log after a reload). */
  events: (id: string, since: number) => call<EventsPage>('GET', `/api/tables/${encodeURIComponent(id)}/events?since=${since}`),
  hint: (id: string) => call<Hint>('POST', `/api/tables/${encodeURIComponent(id)}/hint`, { commandId: commandId() }),
  replay: (id: string, deal: number) => call<Replay>('GET', `/api/tables/${encodeURIComponent(id)}/replay?deal=${deal}`),
  // the leaderboard and matchmaking services', through this origin (table-service forwards them): each answer as the
  // API document gives it for the path
  leaderboard: (period: Period, page: number, size: number, player?: string) =>
    call<Answer<'/api/leaderboard', 'get'>>('GET', `/api/leaderboard?${new URLSearchParams({
      period, page: String(page), size: String(size), ...(player ? { player } : {}),
    })}`),
  player: (id: string) => call<Answer<'/api/players/{id}', 'get'>>('GET', `/api/players/${encodeURIComponent(id)}`),
  // quick match (its event stream: api/quick.ts)
  quickMatch: (wish: QuickRequest) => call<Answer<'/api/quick-match', 'post'>>('POST', '/api/quick-match', wish),
  quickTicket: () => call<Answer<'/api/quick-match', 'get'>>('GET', '/api/quick-match'),
  quickHeartbeat: () => call<Answer<'/api/quick-match/heartbeat', 'post'>>('POST', '/api/quick-match/heartbeat'),
  quickCancel: () => call<Answer<'/api/quick-match', 'delete'>>('DELETE', '/api/quick-match'),
  // chips (accounts only)
  chips: (page = 0) => call<Answer<'/api/me/chips', 'get'>>('GET', `/api/me/chips?page=${page}`),
  claimBonus: () => call<Answer<'/api/me/chips/bonus', 'post'>>('POST', '/api/me/chips/bonus'),
  pot: (id: string) => call<Answer<'/api/tables/{id}/pot', 'get'>>('GET', `/api/tables/${encodeURIComponent(id)}/pot`),
};
