import { describe, expect, it } from 'vitest';
import { translate } from '../i18n';
import { calcText, teamsOf } from './board';

const en = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) => translate('en', k, p);
const de = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) => translate('de', k, p);
const solo = { teams: false, players: 4 };
const pairs = { teams: true, players: 4 };

describe('the board’s rows in words', () => {
  it('says "after you" in one’s own row and "after them" in another’s, in English and German', () => {
    expect(calcText({ seat: 1, points: 3 }, 0, 1, solo, 'You', en)).toBe('1 + 2 players out after you = 3');
    expect(calcText({ seat: 2, points: 3 }, 0, 1, solo, 'Bo', en)).toBe('1 + 2 players out after them = 3');
    expect(calcText({ seat: 2, points: 2 }, 0, 1, solo, 'Bo', en)).toBe('1 + 1 player out after them = 2');
    expect(calcText({ seat: 2, points: 1 }, 0, 1, solo, 'Bo', en)).toBe('1 + 0 out after = 1');
    expect(calcText({ seat: 0, points: 0 }, 0, 1, solo, 'Cy', en)).toBe('durak: 0');
    expect(calcText({ seat: 1, points: 3 }, 0, 1, solo, 'Du', de)).toBe('1 + 2 Spieler nach dir raus = 3');
    expect(calcText({ seat: 2, points: 3 }, 0, 1, solo, 'Bo', de)).toBe('1 + 2 Spieler nach Bo raus = 3');
  });

  it('in team play speaks of teams: one’s partner’s row is one’s own team’s', () => {
    expect(calcText({ seat: 3, points: 2 }, 0, 1, pairs, 'Dan', en)).toBe('1 + 1 team out after yours = 2');
    expect(calcText({ seat: 2, points: 0 }, 0, 1, pairs, 'Cy', en)).toBe('their team is the durak: 0');
    expect(calcText({ seat: 0, points: 0 }, 0, 1, pairs, 'Bo', en)).toBe('durak: 0');
    expect(calcText({ seat: 3, points: 0 }, 2, 1, pairs, 'Dan', de)).toBe('dein Team ist der Durak: 0');
  });

  it('lists the teams: seat i with seat i + players/2', () => {
    expect(teamsOf({ teams: true, players: 6 })).toEqual([[0, 3], [1, 4], [2, 5]]);
    expect(teamsOf({ teams: false, players: 6 })).toEqual([]);
  });
});
