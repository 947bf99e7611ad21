import type { CardCode, Suit } from '../api/types';
import { prefs, type Lang } from './prefs';

export const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
export type Rank = (typeof RANKS)[number];
export const SUITS: Suit[] = ['C', 'D', 'H', 'S'];

const RANK_NAMES: Record<Rank, string> = {
  '2': '2', '3': '3', '4': '4', '5': '5', '6': '6', '7': '7', '8': '8', '9': '9', '10': '10',
  J: 'jack', Q: 'queen', K: 'king', A: 'ace',
};
const SUIT_NAMES: Record<Suit, string> = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
/** One card of a suit, in English: "a higher spade". */
const SUIT_ONE: Record<Suit, string> = { C: 'club', D: 'diamond', H: 'heart', S: 'spade' };
// German as the seeds name cards: suit first ("Pik Dame", "Herz 7")
const RANK_NAMES_DE: Record<Rank, string> = {
  '2': '2', '3': '3', '4': '4', '5': '5', '6': '6', '7': '7', '8': '8', '9': '9', '10': '10',
  J: 'Bube', Q: 'Dame', K: 'König', A: 'Ass',
};
const SUIT_NAMES_DE: Record<Suit, string> = { C: 'Kreuz', D: 'Karo', H: 'Herz', S: 'Pik' };
export const SUIT_SYMBOLS: Record<Suit, string> = { C: '♣', D: '♦', H: '♥', S: '♠' };
// The corner of a card: English faces J Q K A; German B(ube) D(ame) K(önig) A(ss), as German cards print them.
const FACES_DE: Partial<Record<Rank, string>> = { J: 'B', Q: 'D' };

export interface Card {
  rank: Rank;
  suit: Suit;
}

/** "10D" → {rank "10", suit "D"} (RULES.md §2). */
export function parseCard(code: CardCode): Card {
  const suit = code.slice(-1) as Suit;
  const rank = code.slice(0, -1) as Rank;
  if (!SUITS.includes(suit) || !RANKS.includes(rank)) throw new Error(`not a card: ${code}`);
  return { rank, suit };
}

export function rankValue(code: CardCode): number {
  return RANKS.indexOf(parseCard(code).rank);
}

/** The accessible name in the page's language: "10 of diamonds", "queen of spades"; "Karo 10", "Pik Dame". */
export function cardName(code: CardCode, lang: Lang = prefs.lang): string {
  const c = parseCard(code);
  return lang === 'de' ? `${SUIT_NAMES_DE[c.suit]} ${RANK_NAMES_DE[c.rank]}` : `${RANK_NAMES[c.rank]} of ${SUIT_NAMES[c.suit]}`;
}

export function suitName(s: Suit, lang: Lang = prefs.lang): string {
  return lang === 'de' ? SUIT_NAMES_DE[s] : SUIT_NAMES[s];
}

/** A single card of the suit, for "a higher spade" ("einem höheren Pik"). */
export function suitOne(s: Suit, lang: Lang = prefs.lang): string {
  return lang === 'de' ? SUIT_NAMES_DE[s] : SUIT_ONE[s];
}

/** What a card's corner shows for its rank in the page's language: "Q" in English, "D" (Dame) in German. */
export function rankFace(rank: Rank, lang: Lang = prefs.lang): string {
  return (lang === 'de' && FACES_DE[rank]) || rank;
}

/** A card in a line of text: "10♦", "D♠" (the corner's face and the suit's sign). */
export function cardShort(code: CardCode, lang: Lang = prefs.lang): string {
  const c = parseCard(code);
  return `${rankFace(c.rank, lang)}${SUIT_SYMBOLS[c.suit]}`;
}

export function isRed(code: CardCode): boolean {
  const s = parseCard(code).suit;
  return s === 'D' || s === 'H';
}

/** Whether `card` beats `attack` with `trump` as trump (RULES.md §2). */
export function beats(card: CardCode, attack: CardCode, trump: Suit): boolean {
  const c = parseCard(card);
  const a = parseCard(attack);
  if (c.suit === a.suit) return rankValue(card) > rankValue(attack);
  return c.suit === trump;
}

export type SortOrder = 'rank' | 'suit';

/**
 * A hand in display order. By rank: low to high, trumps last (they are the strongest), ties by suit. By suit: the
 * plain suits in C D H S order, trumps last, each low to high.
 */
export function sortHand(hand: CardCode[], order: SortOrder, trump: Suit): CardCode[] {
  const suitKey = (s: Suit) => (s === trump ? 4 : SUITS.indexOf(s));
  return [...hand].sort((x, y) => {
    const a = parseCard(x);
    const b = parseCard(y);
    const trumpA = a.suit === trump ? 1 : 0;
    const trumpB = b.suit === trump ? 1 : 0;
    if (order === 'rank') {
      return trumpA - trumpB || rankValue(x) - rankValue(y) || suitKey(a.suit) - suitKey(b.suit);
    }
    return suitKey(a.suit) - suitKey(b.suit) || rankValue(x) - rankValue(y);
  });
}
