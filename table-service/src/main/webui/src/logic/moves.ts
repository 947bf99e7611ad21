import type { CardCode, Move, Phase, SeatView } from '../api/types';
import { beats, cardName, parseCard, rankValue, suitOne } from './cards';
import { t } from '../i18n';

/** One action button under the hand: what it sends now, or why it cannot be used yet. */
export interface Action {
  kind: 'attack' | 'throw' | 'cover' | 'transfer' | 'showTrump' | 'take' | 'pass';
  label: string;
  /** The move to send, exactly as the view lists it; null while the selection does not make one. */
  move: Move | null;
  /** Why the button is disabled (shown as its title). */
  reason?: string;
}

const sameCards = (a: CardCode[], b: CardCode[]) => a.length === b.length && a.every((c) => b.includes(c));

/** Every hand card that is part of some legal move ("show playable cards"). */
export function playableCards(legal: Move[]): Set<CardCode> {
  const out = new Set<CardCode>();
  for (const m of legal) {
    if (m.type === 'attack' || m.type === 'throw') m.cards.forEach((c) => out.add(c));
    else if (m.type === 'cover') out.add(m.card);
    else if (m.type === 'transfer') out.add('card' in m ? m.card : m.showTrump);
  }
  return out;
}

/** The table cards that `card` may cover now (its legal covers' attack cards). */
export function coverTargets(legal: Move[], card: CardCode | undefined): CardCode[] {
  if (!card) return [];
  return legal.flatMap((m) => (m.type === 'cover' && m.card === card ? [m.attack] : []));
}

/**
 * The selection after tapping a hand card: a tapped selected card leaves it; when defending only one card is
 * selected at a time; an attack is of one rank, so a card of another rank starts a new selection; throw-ins may mix.
 */
export function toggle(selected: CardCode[], card: CardCode, phase: Phase): CardCode[] {
  if (selected.includes(card)) return selected.filter((c) => c !== card);
  if (phase === 'DEFENSE') return [card];
  if (phase === 'ATTACK' && selected.length > 0 && rankValue(selected[0]) !== rankValue(card)) return [card];
  return [...selected, card];
}

/** The label of "pass": "Bito" when the bout is beaten or nothing is added, "Done" after the defender took. */
export function passLabel(phase: Phase): string {
  return phase === 'TAKE_ADDING' ? t('action.done') : t('action.bito');
}

/**
 * The action buttons for the seat's view and the selection (hand cards, and the table card chosen to be beaten).
 * Only moves the view lists as legal are ever offered, so the client never sends a move it knows to be illegal.
 */
export function actions(view: SeatView, selected: CardCode[], target: CardCode | null): Action[] {
  const legal = view.legalMoves;
  const out: Action[] = [];
  const none = selected.length === 0 ? t('reason.tapFirst') : undefined;

  const byCards = (type: 'attack' | 'throw', label: string) => {
    const ms = legal.filter((m) => m.type === type);
    if (ms.length === 0) return;
    const m = ms.find((x) => (x.type === 'attack' || x.type === 'throw') && sameCards(x.cards, selected));
    out.push({ kind: type, label, move: m ?? null, reason: m ? undefined : none ?? t('reason.together') });
  };
  byCards('attack', t('action.attack'));
  byCards('throw', t('action.throw'));

  const covers = legal.filter((m): m is Extract<Move, { type: 'cover' }> => m.type === 'cover');
  if (covers.length > 0 || view.phase === 'DEFENSE') {
    const mine = selected.length === 1 ? covers.filter((m) => m.card === selected[0]) : [];
    const chosen = target ? mine.filter((m) => m.attack === target) : mine;
    let reason: string | undefined;
    if (selected.length !== 1) reason = t('reason.oneCover');
    else if (mine.length === 0) reason = t('reason.beatsNothing');
    else if (chosen.length === 0) reason = t('reason.notThat');
    else if (chosen.length > 1) reason = t('reason.pickTarget');
    if (covers.length > 0) out.push({ kind: 'cover', label: t('action.cover'), move: reason ? null : chosen[0], reason });
  }

  const transfer = legal.find((m) => m.type === 'transfer' && 'card' in m && selected.length === 1 && m.card === selected[0]);
  if (legal.some((m) => m.type === 'transfer' && 'card' in m)) {
    out.push({ kind: 'transfer', label: t('action.transfer'), move: transfer ?? null,
      reason: transfer ? undefined : t('reason.transferRank') });
  }
  const show = legal.find((m) => m.type === 'transfer' && 'showTrump' in m && selected.length === 1 && m.showTrump === selected[0]);
  if (legal.some((m) => m.type === 'transfer' && 'showTrump' in m)) {
    out.push({ kind: 'showTrump', label: t('action.showTrump'), move: show ?? null,
      reason: show ? undefined : t('reason.trumpRank') });
  }
  if (legal.some((m) => m.type === 'take')) out.push({ kind: 'take', label: t('action.take'), move: { type: 'take' } });
  if (legal.some((m) => m.type === 'pass')) out.push({ kind: 'pass', label: passLabel(view.phase), move: { type: 'pass' } });
  return out;
}

/** The hand cards of `card`'s rank that can go into one attack or throw-in with it ("all …"), itself first. */
export function sameRankPlayable(legal: Move[], hand: CardCode[], card: CardCode): CardCode[] {
  const playable = playableCards(legal);
  const r = rankValue(card);
  return [card, ...hand.filter((c) => c !== card && rankValue(c) === r && playable.has(c))];
}

/**
 * The move Enter (or a second tap) plays for the selection: the first enabled card move of the action buttons
 * (attack, throw in, cover, transfer, show trump), never take or pass; null when the selection makes none.
 */
export function playMove(buttons: Action[]): Move | null {
  return buttons.find((b) => b.move && b.kind !== 'take' && b.kind !== 'pass')?.move ?? null;
}

/**
 * The move a hand card dropped on the table makes (seed 002's drag, beside tapping): dropped on a table card, the
 * cover of that card; on the table, the selection it belongs to (an attack or throw-in of several), else the card
 * alone — attack, throw in, transfer, or the one cover it can make. Null when that is no legal move.
 */
export function dropMove(legal: Move[], selected: CardCode[], card: CardCode, onto: CardCode | null): Move | null {
  if (onto) return legal.find((m) => m.type === 'cover' && m.card === card && m.attack === onto) ?? null;
  for (const cards of [selected.includes(card) ? selected : [card], [card]]) {
    const m = legal.find((x) => (x.type === 'attack' || x.type === 'throw') && sameCards(x.cards, cards));
    if (m) return m;
  }
  const transfer = legal.find((m) => m.type === 'transfer' && 'card' in m && m.card === card);
  if (transfer) return transfer;
  const covers = legal.filter((m) => m.type === 'cover' && m.card === card);
  return covers.length === 1 ? covers[0] : null;
}

/** Whether this move attacks with a trump while the hand still holds a card that is not one (asked once a deal). */
export function isTrumpAttack(view: SeatView, move: Move): boolean {
  if (move.type !== 'attack') return false;
  const trump = (c: CardCode) => c.endsWith(view.trump);
  return move.cards.some(trump) && (view.hand ?? []).some((c) => !trump(c));
}

/**
 * A key of seed 002's "Tasten" as a command of the table page; null for keys it does not use. 1–9 and 0 pick the
 * hand's first ten cards; the arrows move the choice (← → along the hand, ↑ ↓ to the other row), so every card can
 * be reached; L opens the move log.
 */
export type KeyCommand =
  | { kind: 'pick'; index: number }
  | { kind: 'step' | 'row'; by: 1 | -1 }
  | { kind: 'play' | 'take' | 'pass' | 'sort' | 'clear' | 'board' | 'hint' | 'log' };
export function keyCommand(key: string): KeyCommand | null {
  if (/^[0-9]$/.test(key)) return { kind: 'pick', index: key === '0' ? 9 : Number(key) - 1 };
  switch (key.toLowerCase()) {
    case 'enter': return { kind: 'play' };
    case 'a': return { kind: 'take' };
    case 'p': return { kind: 'pass' };
    case 's': return { kind: 'sort' };
    case 'escape': return { kind: 'clear' };
    case 'b': return { kind: 'board' };
    case 'r': return { kind: 'hint' };
    case 'l': return { kind: 'log' };
    case 'arrowleft': return { kind: 'step', by: -1 };
    case 'arrowright': return { kind: 'step', by: 1 };
    case 'arrowup': return { kind: 'row', by: -1 };
    case 'arrowdown': return { kind: 'row', by: 1 };
    default: return null;
  }
}

/**
 * What a card beats and what beats it (hover, long press): the uncovered table cards it beats now, and the cards
 * that beat it — a higher card of its suit (unless it is the ace) and, for a plain card, any trump.
 */
export function explain(card: CardCode, view: Pick<SeatView, 'trump' | 'table'>): { beats: CardCode[]; higher: boolean; anyTrump: boolean } {
  const open = view.table.filter(([, c]) => c === null).map(([a]) => a);
  return {
    beats: open.filter((a) => a !== card && beats(card, a, view.trump)),
    higher: rankValue(card) < 12,
    anyTrump: !card.endsWith(view.trump),
  };
}

/** `explain` in words, for a card's popover: "7 of hearts: Beats: 6 of hearts. Beaten by: a higher heart, any trump." */
export function explainText(card: CardCode, view: Pick<SeatView, 'trump' | 'table'>): string {
  const e = explain(card, view);
  const beatsText = e.beats.length ? t('explain.beats', { cards: e.beats.map((c) => cardName(c)).join(', ') }) : t('explain.beatsNothing');
  const by = [e.higher ? t('explain.higher', { suit: suitOne(parseCard(card).suit) }) : null, e.anyTrump ? t('explain.anyTrump') : null]
    .filter((x) => x !== null);
  return `${cardName(card)}: ${beatsText}. ${by.length ? t('explain.beatenBy', { what: by.join(', ') }) : t('explain.unbeatable')}.`;
}

/** A move in words, for the hint: "attack with 7 of hearts", "cover 7 of hearts with 9 of hearts", "take". */
export function describeMove(m: Move, name: (c: CardCode) => string): string {
  const cards = (cs: CardCode[]) => cs.map((c) => name(c)).join(t('move.and'));
  switch (m.type) {
    case 'attack': return t('move.attack', { cards: cards(m.cards) });
    case 'throw': return t('move.throw', { cards: cards(m.cards) });
    case 'cover': return t('move.cover', { attack: name(m.attack), card: name(m.card) });
    case 'transfer': return 'card' in m ? t('move.transfer', { card: name(m.card) }) : t('move.showTrump', { card: name(m.showTrump) });
    case 'take': return t('move.take');
    case 'pass': return t('move.pass');
  }
}
