import { describe, expect, it } from 'vitest';
import { beats, cardName, cardShort, parseCard, rankFace, sortHand, suitOne } from './cards';

describe('cards', () => {
  it('reads the text form and names a card for screen readers', () => {
    expect(parseCard('10D')).toEqual({ rank: '10', suit: 'D' });
    expect(cardName('10D')).toBe('10 of diamonds');
    expect(cardName('QS')).toBe('queen of spades');
    expect(cardName('AH')).toBe('ace of hearts');
    expect(cardName('QS', 'de')).toBe('Pik Dame');
    expect(cardName('10D', 'de')).toBe('Karo 10');
    expect(cardName('AC', 'de')).toBe('Kreuz Ass');
    expect(() => parseCard('1X')).toThrow('not a card: 1X');
  });

  it('beats as RULES.md §2 says: higher of the suit, or any trump over a plain card', () => {
    expect(beats('9D', '7D', 'S')).toBe(true);
    expect(beats('7D', '9D', 'S')).toBe(false);
    expect(beats('6S', 'AD', 'S')).toBe(true);
    expect(beats('9S', '9D', 'S')).toBe(true);
    expect(beats('AD', '6S', 'S')).toBe(false);
    expect(beats('AH', '6C', 'S')).toBe(false);
    expect(beats('10S', '10S', 'S')).toBe(false);
  });

  it('sorts by rank with trumps last, and by suit with the trump suit last', () => {
    const hand = ['AH', '6S', '10D', '6C', 'JS', 'KC'];
    expect(sortHand(hand, 'rank', 'S')).toEqual(['6C', '10D', 'KC', 'AH', '6S', 'JS']);
    expect(sortHand(hand, 'suit', 'S')).toEqual(['6C', 'KC', '10D', 'AH', '6S', 'JS']);
    expect(hand).toEqual(['AH', '6S', '10D', '6C', 'JS', 'KC']); // not sorted in place
  });

  it('prints the faces as the language does: J Q K A in English, B D K A in German', () => {
    expect(['J', 'Q', 'K', 'A', '10'].map((r) => rankFace(r as 'J', 'en'))).toEqual(['J', 'Q', 'K', 'A', '10']);
    expect(['J', 'Q', 'K', 'A', '10'].map((r) => rankFace(r as 'J', 'de'))).toEqual(['B', 'D', 'K', 'A', '10']);
    expect(cardShort('QS', 'de')).toBe('D♠');
    expect(cardShort('10H', 'en')).toBe('10♥');
    expect(suitOne('S', 'en')).toBe('spade');
    expect(suitOne('S', 'de')).toBe('Pik');
  });
});
