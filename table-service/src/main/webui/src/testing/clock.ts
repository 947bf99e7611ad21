import { vi } from 'vitest';

/**
 * `ms` of fake time (vi.useFakeTimers) in steps of a second, each followed by a real turn of the event loop, so that
 * frames on real sockets (a ping's answer, a server's write) arrive between the timers as they would.
 */
export async function passTime(ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= 1000) {
    await vi.advanceTimersByTimeAsync(Math.min(1000, left));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
