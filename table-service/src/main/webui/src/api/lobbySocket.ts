import type { TableSummary } from './types';

/** What `/api/lobby/ws` sends: the whole lobby, on opening and after each change (docs/websocket.md). */
export interface LobbyFrame {
  type: 'lobby';
  tables: TableSummary[];
}

/**
 * The lobby, live over `/api/lobby/ws`. Each frame is the whole list, so a dropped connection needs no resync:
 * the frame that opens the next connection is the lobby as it is then.
 */
export class LobbySocket {
  private ws: WebSocket | null = null;
  private retries = 0;
  private closedByUs = false;

  /** `signedIn` is asked before a reconnect, as for a table's socket (a refused upgrade looks like a drop). */
  constructor(private readonly token: () => string | null,
              private readonly on: { tables(t: TableSummary[]): void; status(live: boolean): void },
              private readonly signedIn: () => Promise<boolean>) {}

  open(): void {
    this.closedByUs = false;
    this.connect();
  }

  close(): void {
    this.closedByUs = true;
    this.ws?.close(1000);
    this.ws = null;
  }

  private connect(): void {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}/api/lobby/ws?token=${encodeURIComponent(this.token() ?? '')}`);
    this.ws = ws;
    ws.onmessage = (m) => {
      const f = JSON.parse(String(m.data)) as LobbyFrame;
      if (f.type !== 'lobby' || !Array.isArray(f.tables)) return;
      this.retries = 0;
      this.on.status(true);
      this.on.tables(f.tables);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closedByUs) return;
      this.retries++;
      this.on.status(false);
      setTimeout(async () => {
        if (!this.closedByUs && (await this.signedIn())) this.connect();
      }, Math.min(5000, 250 * 2 ** Math.min(this.retries, 5)));
    };
  }
}
