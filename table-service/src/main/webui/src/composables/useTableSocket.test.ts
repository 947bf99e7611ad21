// @vitest-environment happy-dom
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, watch, type EffectScope } from 'vue';
import { WebSocketServer, type WebSocket as Peer } from 'ws';
import type { ClientFrame, EventEnvelope, Move, ServerFrame, TableView } from '../api/types';
import { session } from '../session';
import { passTime } from '../testing/clock';
import { tableView } from '../testing/views';
import { useTableSocket } from './useTableSocket';

// The composable's real code (api/socket.ts, api/http.ts, the page's WebSocket and fetch) against a server on a free
// port of 127.0.0.1 that answers as table-service does (docs/websocket.md, README "REST"), each answer set by the test.

/** One WebSocket connection as the server sees it: the frames the page sent, and how it was closed. */
interface Connection {
  peer: Peer;
  url: string;
  frames: ClientFrame[];
  closed: number | null;
  /** Set: the link is cut (nothing reaches the page any more, a ping is not answered), the socket left open. */
  cut: boolean;
  send(f: ServerFrame): void;
}

async function tableServer() {
  /** The REST answers by "METHOD path": status and body. */
  const rest = new Map<string, () => [number, unknown]>();
  const requests: { line: string; auth: string | undefined; body: unknown }[] = [];
  const connections: Connection[] = [];
  let table = tableView({ seq: 3 });
  const http = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const line = `${req.method} ${req.url}`;
    requests.push({ line, auth: req.headers.authorization, body: text ? JSON.parse(text) : null });
    const [status, body] = rest.get(line)?.() ?? [404, { code: 'NOT_FOUND', message: `no ${line}` }];
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  const wss = new WebSocketServer({ server: http });
  wss.on('connection', (peer, req) => {
    const c: Connection = {
      peer, url: req.url ?? '', frames: [], closed: null, cut: false,
      send: (f) => {
        if (!c.cut) peer.send(JSON.stringify(f));
      },
    };
    connections.push(c);
    peer.on('message', (data) => {
      const f = JSON.parse(String(data)) as ClientFrame;
      c.frames.push(f);
      if (f.type === 'ping') c.send({ type: 'pong' });
      if (f.type === 'resync') {
        // as the server does: every event after lastSeq without a view, then the view
        for (let seq = f.lastSeq + 1; seq <= table.seq; seq++) c.send({ type: 'event', seq, event: envelope(seq) });
        c.send({ type: 'view', seq: table.seq, view: table });
      }
    });
    peer.on('close', (code) => (c.closed = code));
    c.send({ type: 'view', seq: table.seq, view: table }); // a connection starts with the seat's view
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${base}/`);
  rest.set('GET /api/tables/t/view', () => [200, table]);
  rest.set('GET /api/me', () => [200, { playerId: 'p1' }]);
  return {
    rest, requests, connections,
    /** The table as the server has it now (what GET /view and a resync answer). */
    setTable: (v: TableView) => (table = v),
    last: () => connections[connections.length - 1],
    close: () => new Promise<void>((resolve) => {
      wss.clients.forEach((p) => p.terminate());
      wss.close();
      http.close(() => resolve());
    }),
  };
}

let server: Awaited<ReturnType<typeof tableServer>>;
let scope: EffectScope;
beforeEach(async () => {
  server = await tableServer();
  session.player = { playerId: 'p1', name: 'Ann', account: false, token: 'tok-1' };
  scope = effectScope();
});
afterEach(async () => {
  scope.stop();
  await server.close();
});

/** The composable for table "t", with every seq it showed and the codes it gave up on the table with. */
function open() {
  const gone: string[] = [];
  const shown: number[] = [];
  /** Each event heard: its seq, and the seq of the view that came with it (null: none). */
  const heard: [number, number | null][] = [];
  const table = scope.run(() => {
    const t = useTableSocket('t', (m) => gone.push(m), (e, after) => heard.push([e.seq, after?.seq ?? null]));
    watch(() => t.view.value, (v) => v && shown.push(v.seq), { flush: 'sync' });
    return t;
  })!;
  return { table, gone, shown, heard };
}
const until = (check: () => void) => vi.waitFor(check, { timeout: 3000, interval: 10 });
function envelope(seq: number): EventEnvelope {
  return { tableId: 't', seq, type: 'Passed', at: '2026-12-01T16:00:05Z', event: { type: 'Passed', seat: 0 } };
}
const event = (v: TableView): ServerFrame => ({ type: 'event', seq: v.seq, event: envelope(v.seq), view: v });

describe('useTableSocket', () => {
  it('shows the view from GET /view, then every newer view the socket brings, each once', async () => {
    const { table, shown } = open();
    await until(() => expect(table.link.value).toBe('live'));
    expect(server.last().url).toBe('/api/tables/t/ws?token=tok-1');
    expect(server.requests[0]).toMatchObject({ line: 'GET /api/tables/t/view', auth: 'Bearer tok-1' });

    server.last().send(event(tableView({ seq: 4 })));
    server.last().send(event(tableView({ seq: 4 }))); // seen already
    server.last().send(event(tableView({ seq: 5 })));
    await until(() => expect(table.view.value?.seq).toBe(5));
    expect(shown).toEqual([3, 3, 4, 5]); // the socket's opening view is the one GET /view gave
  });

  it('catches up a gap in the seqs with a resync from the last seq it has', async () => {
    const { table, shown, heard } = open();
    await until(() => expect(table.link.value).toBe('live'));
    server.last().send(event(tableView({ seq: 4 })));
    await until(() => expect(table.view.value?.seq).toBe(4));
    server.setTable(tableView({ seq: 7 }));
    server.last().send(event(tableView({ seq: 7 }))); // 5 and 6 were lost
    await until(() => expect(table.view.value?.seq).toBe(7));
    expect(server.last().frames).toEqual([{ type: 'resync', lastSeq: 4 }]);
    expect(shown).toEqual([3, 3, 4, 7]);
    // every event is heard once: with its view when it came live, without one when the resync brought it
    expect(heard).toEqual([[4, 4], [5, null], [6, null], [7, null]]);
  });

  it('says when the table is paused and when it goes on', async () => {
    const { table } = open();
    await until(() => expect(table.link.value).toBe('live'));
    server.last().send({ type: 'paused', reason: 'RULES_UNAVAILABLE', message: 'The rules service does not answer.' });
    await until(() => expect(table.link.value).toBe('paused'));
    expect(table.linkMessage.value).toBe('The rules service does not answer.');
    server.last().send({ type: 'resumed' });
    await until(() => expect(table.link.value).toBe('live'));
    expect(table.linkMessage.value).toBeNull();
  });

  it('sends a move over the socket and shows the engine’s refusal; the next move clears it', async () => {
    const { table } = open();
    await until(() => expect(table.link.value).toBe('live'));
    const pass: Move = { type: 'pass' };
    await table.move(pass);
    await until(() => expect(server.last().frames).toHaveLength(1));
    const sent = server.last().frames[0] as Extract<ClientFrame, { type: 'move' }>;
    expect(sent).toMatchObject({ type: 'move', move: pass });
    server.last().send({ type: 'reply', commandId: sent.commandId, accepted: false, code: 'ILLEGAL_MOVE', message: 'no pass now' });
    await until(() => expect(table.message.value).toBe('no pass now'));
    await table.continueMatch();
    expect(table.message.value).toBeNull();
    await until(() => expect(server.last().frames[1]).toMatchObject({ type: 'continue' }));
  });

  it('while the socket is closed, sends the move over REST and shows the view it answers with, or its refusal', async () => {
    const { table } = open();
    await until(() => expect(table.link.value).toBe('live'));
    server.last().peer.close(4403, 'not seated');
    await until(() => expect(table.link.value).toBe('closed'));
    expect(table.linkMessage.value).toBe('You have no seat at this table.');

    server.rest.set('POST /api/tables/t/moves', () => [200, { commandId: 'c', accepted: true, seq: 9, view: tableView({ seq: 9 }) }]);
    await table.move({ type: 'take' });
    expect(table.view.value?.seq).toBe(9);
    expect(server.requests.at(-1)).toMatchObject({ line: 'POST /api/tables/t/moves', auth: 'Bearer tok-1', body: { move: { type: 'take' } } });

    // a late answer older than what the page shows changes nothing
    server.rest.set('POST /api/tables/t/moves', () => [200, { commandId: 'c', accepted: true, seq: 8, view: tableView({ seq: 8 }) }]);
    await table.move({ type: 'pass' });
    expect(table.view.value?.seq).toBe(9);

    server.rest.set('POST /api/tables/t/moves', () => [409, { code: 'ILLEGAL_MOVE', message: 'no take now: the phase is ATTACK' }]);
    await table.move({ type: 'take' });
    expect(table.message.value).toBe('no take now: the phase is ATTACK');
    expect(table.view.value?.seq).toBe(9);
  });

  it('connects again after a dropped connection and shows what it missed', async () => {
    const { table } = open();
    await until(() => expect(table.link.value).toBe('live'));
    server.setTable(tableView({ seq: 6 }));
    server.last().peer.terminate();
    await until(() => expect(table.link.value).toBe('reconnecting'));
    await until(() => expect(server.connections).toHaveLength(2));
    await until(() => expect(table.view.value?.seq).toBe(6));
    expect(table.link.value).toBe('live');
    expect(server.requests.map((r) => r.line)).toContain('GET /api/me'); // the token is checked before it reconnects
  });

  it('keeps a quiet link with pings, and connects again within 30 s once the link is dead', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'Date'] }); // the heartbeat's clock; the sockets stay real
    try {
      const { table } = open();
      await until(() => expect(table.link.value).toBe('live'));
      const first = server.last();
      // a quiet table: the page pings, the server answers, the link stays
      await passTime(60_000);
      expect(first.frames.filter((f) => f.type === 'ping').length).toBeGreaterThanOrEqual(4);
      expect(server.connections).toHaveLength(1);
      expect(table.link.value).toBe('live');

      first.cut = true; // the network is gone, the socket still open on both sides
      server.setTable(tableView({ seq: 8 }));
      await passTime(15_000);
      expect(table.link.value).toBe('live'); // silent for 15 s: not yet taken for dead
      await passTime(10_000); // 25 s after the last frame
      await until(() => expect(server.connections).toHaveLength(2));
      await until(() => expect(table.view.value?.seq).toBe(8)); // the new connection resyncs
      expect(table.link.value).toBe('live');
      await until(() => expect(first.closed).not.toBeNull()); // the dead one was given up
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells the page when the table does not exist, or may not be watched by one without a seat', async () => {
    server.rest.set('GET /api/tables/t/view', () => [404, { code: 'NO_SUCH_TABLE', message: 'There is no table t.' }]);
    const { table, gone } = open();
    await until(() => expect(gone).toEqual(['NO_SUCH_TABLE']));
    expect(table.view.value).toBeNull();
    expect(server.connections).toHaveLength(0);
    server.rest.set('GET /api/tables/t/view', () => [403, { code: 'NOT_SEATED', message: 'you have no seat at this table' }]);
    const refused = open();
    await until(() => expect(refused.gone).toEqual(['NOT_SEATED']));
    expect(server.connections).toHaveLength(0);
  });

  it('follows a spectator’s public view and the number watching', async () => {
    server.setTable(tableView({ seq: 3, seat: -1 }));
    const { table } = open();
    await until(() => expect(table.link.value).toBe('live'));
    expect(table.view.value?.seat).toBe(-1);
    server.last().send({ type: 'spectators', count: 3 });
    await until(() => expect(table.view.value?.table.spectators).toBe(3));
    expect(table.view.value?.seq).toBe(3);
  });

  it('shows any other failure to load and stays', async () => {
    server.rest.set('GET /api/tables/t/view', () => [503, { code: 'STORE_UNAVAILABLE', message: 'The table cannot be read now.' }]);
    const { table, gone } = open();
    await until(() => expect(table.message.value).toBe('The table cannot be read now.'));
    expect(gone).toEqual([]);
  });

  it('closes its socket with the page', async () => {
    const { table } = open();
    await until(() => expect(table.link.value).toBe('live'));
    scope.stop();
    await until(() => expect(server.last().closed).toBe(1000));
  });
});
