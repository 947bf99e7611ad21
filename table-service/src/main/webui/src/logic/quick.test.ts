import { describe, expect, it } from 'vitest';
import type { QuickTicket } from '../api/types';
import { clockText, defaultQuickForm, quickRequest, waitingClock } from './quick';

const ticket = (over: Partial<QuickTicket> = {}): QuickTicket => ({
  ticketId: 't', status: 'WAITING', players: 3, variant: 'PODKIDNOI', deck: 36, teams: false, turnClock: 60, stake: 0,
  pool: 'p', rating: 25, waitingSince: '2026-12-01T20:00:00Z', waitedSeconds: 5, found: [], botsInSeconds: 15,
  tableId: null, seat: null, seatedAt: null, ...over,
});

describe('quick match view logic', () => {
  it('asks with a stake only for an account with a stake', () => {
    const f = { ...defaultQuickForm(), players: 3 as const, stake: 50 };
    expect(quickRequest(f, true)).toEqual({ players: 3, variant: 'PODKIDNOI', deck: 36, teams: false, turnClock: 60, stake: 50 });
    expect(quickRequest(f, false)).not.toHaveProperty('stake');
    expect(quickRequest({ ...f, stake: 0 }, true)).not.toHaveProperty('stake');
    expect(quickRequest({ ...defaultQuickForm(), turnClock: null }, false)).toMatchObject({ players: 'any', turnClock: null });
  });
  it('counts the wait and the bots on between two pushes', () => {
    expect(waitingClock(ticket(), 1000, 1000)).toEqual({ elapsed: '0:05', botsIn: 15 });
    expect(waitingClock(ticket(), 1000, 3500)).toEqual({ elapsed: '0:07', botsIn: 13 });
    expect(waitingClock(ticket(), 1000, 60_000)).toEqual({ elapsed: '1:04', botsIn: 0 });
    expect(waitingClock(ticket({ botsInSeconds: null }), 0, 0).botsIn).toBeNull();
    expect(clockText(725)).toBe('12:05');
  });
});
