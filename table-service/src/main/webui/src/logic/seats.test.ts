import { describe, expect, it } from 'vitest';
import { actingFor, partnerOf, roleOf, seatSpots } from './seats';
import { seatView, tableView } from '../testing/views';

describe('seats around the table', () => {
  it('sit in play order along the far arc: the next seat on the left, a partner opposite at the top', () => {
    const six = seatSpots(6, 2);
    expect(six.map((s) => s.seat)).toEqual([3, 4, 5, 0, 1]);
    expect(six.map((s) => s.x)).toEqual([...six.map((s) => s.x)].sort((a, b) => a - b)); // left to right
    const partner = six.find((s) => s.seat === partnerOf({ teams: true, players: 6 }, 2));
    expect(partner).toMatchObject({ seat: 5, x: 50, lift: 0, slot: 50 });
    expect(six[0].lift).toBeGreaterThan(six[1].lift); // lower at the sides
    expect(seatSpots(4, 0).map((s) => [s.seat, s.x])).toEqual([[1, 10.16], [2, 50], [3, 89.84]]);
    expect(seatSpots(2, 1)).toEqual([{ seat: 0, x: 50, lift: 0, slot: 50 }]);
    expect(seatSpots(5, 0).map((s) => s.slot)).toEqual([12.5, 37.5, 62.5, 87.5]);
  });

  it('shows a spectator (no seat) every seat', () => {
    expect(seatSpots(4, null).map((s) => s.seat)).toEqual([0, 1, 2, 3]);
  });

  it('knows partners only in team play', () => {
    expect(partnerOf({ teams: true, players: 4 }, 1)).toBe(3);
    expect(partnerOf({ teams: false, players: 4 }, 1)).toBeNull();
    expect(partnerOf({ teams: true, players: 4 }, null)).toBeNull();
  });

  it('gives each seat its role of the bout', () => {
    const d = seatView({ phase: 'THROW_IN', attacker: 0, defender: 1, out: [3], passed: [2], stillToCome: [4], handSizes: [6, 6, 6, 0, 6] });
    expect([0, 1, 2, 3, 4].map((s) => roleOf(d, s))).toEqual(['attacks', 'defends', 'passed', 'out', 'throws']);
  });

  it('says when a seat plays for its empty-handed partner (rules.md §5)', () => {
    const teams = tableView();
    teams.table.settings = { ...teams.table.settings, teams: true, players: 4 };
    // seat 1's partner is seat 3, whose hand is empty: seat 1 defends for it
    teams.deal = seatView({ phase: 'DEFENSE', attacker: 2, defender: 3, toAct: 1, handSizes: [6, 4, 6, 0] });
    expect(actingFor(teams)).toEqual({ actor: 1, forSeat: 3 });
    teams.deal = seatView({ phase: 'DEFENSE', attacker: 2, defender: 3, toAct: 3, handSizes: [6, 4, 6, 2] });
    expect(actingFor(teams)).toBeNull();
    expect(actingFor(tableView())).toBeNull();
  });
});
