import type { LobbyFrame } from './types';
import { Heartbeat } from './heartbeat';

/**
 * The lobby, live over `/api/lobby/ws` (docs/websocket.md "The lobby"): one subscription at a time, its first page,
 * then only what changes on it (logic/lobby.ts applies them). The subscription rides on the upgrade's query (so a new
 * connection, also after a drop, starts with the page as it is then), and a changed filter is a `subscribe` frame.
 */
export class LobbySocket {
  private ws: WebSocket | null = null;
  private retries = 0;
  private closedByUs = false;
  private heartbeat: Heartbeat | null = null;

  /**
   * `query`: the subscription's parameters (the REST query's texts), `frame`: the same as a subscribe frame.
   * `signedIn` is asked before a reconnect, as for a table's socket (a refused upgrade looks like a drop).
   */
  constructor(private readonly token: () => string | null,
              private readonly on: { frame(f: LobbyFrame): void; status(live: boolean): void },
              private readonly signedIn: () => Promise<boolean>,
              private query: Record<string, string>,
              private subscribeFrame: Record<string, unknown>) {}

  open(): void {
    this.closedByUs = false;
    this.connect();
  }

  close(): void {
    this.closedByUs = true;
    this.heartbeat?.stop();
    this.ws?.close(1000);
    this.ws = null;
  }

  /** Another filter: the server answers with its first page. */
  subscribe(query: Record<string, string>, frame: Record<string, unknown>): void {
    this.query = query;
    this.subscribeFrame = frame;
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private connect(): void {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const params = new URLSearchParams({ token: this.token() ?? '', ...this.query });
    const ws = new WebSocket(`${proto}//${location.host}/api/lobby/ws?${params}`);
    this.ws = ws;
    const heartbeat = new Heartbeat(() => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'ping' }));
    }, () => {
      // a dead link (or an upgrade never answered) may take minutes to report its close: leave it, connect again now
      ws.close();
      this.dropped(ws);
    });
    this.heartbeat?.stop();
    this.heartbeat = heartbeat;
    heartbeat.start(); // from the connect on: an upgrade that is never answered is a dead link too
    // a filter changed while connecting goes out once the socket is open
    const asked = this.subscribeFrame;
    ws.onopen = () => {
      heartbeat.heard();
      if (this.subscribeFrame !== asked) ws.send(JSON.stringify(this.subscribeFrame));
    };
    ws.onmessage = (m) => {
      heartbeat.heard();
      const f = JSON.parse(String(m.data)) as LobbyFrame;
      if (f.type === 'pong') return;
      if (f.type === 'page') {
        this.retries = 0;
        this.on.status(true);
      }
      this.on.frame(f);
    };
    ws.onclose = () => this.dropped(ws);
  }

  /** The connection `ws` ended: unless the page closed it, connect again. */
  private dropped(ws: WebSocket): void {
    if (this.ws !== ws) return;
    this.ws = null;
    this.heartbeat?.stop();
    if (this.closedByUs) return;
    this.retries++;
    this.on.status(false);
    setTimeout(async () => {
      if (!this.closedByUs && (await this.signedIn())) this.connect();
    }, Math.min(5000, 250 * 2 ** Math.min(this.retries, 5)));
  }
}
