import type { SeatView, TableView } from '../api/types';
import { defaultSettings } from '../logic/settings';

// Views as the server sends them, for the unit tests: a solo table of three, Ann in seat 1 between two bots.

/** Ann's view of a running deal: she attacks seat 2, spades are trumps; `over` replaces fields. */
export function seatView(over: Partial<SeatView> = {}): SeatView {
  return {
    seat: 1, phase: 'ATTACK', toAct: 1, attacker: 1, defender: 2, hand: ['7H'], handSizes: [6, 1, 6], known: {},
    table: [], trump: 'S', trumpCard: '6S', stockCount: 10, discardCount: 0, boutsPlayed: 0, out: [], roomLeft: 5,
    stillToCome: [], passed: [], legalMoves: [{ type: 'attack', cards: ['7H'] }], durak: null, points: null,
    ...over,
  };
}

/** Ann's view of the table at seq 10, deal 1 of 3 running; `over` replaces fields. */
export function tableView(over: Partial<TableView> = {}): TableView {
  return {
    tableId: 't', seq: 10, seat: 1,
    table: {
      status: 'PLAYING', settings: defaultSettings(3), freeSeats: 0, createdBy: 'p1', solo: true, left: [], spectators: 0,
      seats: [
        { seat: 0, free: false, playerId: 'b0', name: null, human: false, bot: 'EASY' },
        { seat: 1, free: false, playerId: 'p1', name: 'Ann', human: true, bot: null },
        { seat: 2, free: false, playerId: 'b2', name: null, human: false, bot: 'STRONG' },
      ],
    },
    match: { dealNumber: 1, dealsPerMatch: 3, dealRunning: true, onBoard: false, continued: [], totals: [0, 0, 0], places: null, hints: [0, 0, 0] },
    deal: seatView(),
    clock: null,
    ...over,
  };
}
