import type { EventEnvelope, Replay, ReplayStep, Seat, SeatView, TableView } from '../api/types';
import { Feed, type FeedWords } from './feed';
import { seatName } from './view';

/** One line of a replay's move list: the step it jumps to, the seq of its event (a move's, for the analysis). */
export interface ReplayLine {
  step: number;
  seq: number;
  type: string;
  text: string;
}

/**
 * The table as a replay step shows it, in the live table's shape (its components draw it): `seat` is the viewer's
 * own seat at the table, or -1; the viewer's cards are its hand, the others' open ones its known cards.
 */
export function replayTable(replay: Pick<Replay, 'tableId' | 'settings'>, seats: Seat[], seat: number,
  step: ReplayStep): TableView & { deal: SeatView } {
  const { hands, ...view } = step.view;
  const known: Record<string, string[]> = {};
  for (const [s, cards] of Object.entries(hands)) if (Number(s) !== seat) known[s] = cards;
  return {
    tableId: replay.tableId,
    seq: step.seq,
    seat,
    table: { status: 'FINISHED', settings: replay.settings, seats, freeSeats: 0, createdBy: '', solo: false, left: [], spectators: 0 },
    match: null,
    deal: { ...view, seat: seat >= 0 ? seat : null, hand: seat >= 0 ? hands[String(seat)] ?? [] : undefined, known },
    clock: null,
  };
}

/**
 * A deal's replay in words, one line per step the move log writes (logic/feed.ts: "Ann attacks Bo with 7♠", "Bo covers
 * 7♠ with 9♠", "Bito: 4 cards to the discard"), the draws after a bout in one line ("Draws: Ann 2, Cy 1").
 */
export function replayLines(replay: Replay, seats: Seat[], seat: number, words: FeedWords): ReplayLine[] {
  const feed = new Feed(() => words);
  const lines: ReplayLine[] = [];
  let draws: { line: ReplayLine; parts: string[] } | null = null;
  replay.steps.forEach((step, i) => {
    const e = step.event as unknown as EventEnvelope;
    const table = replayTable(replay, seats, seat, step);
    if (e.type === 'CardsDrawn') {
      const ev = e.event;
      const n = typeof ev.count === 'number' ? ev.count : Array.isArray(ev.cards) ? ev.cards.length : 0;
      const who = typeof ev.seat === 'number' && ev.seat === seat ? words.tr('feed.you') : seatName(seats, Number(ev.seat), words.tr);
      feed.line(e, table);
      if (!draws) {
        draws = { line: { step: i, seq: step.seq, type: e.type, text: '' }, parts: [] };
        lines.push(draws.line);
      }
      draws.parts.push(`${who} ${n}`);
      draws.line.text = words.tr('replay.draws', { list: draws.parts.join(', ') });
      return;
    }
    draws = null;
    const line = feed.line(e, table);
    if (line) lines.push({ step: i, seq: step.seq, type: e.type, text: i === 0 ? line.text || words.tr('replay.dealt') : line.text });
  });
  return lines;
}

/** The line the move list marks at step `i`: the last one at or before it. */
export function lineAt(lines: ReplayLine[], i: number): number {
  let at = 0;
  lines.forEach((l, k) => {
    if (l.step <= i) at = k;
  });
  return at;
}
