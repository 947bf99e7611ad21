import { describe, expect, it } from 'vitest';
import { againPressed, leaveCostsPoints, leftNotes, opponents, seatLabel, secondsLeft, seatName, situation, stage } from './view';
import { nextStep } from '../api/seq';
import { tableView } from '../testing/views';

describe('view helpers', () => {
  it('lists the opponents clockwise from the seat on the left', () => {
    expect(opponents(tableView())).toEqual([2, 0]);
  });

  it('names people by name and bots by level', () => {
    const v = tableView();
    expect(seatName(v.table.seats, 1)).toBe('Ann');
    expect(seatName(v.table.seats, 2)).toBe('Bot 2 (strong)');
    expect(seatName(v.table.seats, null)).toBe('—');
  });

  it('calls this seat "You" and the others by their names', () => {
    const v = tableView();
    expect(seatLabel(v, 1)).toBe('You');
    expect(seatLabel(v, 0)).toBe('Bot 0 (easy)');
    expect(seatLabel(v, null)).toBe('—');
  });

  it('says who attacks whom and how many cards still fit', () => {
    expect(situation(tableView())).toBe('You attack Bot 2 (strong) · your turn · 5 more cards fit');
  });

  it('tells the deal, the board and the final board apart', () => {
    expect(stage(tableView())).toBe('deal');
    expect(stage(tableView({ match: { ...tableView().match!, onBoard: true } }))).toBe('board');
    expect(stage(tableView({ table: { ...tableView().table, status: 'FINISHED' } }))).toBe('final');
    expect(stage(tableView({ match: { ...tableView().match!, dealNumber: 3, onBoard: true } }))).toBe('final');
    expect(stage(tableView({ match: { ...tableView().match!, places: [2, 1, 3] } }))).toBe('final');
    expect(stage(tableView({ match: null, deal: null, table: { ...tableView().table, status: 'OPEN' } }))).toBe('waiting');
  });

  it('counts a deadline down in whole seconds, never below zero', () => {
    expect(secondsLeft('2026-01-01T00:00:10Z', Date.parse('2026-01-01T00:00:00.500Z'))).toBe(10);
    expect(secondsLeft('2026-01-01T00:00:10Z', Date.parse('2026-01-01T00:00:11Z'))).toBe(0);
    expect(secondsLeft(null, 0)).toBeNull();
  });

  it('applies the next seq, skips a seen one and resyncs after a gap', () => {
    expect(nextStep(4, 5)).toBe('apply');
    expect(nextStep(4, 4)).toBe('skip');
    expect(nextStep(4, 7)).toBe('gap');
  });
});

describe('leaving and again', () => {
  it('warns about −10 only while another person plays at the table', () => {
    expect(leaveCostsPoints(tableView())).toBe(false);
    const v = tableView();
    v.table.seats[0] = { seat: 0, free: false, playerId: 'p0', name: 'Bo', human: true, bot: null };
    expect(leaveCostsPoints(v)).toBe(true);
    v.table.status = 'FINISHED';
    expect(leaveCostsPoints(v)).toBe(false);
  });

  it('says who left and which bot plays for them, or that the match ended', () => {
    const v = tableView();
    v.table.left = [
      { seat: 2, playerId: 'p2', name: 'Cy', replacedBy: 'STRONG', deals: 1, leaderboardPoints: null },
      { seat: 1, playerId: 'p1', name: 'Ann', replacedBy: null, deals: 2, leaderboardPoints: 6 },
    ];
    const notes = leftNotes(v, (name, bot) => (bot ? `${name} left; ${bot} plays` : `${name} left; over`));
    expect(notes).toEqual(['Cy left; Bot 2 (strong) plays', 'Ann left; over']);
  });

  it('names who pressed "Again", this seat as "You"', () => {
    const v = tableView();
    expect(againPressed([1, 2], v.table.seats, 1, 'You')).toEqual(['You', 'Bot 2 (strong)']);
  });
});

describe('the situation line in German', () => {
  it('is written from the i18n table', async () => {
    const { translate } = await import('../i18n');
    const de = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) => translate('de', k, p);
    expect(situation(tableView(), de)).toBe('Du greifst Computer 2 (stark) an · du bist dran · noch 5 Karten passen');
  });
});
