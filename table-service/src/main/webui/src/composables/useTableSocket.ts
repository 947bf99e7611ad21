import { onScopeDispose, ref } from 'vue';
import { api, ApiError, errorText } from '../api/http';
import { TableSocket } from '../api/socket';
import type { Accepted, EventEnvelope, Move, TableView } from '../api/types';
import { session } from '../session';

export type LinkState = 'connecting' | 'live' | 'reconnecting' | 'paused' | 'closed';

/**
 * One seat's table, live, or a spectator's (seat -1: the public view): the view from `GET /view`, then every view over
 * the table's WebSocket (`api/socket.ts`: a gap in the seqs or a dropped connection is caught up with a resync). A
 * view older than the one shown is ignored. Moves go over the socket, or over REST while it is down. `gone` is called
 * with the server's code when the table does not exist (`NO_SUCH_TABLE`) or this player has no seat at it and may not
 * watch it (`NOT_SEATED`). `events` hears every event of the table as it comes (with the view after it; null
 * during a resync). The socket closes with the scope (the page).
 */
export function useTableSocket(tableId: string, gone: (code: 'NO_SUCH_TABLE' | 'NOT_SEATED') => void,
                               events?: (event: EventEnvelope, after: TableView | null) => void) {
  const view = ref<TableView | null>(null);
  const link = ref<LinkState>('connecting');
  const linkMessage = ref<string | null>(null);
  /** The last refusal or failure (the engine's or the API's message), for the page's error line. */
  const message = ref<string | null>(null);
  let socket: TableSocket | null = null;
  let disposed = false;

  function show(v: TableView) {
    if (view.value && v.seq < view.value.seq) return;
    view.value = v;
  }
  const fail = (e: unknown) => (message.value = errorText(e));

  /** Before each reconnect: false once a 401 has signed the guest out (api/http.ts); anything else keeps trying. */
  async function signedIn(): Promise<boolean> {
    try {
      await api.me();
      return true;
    } catch (e) {
      return !(e instanceof ApiError && e.status === 401);
    }
  }

  async function open() {
    try {
      const v = await api.view(tableId);
      show(v);
      if (disposed) return; // the page was left while the view loaded
      socket = new TableSocket(tableId, () => session.player?.token ?? null, {
        view: show,
        event: events,
        refused: (_code, msg) => (message.value = msg),
        spectators: (count) => {
          if (view.value) view.value = { ...view.value, table: { ...view.value.table, spectators: count } };
        },
        status: (s, msg) => {
          link.value = s;
          linkMessage.value = msg ?? null;
        },
      }, signedIn);
      socket.open(v.seq);
    } catch (e) {
      if (e instanceof ApiError && (e.code === 'NO_SUCH_TABLE' || e.code === 'NOT_SEATED')) gone(e.code);
      else fail(e);
    }
  }

  /** The same command over REST, when there is no live connection at the moment. */
  async function overRest(command: () => Promise<Accepted>) {
    try {
      show((await command()).view);
    } catch (e) {
      fail(e);
    }
  }

  async function move(m: Move) {
    message.value = null;
    if (socket?.connected) socket.move(m);
    else await overRest(() => api.move(tableId, m));
  }

  async function continueMatch() {
    message.value = null;
    if (socket?.connected) socket.continueMatch();
    else await overRest(() => api.continueMatch(tableId));
  }

  /** The view asked for again (after a call that changes the table outside a move: seating a bot, start, leave). */
  async function refresh() {
    show(await api.view(tableId));
  }

  open();
  onScopeDispose(() => {
    disposed = true;
    socket?.close();
  });
  return { view, link, linkMessage, message, fail, move, continueMatch, refresh };
}
