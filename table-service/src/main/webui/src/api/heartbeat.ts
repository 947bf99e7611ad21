/**
 * A socket's liveness as the page can see it (docs/websocket.md "Heartbeats"). A browser answers the server's pings
 * by itself but never shows them to the page, so the page asks on its own: when nothing has come for `QUIET_MS` it
 * sends `{"type":"ping"}`, which the server answers with `{"type":"pong"}`; when nothing at all has come for `DEAD_MS`
 * the link is dead (a lost network, a cut with the socket left open) and `dead` is called, at the latest
 * `DEAD_MS + TICK_MS` after the last frame (or after the connect, when the upgrade is never answered). A busy socket
 * sends no pings: its frames show it alive.
 */
export const QUIET_MS = 10_000;
export const DEAD_MS = 20_000;
export const TICK_MS = 5_000;

export class Heartbeat {
  private lastHeard = Date.now();
  private timer: ReturnType<typeof setInterval> | null = null;

  /** `ping` sends the ping frame; `dead` is called once, and the heartbeat stops. */
  constructor(private readonly ping: () => void, private readonly dead: () => void) {}

  /** From the socket's open on. */
  start(): void {
    this.heard();
    this.stop();
    this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  /** A frame came. */
  heard(): void {
    this.lastHeard = Date.now();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  private tick(): void {
    const quiet = Date.now() - this.lastHeard;
    if (quiet >= DEAD_MS) {
      this.stop();
      this.dead();
    } else if (quiet >= QUIET_MS) {
      this.ping();
    }
  }
}
