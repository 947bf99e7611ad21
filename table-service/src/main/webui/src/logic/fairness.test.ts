import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkProof, sealedText, sealShort } from './fairness';

const deck = ['6S', 'KD', '7H', 'AC'];
const salt = 'ab'.repeat(32);
const seal = createHash('sha256').update(`${salt}:6S,KD,7H,AC`, 'utf8').digest('hex');

describe('a deal seal', () => {
  it('is the SHA-256 of salt:deck, as the shell one-liner of docs/fairness.md computes it', async () => {
    expect(sealedText({ salt, deckOrder: deck })).toBe(`${salt}:6S,KD,7H,AC`);
    expect(await checkProof({ commitment: seal, salt, deckOrder: deck }, seal, 4)).toBe('verified');
  });

  it('does not match when a card is swapped, the salt differs, the proof names another seal, or the deck is not whole', async () => {
    expect(await checkProof({ commitment: seal, salt, deckOrder: ['KD', '6S', '7H', 'AC'] }, seal, 4)).toBe('mismatch');
    expect(await checkProof({ commitment: seal, salt: 'cd'.repeat(32), deckOrder: deck }, seal, 4)).toBe('mismatch');
    const other = createHash('sha256').update(`${salt}:6S,6S,7H,AC`, 'utf8').digest('hex');
    expect(await checkProof({ commitment: other, salt, deckOrder: ['6S', '6S', '7H', 'AC'] }, other, 4)).toBe('mismatch');
    expect(await checkProof({ commitment: seal, salt, deckOrder: deck }, seal, 36)).toBe('mismatch');
    expect(await checkProof({ commitment: 'ff'.repeat(32), salt, deckOrder: deck }, seal, 4)).toBe('mismatch');
  });

  it('is not checked without WebCrypto, and shows its first four digits', async () => {
    expect(await checkProof({ commitment: seal, salt, deckOrder: deck }, seal, 4, null)).toBe('unavailable');
    expect(sealShort('3f9a0c')).toBe('3f9a…');
  });
});
