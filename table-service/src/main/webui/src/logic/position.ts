import type { LocationQuery } from 'vue-router';

/** A replay's position as its address gives it: #/replays/{id}?deal=2&step=31 (step 0 is the deal as dealt). */
export interface Position {
  deal: number;
  step: number;
  /** A move's seq (the analysis' links): the step that shows it, once the deal is read. */
  seq: number | null;
}

function whole(x: unknown, min: number): number | null {
  const s = Array.isArray(x) ? x[0] : x;
  return typeof s === 'string' && /^\d{1,9}$/.test(s) && Number(s) >= min ? Number(s) : null;
}

/** The position of the address's query; anything missing or not a whole number is the deal's start. */
export function readPosition(q: LocationQuery): Position {
  return { deal: whole(q.deal, 1) ?? 1, step: whole(q.step, 0) ?? 0, seq: whole(q.seq, 1) };
}

/** The query of a position. */
export function positionQuery(deal: number, step: number): Record<string, string> {
  return { deal: String(deal), step: String(step) };
}
