/**
 * What to do with a frame carrying a table seq, given the last seq this client has (docs/websocket.md, "Resync"):
 * apply the next one, skip one already seen, or ask for a resync when one or more were missed.
 */
export function nextStep(lastSeq: number, seq: number): 'apply' | 'skip' | 'gap' {
  if (seq <= lastSeq) return 'skip';
  return seq === lastSeq + 1 ? 'apply' : 'gap';
}
