import type { ClientFrame, EventEnvelope, Move, ServerFrame, TableView } from './types';
import { nextStep } from './seq';
import { commandId } from './http';
import { Heartbeat } from './heartbeat';

export interface SocketHandlers {
  /** The seat's view after seq. */
  view(view: TableView): void;
  /**
   * An event of the table as the seat may see it, before the view after it (`after`); `after` null while a resync
   * brings the events missed (its closing view follows).
   */
  event?(event: EventEnvelope, after: TableView | null): void;
  /** A command refused (by the rules or at once), with the engine's message. */
  refused(code: string, message: string): void;
  /** How many watch the table without a seat, after one came or went. */
  spectators(count: number): void;
  /** Connection state for the page: live, reconnecting, paused (rules service not answering), or closed for good. */
  status(state: 'connecting' | 'live' | 'reconnecting' | 'paused' | 'closed', message?: string): void;
}

/**
 * One seat's live view of a table, or a spectator's, over `/api/tables/{id}/ws` (docs/websocket.md): every event frame carries the
 * view after it; a gap in the seqs, or a dropped connection, is caught up with a resync from the last seq seen,
 * without a reload.
 */
export class TableSocket {
  private ws: WebSocket | null = null;
  private lastSeq = -1;
  private retries = 0;
  private closedByUs = false;
  private resyncing = false;
  private heartbeat: Heartbeat | null = null;

  /**
   * `signedIn` is asked before each reconnect: an upgrade with an expired token is refused with a 401, which a
   * browser's WebSocket only reports as a dropped connection, so the token is checked over REST instead.
   */
  constructor(private readonly tableId: string, private readonly token: () => string | null,
              private readonly on: SocketHandlers, private readonly signedIn: () => Promise<boolean>) {}

  /** Opens the socket; `seq` is the seq of the view the page already shows (from GET /view), -1 if none. */
  open(seq = -1): void {
    this.lastSeq = seq;
    this.connect();
  }

  close(): void {
    this.closedByUs = true;
    this.heartbeat?.stop();
    this.ws?.close(1000);
    this.ws = null;
  }

  move(move: Move): void {
    this.send({ type: 'move', commandId: commandId(), move });
  }

  continueMatch(): void {
    this.send({ type: 'continue', commandId: commandId() });
  }

  get connected(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  private send(frame: ClientFrame): void {
    if (!this.connected) {
      this.on.refused('NOT_CONNECTED', 'The connection to the table is being restored; try again in a moment.');
      return;
    }
    this.ws!.send(JSON.stringify(frame));
  }

  private connect(): void {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const url = `${proto}//${location.host}/api/tables/${encodeURIComponent(this.tableId)}/ws?token=${encodeURIComponent(this.token() ?? '')}`;
    this.on.status(this.retries === 0 ? 'connecting' : 'reconnecting');
    const ws = new WebSocket(url);
    this.ws = ws;
    const heartbeat = new Heartbeat(() => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'ping' }));
    }, () => {
      // a dead link (or an upgrade never answered) may take minutes to report its close: leave it, connect again now
      ws.close();
      this.dropped(ws, 1006);
    });
    this.heartbeat?.stop();
    this.heartbeat = heartbeat;
    heartbeat.start(); // from the connect on: an upgrade that is never answered is a dead link too
    ws.onopen = () => heartbeat.heard();
    ws.onmessage = (m) => {
      heartbeat.heard();
      this.frame(JSON.parse(String(m.data)) as ServerFrame);
    };
    ws.onclose = (e) => this.dropped(ws, e.code);
  }

  /** The connection `ws` ended with `code`: for good (4403, 4404, or closed by the page), else connect again. */
  private dropped(ws: WebSocket, code: number): void {
    if (this.ws !== ws) return;
    this.ws = null;
    this.heartbeat?.stop();
    if (this.closedByUs) return;
    if (code === 4403 || code === 4404) {
      this.on.status('closed', code === 4404 ? 'This table does not exist.' : 'You have no seat at this table.');
      return;
    }
    // 1001 (server stopping), 1006 (dropped), 4408 (no answer to pings) and the like: connect again and resync from
    // the last seq seen.
    this.retries++;
    this.on.status('reconnecting');
    setTimeout(async () => {
      if (this.closedByUs) return;
      if (await this.signedIn()) this.connect();
      else this.on.status('closed', 'Your sign-in has expired; please sign in again.');
    }, Math.min(5000, 250 * 2 ** Math.min(this.retries, 5)));
  }

  private frame(f: ServerFrame): void {
    switch (f.type) {
      case 'view':
        this.retries = 0;
        this.resyncing = false;
        this.on.status('live');
        // On open, and at the end of a resync. One older than what the page shows is ignored: the events after it
        // follow anyway.
        if (f.seq < this.lastSeq) return;
        this.lastSeq = f.seq;
        if (f.view) this.on.view(f.view);
        return;
      case 'event': {
        if (this.resyncing || !f.view) {
          // during a resync the closing view frame brings the state; the events still tell what happened
          if (f.seq > this.lastSeq) this.on.event?.(f.event, null);
          return;
        }
        const step = nextStep(this.lastSeq, f.seq);
        if (step === 'skip') return;
        if (step === 'gap') {
          this.resync();
          return;
        }
        this.lastSeq = f.seq;
        this.on.event?.(f.event, f.view);
        this.on.view(f.view);
        return;
      }
      case 'reply':
        if (!f.accepted) this.on.refused(f.code, f.message);
        return;
      case 'error':
        this.on.refused(f.code, f.message);
        return;
      case 'paused':
        this.on.status('paused', f.message);
        return;
      case 'resumed':
        this.on.status('live');
        return;
      case 'spectators':
        this.on.spectators(f.count);
        return;
      default:
        return;
    }
  }

  private resync(): void {
    this.resyncing = true;
    this.send({ type: 'resync', lastSeq: this.lastSeq });
  }
}
