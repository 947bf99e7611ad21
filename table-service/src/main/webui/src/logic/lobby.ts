import type { LobbyFrame, LobbyTable, MyTable, Settings } from '../api/types';
import type { Key } from '../i18n';

/** The lobby's filters, the server's (GET /api/tables, /api/lobby/ws); `''` means any. */
export interface LobbyFilter {
  /** false: open tables to join; true: running tables to watch */
  watch: boolean;
  variant: '' | Settings['variant'];
  players: '' | number;
  deck: '' | Settings['deck'];
  /** '' any, 'none' no clock, or the seconds */
  clock: '' | 'none' | number;
  /** '' any, 'free' without stake, 'staked' with a stake */
  stake: '' | 'free' | 'staked';
  /** at least this many free seats; '' any */
  free: '' | number;
}

export const NO_FILTER: LobbyFilter = { watch: false, variant: '', players: '', deck: '', clock: '', stake: '', free: '' };
/** Tables per page: the server's default; "More" asks for up to its maximum. */
export const PAGE = 25;
export const MAX_PAGE = 50;

/** The filter as the lobby's parameters, each left out when it is "any" (the REST query's texts). */
export function lobbyQuery(f: LobbyFilter, limit = PAGE): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.watch) q.watchable = 'true';
  if (f.variant) q.variant = f.variant;
  if (f.players !== '') q.players = String(f.players);
  if (f.deck !== '') q.deck = String(f.deck);
  if (f.clock !== '') q.clock = String(f.clock);
  if (f.stake) q.stake = f.stake;
  if (f.free !== '') q.free = String(f.free);
  if (limit !== PAGE) q.limit = String(limit);
  return q;
}

/** The socket's subscribe frame for the filter: the same parameters, numbers and booleans as JSON has them. */
export function subscribeFrame(f: LobbyFilter, limit = PAGE): Record<string, string | number | boolean> {
  const frame: Record<string, string | number | boolean> = { type: 'subscribe' };
  for (const [k, v] of Object.entries(lobbyQuery(f, limit))) {
    frame[k] = k === 'watchable' ? v === 'true' : /^\d+$/.test(v) ? Number(v) : v;
  }
  return frame;
}

/**
 * The page after a frame of the lobby socket: a page replaces it; a delta removes, then adds at each place, then
 * changes (docs/websocket.md "The lobby"). Other frames leave it as it is.
 */
export function applyFrame(tables: LobbyTable[], f: LobbyFrame): LobbyTable[] {
  if (f.type === 'page') return f.tables;
  if (f.type !== 'delta') return tables;
  const removed = new Set(f.removed ?? []);
  const next = tables.filter((t) => !removed.has(t.tableId));
  for (const a of f.added ?? []) next.splice(a.at, 0, a.table);
  for (const c of f.changed ?? []) {
    const i = next.findIndex((t) => t.tableId === c.tableId);
    if (i >= 0) next[i] = c;
  }
  return next;
}

/** A translation, as i18n's `t` (so these texts follow the page's language). */
type Tr = (key: Key, params?: Record<string, string | number>) => string;

/** One line of a table's house rules for the lobby: variant, deck, players, deals, clock, stake. */
export function settingsText(s: Settings, t: Tr): string {
  const label = (kind: string, v: unknown) => t(`choice.${kind}.${v}` as Key);
  const parts = [label('variant', s.variant), label('deck', s.deck), t(s.teams ? 'lobby.playersTeams' : 'lobby.players', { n: s.players }),
    t(s.dealsPerMatch === 1 ? 'lobby.deal' : 'lobby.deals', { n: s.dealsPerMatch }), label('turnClock', s.turnClock)];
  if (s.stake > 0) parts.push(t('lobby.stake', { n: s.stake }));
  return parts.join(' · ');
}

/** One's table in a line: its variant and players, where the match is, and whether it is one's turn. */
export function myTableText(m: MyTable, t: Tr): string {
  const parts = [t(`choice.variant.${m.settings.variant}` as Key), t('lobby.players', { n: m.settings.players }),
    m.dealNumber === null ? t('me.waiting') : t('me.dealOf', { n: m.dealNumber, of: m.settings.dealsPerMatch })];
  if (m.myTurn) parts.push(t('me.yourTurn'));
  return parts.join(' · ');
}
