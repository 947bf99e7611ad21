// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http';
import { useAction } from './useAction';

describe('useAction', () => {
  it('is busy while the action runs, and shows its refusal in words until it runs again', async () => {
    const a = useAction();
    let finish: () => void = () => {};
    const running = a.run(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(a.busy.value).toBe(true);
    finish();
    await running;
    expect(a.busy.value).toBe(false);
    expect(a.error.value).toBeNull();
    await a.run(async () => {
      throw new ApiError(400, 'INVALID_SETTING', 'players: a table has 2 to 6 players');
    });
    expect(a.error.value).toBe('players: a table has 2 to 6 players');
    expect(a.busy.value).toBe(false);
    await a.run(async () => {});
    expect(a.error.value).toBeNull();
  });
});
