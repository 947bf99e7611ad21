import type { CardCode, ShuffleProof } from '../api/types';

/** The text a deal's seal is the SHA-256 of (docs/fairness.md): the salt, a colon, the deck order, first card dealt first. */
export const sealedText = (p: { salt: string; deckOrder: CardCode[] }) => `${p.salt}:${p.deckOrder.join(',')}`;

/** A seal as the table shows it: its first four hex digits. */
export const sealShort = (commitment: string) => `${commitment.slice(0, 4)}…`;

/** What checking a finished deal's proof against the seal shown at its start found. */
export type SealCheck = 'verified' | 'mismatch' | 'unavailable';

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Checks a deal's proof (from its replay) against the seal its seats were shown at the deal's start: the hash of the
 * salt and deck order must be that seal, and the deck order a whole deck of `deckSize` different cards. Without
 * WebCrypto (a page served over plain HTTP to another host) the check cannot be made here: 'unavailable'.
 */
export async function checkProof(proof: ShuffleProof, shown: string, deckSize: number,
                                 subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null): Promise<SealCheck> {
  if (!subtle) return 'unavailable';
  const wholeDeck = proof.deckOrder.length === deckSize && new Set(proof.deckOrder).size === deckSize;
  const digest = hex(await subtle.digest('SHA-256', new TextEncoder().encode(sealedText(proof))));
  return wholeDeck && digest === shown && proof.commitment === shown ? 'verified' : 'mismatch';
}
