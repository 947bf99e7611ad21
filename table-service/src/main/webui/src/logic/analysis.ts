import type { Move } from '../api/types';
import type { Lang } from './prefs';
import type { ReplayLine } from './replayWords';

/**
 * The strong bot's analysis of a finished match (bot-service's MatchAnalysis, docs/bots.md "Analysis"), as
 * GET /api/tables/{id}/analysis answers it: the client's own type until the API document carries it.
 */
export type Verdict = 'GOOD' | 'INACCURACY' | 'MISTAKE' | 'BLUNDER';

export interface Judged {
  deal: number;
  /** The seq of the event that records the move: a replay's step. */
  seq: number;
  seat: number;
  phase: string;
  played: Move;
  best: Move;
  playedExpected: number;
  bestExpected: number;
  loss: number;
  margin: number;
  verdict: Verdict;
  samples: number;
  exact: boolean;
  reason: { en: string; de: string };
}

export interface AnalysedPlayer {
  seat: number;
  name?: string | null;
  decisions: number;
  accuracy: number;
  meanLoss: number;
  good: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  biggest: Judged[];
}

export interface MatchAnalysis {
  players: AnalysedPlayer[];
  decisions: Judged[];
}

export interface AnalysisProgress {
  state: 'queued' | 'running' | 'done';
  done: number;
  total: number;
  analysis?: MatchAnalysis | null;
}

/** The verdicts' marks, as chess notation writes them. */
export const VERDICT_MARKS: Record<Verdict, string> = { GOOD: '', INACCURACY: '?!', MISTAKE: '?', BLUNDER: '??' };

/** The judged decisions of one deal by the seq of their move's event (a replay's step). */
export function judgedBySeq(a: MatchAnalysis | null | undefined, deal: number): Map<number, Judged> {
  const m = new Map<number, Judged>();
  for (const d of a?.decisions ?? []) if (d.deal === deal) m.set(d.seq, d);
  return m;
}

/** How far the analysis is, in percent (0 while queued with nothing to count yet). */
export function percent(p: AnalysisProgress): number {
  return p.total > 0 ? Math.round((100 * p.done) / p.total) : p.state === 'done' ? 100 : 0;
}

/** The reason in the page's language. */
export function reasonIn(j: Judged, lang: Lang): string {
  return lang === 'de' ? j.reason.de : j.reason.en;
}

/** Accuracy as the summary shows it: a whole percent. */
export function accuracyText(p: AnalysedPlayer): string {
  return `${Math.round(p.accuracy)} %`;
}

/** A move list's line with its move's judgement, when the analysis weighed it. */
export interface MarkedLine extends ReplayLine {
  verdict: Verdict | null;
  /** "?!", "?" or "??"; empty for a good move or one not weighed. */
  mark: string;
  /** Why, in the page's language; null for a good move or one not weighed. */
  reason: string | null;
  /** The better move, for a move that was not good. */
  best: Move | null;
}

/** The move list of deal `deal` marked with the analysis' verdicts (lines whose seq is a judged move's). */
export function markLines(lines: ReplayLine[], a: MatchAnalysis | null | undefined, deal: number, lang: Lang): MarkedLine[] {
  const judged = judgedBySeq(a, deal);
  return lines.map((l) => {
    const j = judged.get(l.seq);
    const bad = j && j.verdict !== 'GOOD' ? j : null;
    return { ...l, verdict: j?.verdict ?? null, mark: j ? VERDICT_MARKS[j.verdict] : '', reason: bad ? reasonIn(bad, lang) : null,
      best: bad ? bad.best : null };
  });
}
