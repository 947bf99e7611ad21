import { fetchEventSource } from '@microsoft/fetch-event-source';
import type { ApiErrorBody, QuickTicket } from './types';
import { ApiError } from './http';
import { Heartbeat } from './heartbeat';
import { session } from '../session';

// The waiting screen's push: GET /api/quick-match/events, read with fetch (@microsoft/fetch-event-source) rather than
// EventSource, which cannot send the Authorization header: the token stays out of the URL (and so out of logs). Each
// event's data as the API document gives it: a QuickTicket (waiting, formed) or the error body (gone).

export type QuickEvent =
  | { type: 'waiting'; ticket: QuickTicket }
  | { type: 'formed'; ticket: QuickTicket }
  | { type: 'gone'; code: string; message: string };

class Fatal extends Error {}

/**
 * Follows the player's ticket until it is formed or gone, or `signal` aborts. A dropped stream is opened again after
 * 2 s (`onDown` is told meanwhile); at once, a stream that brought nothing for the heartbeat's `DEAD_MS` though the server
 * writes every second (a dead link: api/heartbeat.ts). A refusal (404 NO_TICKET, 401) ends it with an ApiError.
 */
export async function followTicket(onEvent: (e: QuickEvent) => void, onDown: () => void, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    const link = new AbortController();
    const abort = () => link.abort();
    signal.addEventListener('abort', abort);
    let dead = false;
    const heartbeat = new Heartbeat(() => {}, () => {
      dead = true;
      link.abort();
    });
    heartbeat.start();
    try {
      await followOnce(onEvent, onDown, link.signal, heartbeat);
    } finally {
      heartbeat.stop();
      signal.removeEventListener('abort', abort);
    }
    if (!dead) return;
    onDown();
  }
}

/** One stream, until it ends or `signal` aborts; every event and each open is heard by the heartbeat. */
async function followOnce(onEvent: (e: QuickEvent) => void, onDown: () => void, signal: AbortSignal,
                          heartbeat: Heartbeat): Promise<void> {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (session.player) headers.Authorization = `Bearer ${session.player.token}`;
  let ended = false;
  await fetchEventSource('/api/quick-match/events', {
    headers,
    signal,
    openWhenHidden: true, // a hidden tab keeps its place in the queue
    async onopen(res) {
      heartbeat.heard();
      if (res.ok && (res.headers.get('content-type') ?? '').startsWith('text/event-stream')) return;
      let body: { code?: string; message?: string } = {};
      try {
        body = await res.json();
      } catch {
        // not the API's JSON
      }
      // the service not there (503) is worth another try; a refusal is not
      if (res.status >= 500) throw new Error(`HTTP ${res.status}`);
      throw new Fatal(JSON.stringify({ status: res.status, code: body.code ?? `HTTP_${res.status}`, message: body.message ?? '' }));
    },
    onmessage(m) {
      heartbeat.heard();
      if (m.event === 'gone') {
        const b = JSON.parse(m.data) as ApiErrorBody;
        ended = true;
        onEvent({ type: 'gone', code: b.code, message: b.message });
      } else if (m.event === 'waiting' || m.event === 'formed') {
        if (m.event === 'formed') ended = true;
        onEvent({ type: m.event, ticket: JSON.parse(m.data) as QuickTicket });
      }
    },
    onclose() {
      if (!ended) throw new Error('closed'); // the service went away mid-wait: try again
    },
    onerror(e) {
      if (e instanceof Fatal) {
        const b = JSON.parse(e.message) as { status: number; code: string; message: string };
        throw new ApiError(b.status, b.code, b.message);
      }
      onDown();
      return 2000;
    },
  });
}
