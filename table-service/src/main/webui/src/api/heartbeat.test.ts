// @vitest-environment happy-dom
import { createServer, type ServerResponse } from 'node:http';
import { createServer as tcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket as Peer } from 'ws';
import { session } from '../session';
import { passTime } from '../testing/clock';
import { LobbySocket } from './lobbySocket';
import { followTicket, type QuickEvent } from './quick';
import type { LobbyFrame } from './types';

// The lobby's socket and quick match's stream against a server on a free port of 127.0.0.1 that answers as
// table-service does (docs/websocket.md "Heartbeats", docs/matchmaking.md "The push"), until the test cuts the link:
// then nothing reaches the page any more and nothing it sends is answered, though the connection stays open.

interface Link {
  peer: Peer | null;
  stream: ServerResponse | null;
  sent: unknown[];
  cut: boolean;
}

async function server() {
  const links: Link[] = [];
  const http = createServer((req, res) => {
    if (req.url === '/api/me') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"playerId":"p1"}');
      return;
    }
    // the quick-match stream: a waiting event at once and every second, until the link is cut
    const link: Link = { peer: null, stream: res, sent: [], cut: false };
    links.push(link);
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    const ticket = () => `event: waiting\ndata: {"ticketId":"t${links.indexOf(link)}","status":"WAITING"}\n\n`;
    res.write(ticket());
    const every = setInterval(() => link.cut || res.write(ticket()), 1000);
    res.on('close', () => clearInterval(every));
  });
  const wss = new WebSocketServer({ server: http });
  wss.on('connection', (peer) => {
    const link: Link = { peer, stream: null, sent: [], cut: false };
    links.push(link);
    peer.on('message', (data) => {
      const f = JSON.parse(String(data)) as { type: string };
      link.sent.push(f);
      if (f.type === 'ping' && !link.cut) peer.send('{"type":"pong"}');
    });
    peer.send(JSON.stringify({ type: 'page', tables: [], more: false }));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${base}/`);
  return {
    links,
    close: () => new Promise<void>((resolve) => {
      wss.clients.forEach((p) => p.terminate());
      wss.close();
      http.closeAllConnections();
      http.close(() => resolve());
    }),
  };
}

let s: Awaited<ReturnType<typeof server>>;
beforeEach(async () => {
  s = await server();
  session.player = { playerId: 'p1', name: 'Ann', account: false, token: 'tok-1' };
  vi.useFakeTimers({ toFake: ['setInterval', 'Date'] }); // the heartbeat's clock; sockets and streams stay real
});
afterEach(async () => {
  vi.useRealTimers();
  await s.close();
});
const until = (check: () => void) => vi.waitFor(check, { timeout: 3000, interval: 10 });

describe('heartbeats', () => {
  it('the lobby socket keeps a quiet link with pings and connects again within 30 s once the link is dead', async () => {
    const frames: LobbyFrame[] = [];
    const live: boolean[] = [];
    const lobby = new LobbySocket(() => 'tok-1', { frame: (f) => frames.push(f), status: (l) => live.push(l) },
      async () => true, {}, { type: 'subscribe' });
    lobby.open();
    try {
      await until(() => expect(frames).toHaveLength(1));
      await passTime(60_000);
      expect(s.links[0].sent.filter((f) => (f as { type: string }).type === 'ping').length).toBeGreaterThanOrEqual(4);
      expect(s.links).toHaveLength(1);
      expect(frames.map((f) => f.type)).toEqual(['page']); // the pongs are the socket's own

      s.links[0].cut = true;
      await passTime(15_000);
      expect(s.links).toHaveLength(1);
      await passTime(10_000); // 25 s after the last frame
      await until(() => expect(s.links).toHaveLength(2));
      await until(() => expect(frames.map((f) => f.type)).toEqual(['page', 'page'])); // the new connection's page
      expect(live).toEqual([true, false, true]);
    } finally {
      lobby.close();
    }
  });

  it('the lobby socket gives up an upgrade that is never answered and connects again', async () => {
    const tried: Socket[] = [];
    const silent = tcpServer((socket) => tried.push(socket)); // reads the upgrade request and never answers it
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM
      .setURL(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/`);
    const lobby = new LobbySocket(() => 'tok-1', { frame: () => {}, status: () => {} }, async () => true, {},
      { type: 'subscribe' });
    lobby.open();
    try {
      await until(() => expect(tried).toHaveLength(1));
      await passTime(15_000);
      expect(tried).toHaveLength(1);
      await passTime(10_000);
      await until(() => expect(tried).toHaveLength(2));
    } finally {
      lobby.close();
      tried.forEach((t) => t.destroy());
      silent.close();
    }
  });

  it('quick match’s stream is opened again within 30 s once it brings nothing', async () => {
    const events: QuickEvent[] = [];
    let downs = 0;
    const stop = new AbortController();
    const following = followTicket((e) => events.push(e), () => downs++, stop.signal);
    try {
      await until(() => expect(events).toHaveLength(1));
      await passTime(30_000); // the server writes every second: no reason to reconnect
      expect(s.links).toHaveLength(1);
      expect(downs).toBe(0);

      s.links[0].cut = true;
      await passTime(25_000); // 25 s after the last event
      await until(() => expect(s.links).toHaveLength(2));
      expect(downs).toBe(1);
      await until(() => expect(events.at(-1)).toMatchObject({ type: 'waiting', ticket: { ticketId: 't1' } }));
    } finally {
      stop.abort();
      await following;
    }
  });
});
