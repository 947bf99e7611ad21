import { describe, expect, it } from 'vitest';
import { positionQuery, readPosition } from './position';

describe('a replay position in the address', () => {
  it('reads deal and step, and the start for anything else', () => {
    expect(readPosition({ deal: '2', step: '31' })).toEqual({ deal: 2, step: 31, seq: null });
    expect(readPosition({})).toEqual({ deal: 1, step: 0, seq: null });
    expect(readPosition({ deal: '0', step: '-3' })).toEqual({ deal: 1, step: 0, seq: null });
    expect(readPosition({ deal: 'x', step: '1e3', seq: '77' })).toEqual({ deal: 1, step: 0, seq: 77 });
    expect(readPosition({ deal: ['3', '4'], step: null })).toEqual({ deal: 3, step: 0, seq: null });
  });
  it('writes a position back into the same query', () => {
    expect(positionQuery(2, 31)).toEqual({ deal: '2', step: '31' });
    expect(readPosition(positionQuery(5, 0))).toEqual({ deal: 5, step: 0, seq: null });
  });
});
