// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { MyTable } from '../api/types';
import { defaultSettings } from '../logic/settings';
import { createMyTables } from './useMyTables';

const table = (id: string, status: MyTable['status']): MyTable => ({
  tableId: id, status, settings: defaultSettings(2), seat: 0, seats: [], dealNumber: status === 'PLAYING' ? 1 : null,
  myTurn: false,
});

describe('useMyTables', () => {
  it('takes one back to a running match at the first arrival only, for each player signed in', async () => {
    let answer: MyTable[] = [table('open', 'OPEN'), table('run', 'PLAYING')];
    const mine = createMyTables(async () => answer);
    expect((await mine.returnTo('p1'))?.tableId).toBe('run');
    expect(await mine.returnTo('p1')).toBeNull(); // "To the lobby" from the table: the lobby
    expect(mine.running.value?.tableId).toBe('run'); // still shown, to return by choice
    answer = [table('run2', 'PLAYING')];
    expect((await mine.returnTo('p2'))?.tableId).toBe('run2'); // another player signed in
    mine.forget();
    expect(mine.tables.value).toEqual([]);
    expect((await mine.returnTo('p1'))?.tableId).toBe('run2');
  });

  it('does not go anywhere without a running match, and keeps the list when the server cannot be asked', async () => {
    let fail = false;
    const mine = createMyTables(async () => {
      if (fail) throw new Error('offline');
      return [table('open', 'OPEN')];
    });
    expect(await mine.returnTo('p1')).toBeNull();
    expect(mine.tables.value.map((t) => t.tableId)).toEqual(['open']);
    fail = true;
    await mine.refresh();
    expect(mine.tables.value.map((t) => t.tableId)).toEqual(['open']);
  });
});
