// The API's JSON as table-service documents it (README "REST", docs/websocket.md). Types the OpenAPI document gives
// exactly are the generated ones (schema.ts); the others are written here, more exact than the document (null for
// "none", the engine's views and moves), and schema.ts checks in every build that their fields are the document's.
import type { Schemas } from './schema';

export type Suit = 'C' | 'D' | 'H' | 'S';
/** Rank then suit: "10D", "QS", "6H" (RULES.md §2). */
export type CardCode = string;
export type BotLevel = Schemas['BotLevel'];
/** Solo's bots: one level for every bot seat, or one per seat 1, 2, ... */
export type Bots = Schemas['Bots'];
export type Variant = 'PODKIDNOI' | 'PEREVODNOI';
export type ThrowIn = 'ALL' | 'NEIGHBOURS' | 'NEIGHBOURS_ONLY';
export type FirstBoutLimit = 'FIRST_BOUT' | 'UNTIL_FIRST_DISCARD' | 'NONE';
export type TableStatus = Schemas['TableSummary']['status'];
export type Phase = 'ATTACK' | 'DEFENSE' | 'THROW_IN' | 'TAKE_ADDING' | 'DEAL_OVER';

/** A table's house rules (RULES.md §1); turnClock in seconds, null for none. */
export interface Settings {
  variant: Variant;
  deck: 24 | 36 | 52;
  players: number;
  teams: boolean;
  throwIn: ThrowIn;
  firstBoutLimit: FirstBoutLimit;
  showTrumpToTransfer: boolean;
  discardVisible: boolean;
  dealsPerMatch: number;
  turnClock: number | null;
  stake: number;
  /** People without a seat may watch the running table (a service setting; never with a stake). */
  spectators: boolean;
}

/** Who is signed in in this browser, a guest or an account (docs/accounts.md): POST /api/guests, /renew. */
export interface SignedIn {
  playerId: string;
  name: string;
  account: boolean;
  token: string;
}

/** POST /api/guests. */
export type Guest = SignedIn;

/** POST /api/accounts and POST /api/sessions: a signed-in account. */
export interface AccountSession extends SignedIn {
  account: true;
}

export interface Seat {
  seat: number;
  free: boolean;
  playerId: string | null;
  name: string | null;
  human: boolean;
  bot: BotLevel | null;
}

export interface TableSummary {
  tableId: string;
  status: TableStatus;
  settings: Settings;
  createdBy: string;
  createdAt: string | null;
  seq: number;
  seats: Seat[];
  freeSeats: number;
}

/** A table as the lobby lists it (GET /api/tables, /api/lobby/ws): open, or running and watchable. */
export type LobbyTable = Omit<TableSummary, 'seq' | 'status'> & { status: 'OPEN' | 'PLAYING' };

/** One page of the lobby; `next` asks for the page after it (null on the last). */
export interface LobbyPage {
  tables: LobbyTable[];
  next: string | null;
}

/** GET /api/me/tables: a table where I sit whose match is not over. */
export interface MyTable {
  tableId: string;
  status: 'OPEN' | 'PLAYING';
  settings: Settings;
  seat: number;
  seats: Seat[];
  dealNumber: number | null;
  myTurn: boolean;
}

/** What `/api/lobby/ws` sends (docs/websocket.md "The lobby"): the subscription's first page, then its changes. */
export type LobbyFrame =
  | { type: 'page'; tables: LobbyTable[]; more: boolean }
  | { type: 'delta'; removed?: string[]; added?: { at: number; table: LobbyTable }[]; changed?: LobbyTable[]; more: boolean }
  | { type: 'error'; code: string; message: string }
  | { type: 'pong' };

export type Move =
  | { type: 'attack'; cards: CardCode[] }
  | { type: 'cover'; attack: CardCode; card: CardCode }
  | { type: 'transfer'; card: CardCode }
  | { type: 'transfer'; showTrump: CardCode }
  | { type: 'take' }
  | { type: 'throw'; cards: CardCode[] }
  | { type: 'pass' };

/** What one seat may see of the running deal (RULES.md §8). Seats nobody fills are null. */
export interface SeatView {
  seat: number | null;
  phase: Phase;
  toAct: number | null;
  attacker: number | null;
  defender: number | null;
  /** The seat's own cards; absent in a spectator's public view (seat null, no legal moves). */
  hand?: CardCode[];
  handSizes: number[];
  /** Known cards of every seat, by seat number as text. */
  known: Record<string, CardCode[]>;
  /** The bout's pairs: attack card, and its cover or null. */
  table: [CardCode, CardCode | null][];
  trump: Suit;
  trumpCard: CardCode | null;
  stockCount: number;
  discardCount: number;
  discard?: CardCode[];
  trumpsInPlay?: number;
  boutsPlayed: number;
  out: number[];
  roomLeft: number;
  stillToCome: number[];
  passed: number[];
  legalMoves: Move[];
  durak: number | null;
  points: number[] | null;
  /** The seal of the deal's shuffle (docs/fairness.md): SHA-256 of its salt and deck order; absent before the seal. */
  shuffleCommitment?: string;
}

export interface MatchInfo {
  dealNumber: number;
  dealsPerMatch: number;
  dealRunning: boolean;
  onBoard: boolean;
  continued: number[];
  totals: number[];
  places: number[] | null;
  hints: number[];
}

export interface Clock {
  seat: number;
  turnEnds: string;
  graceEnds: string | null;
  computerMoves: boolean;
}

export interface TableView {
  tableId: string;
  seq: number;
  /** My seat; -1 for a spectator (the deal is then the public view). */
  seat: number;
  table: {
    status: TableStatus;
    settings: Settings;
    seats: Seat[];
    freeSeats: number;
    createdBy: string;
    solo: boolean;
    /** The people who left the running match, in the order they left (RULES.md §7). */
    left: Leaver[];
    /** How many watch the table without a seat now. */
    spectators: number;
  };
  match: MatchInfo | null;
  deal: SeatView | null;
  clock: Clock | null;
}

export interface BoardRow {
  seat: number;
  name: string | null;
  place: number;
  points: number;
  calculation: string;
}

export interface BoardDeal {
  deal: number;
  durak: number | null;
  durakName: string | null;
  durakCards: CardCode[];
  rows: BoardRow[];
  totals: number[];
}

export interface Board {
  tableId: string;
  seq: number;
  status: TableStatus;
  dealsPerMatch: number;
  seats: Seat[];
  deals: BoardDeal[];
  totals: number[];
  hints: number[];
  onBoard: boolean;
  continued: number[];
  match: {
    over: boolean; totals: number[]; places: number[]; winners: number[]; hints: number[];
    /** Leaderboard points by seat (RULES.md §7); null for a bot's seat. */
    leaderboardPoints: (number | null)[];
    left: Leaver[];
  } | null;
  /** Once someone pressed "Again": the new table and the seats whose person pressed. */
  again: { tableId: string; status: TableStatus; pressed: number[] } | null;
  /** A daily game's table (docs/daily.md): its day, whether practice, daily points of the finished deals by seat. */
  daily?: { date: string; practice: boolean; points: number[] } | null;
}

/** A person who left the running match; replacedBy: the bot's level, null when the leave ended the match. */
export interface Leaver {
  seat: number;
  playerId: string;
  name: string | null;
  replacedBy: BotLevel | null;
  deals: number;
  leaderboardPoints: number | null;
}

// The leaderboard service's, forwarded by this origin (docs/leaderboard.md): the document's own types.
/** A skill rating (OpenSkill; docs/leaderboard.md "Rating"): what people see is `display`. */
export type Rating = Schemas['Rating'];
export type Period = Schemas['LeaderboardPage']['period'];
/** A row of GET /api/leaderboard. */
export type LeaderboardRow = Schemas['LeaderboardRow'];
/** GET /api/leaderboard?period=&page=&size=&player=. */
export type LeaderboardPage = Schemas['LeaderboardPage'];
export type RecentMatch = Schemas['RecentMatch'];
/** GET /api/players/{id}. */
export type Profile = Schemas['Profile'];

export interface Accepted {
  commandId: string;
  accepted: true;
  seq: number;
  view: TableView;
}

/** An event of the table as a seat may see it: the inner `event` of a SeatEvent (docs/websocket.md). */
export type TableEvent = { type: string } & Record<string, unknown>;
/** A SeatEvent as frames and `GET /events` carry it: the event, its seq and when it happened. */
export interface EventEnvelope {
  tableId: string;
  seq: number;
  type: string;
  at: string;
  commandId?: string | null;
  event: TableEvent;
}

/** GET /api/tables/{id}/events?since=N: every event after N as the seat may see it (docs/websocket.md's SeatEvent). */
export interface EventsPage {
  tableId: string;
  seq: number;
  seat: number;
  events: EventEnvelope[];
}

/** Every error of the API. */
export type ApiErrorBody = Schemas['Error'];
/** GET /api/me. */
export type Me = Schemas['Me'];

/** Frames from the server (docs/websocket.md, "Server to client"). */
export type ServerFrame =
  | { type: 'view'; seq: number; view: TableView | null }
  | { type: 'event'; seq: number; event: EventEnvelope; view?: TableView | null }
  | { type: 'reply'; commandId: string; accepted: true; seq: number }
  | { type: 'reply'; commandId: string; accepted: false; code: string; message: string }
  | { type: 'hint'; commandId: string; seq: number; seat: number; move: Move; reason: string }
  | { type: 'error'; code: string; message: string; commandId?: string }
  | { type: 'paused'; reason: string; message: string }
  | { type: 'resumed' }
  | { type: 'spectators'; count: number }
  | { type: 'pong' };

export type ClientFrame =
  | { type: 'move'; commandId: string; move: Move }
  | { type: 'continue'; commandId?: string }
  | { type: 'start'; commandId?: string }
  | { type: 'hint'; commandId?: string }
  | { type: 'resync'; lastSeq: number }
  | { type: 'ping' };

/** POST /api/tables/{id}/hint: the strong bot's move with its reason and the moves it weighed. */
export interface Hint {
  tableId: string;
  commandId: string;
  seq: number;
  seat: number;
  move: Move;
  /** why, in English; `reasons` has it in each language */
  reason: string;
  reasons: { en: string; de: string };
  /** false when the best moves are within the search's sampling error (the reason says they are about equal) */
  clear: boolean;
  candidates: { move: Move; notDurakRate: number; meanCardsLeftWhenDurak: number; samples: number; exact: boolean }[];
  hints: number;
}

/** GET /api/tables/{id}/replay?deal=N: the deal step by step; each view is open (seat null, `hands` by seat). */
export interface ReplayStep {
  seq: number;
  event: { type: string; event?: Record<string, unknown> } & Record<string, unknown>;
  view: Omit<SeatView, 'hand'> & { hands: Record<string, CardCode[]> };
}
/** A finished deal's seal opened (docs/fairness.md): commitment = SHA-256 of `${salt}:${deckOrder.join(',')}`. */
export interface ShuffleProof {
  commitment: string;
  salt: string;
  deckOrder: CardCode[];
}
export interface Replay {
  tableId: string;
  deal: number;
  settings: Settings;
  /** null for a deal dealt before shuffles were sealed. */
  shuffleProof: ShuffleProof | null;
  steps: ReplayStep[];
}
/** POST /api/records: a pasted record (docs/record-format.md) read and replayed; totals and places null if unfinished. */
export interface RecordReplay {
  tableId: string;
  settings: Settings;
  seats: Seat[];
  totals: number[] | null;
  places: number[] | null;
  deals: Replay[];
}

// Quick match (docs/matchmaking.md) and chips (docs/chips.md): the matchmaking and leaderboard services', forwarded by
// this origin; the document's own types.
/** A number of players, or 'any': every number the other settings allow. */
export type QuickPlayers = Schemas['QuickTicket']['players'];
/** POST /api/quick-match: only players is required (the document's `required`); the others take their defaults. */
export type QuickRequest = Pick<Schemas['QuickRequest'], 'players'> & Partial<Schemas['QuickRequest']>;
/** The player's quick-match ticket (GET /api/quick-match, and each event of /api/quick-match/events). */
export type QuickTicket = Schemas['QuickTicket'];
export type ChipKind = Schemas['ChipEntry']['kind'];
export type ChipEntry = Schemas['ChipEntry'];
/** GET /api/me/chips?page=: the balance, the chips held for tables, one page of the ledger (newest first). */
export type Chips = Schemas['Chips'];
/** POST /api/me/chips/bonus (200). */
export type BonusClaimed = Schemas['BonusClaimed'];
/** GET /api/tables/{id}/pot (404 NO_POT for a table without stake). */
export type Pot = Schemas['Pot'];
