import { computed, ref } from 'vue';
import { api } from '../api/http';
import type { MyTable } from '../api/types';

/**
 * One's tables whose match is not over (GET /api/me/tables: running first), for "back to one's match": the header's
 * "Your match … Return", the lobby's list, and the return to a running match when one arrives at the lobby after the
 * page was (re)loaded or after signing in (`returnTo`). `load` is the API's by default.
 */
export function createMyTables(load: () => Promise<MyTable[]>) {
  const tables = ref<MyTable[]>([]);
  /** The running match, if any (the first: the API lists running ones first). */
  const running = computed(() => tables.value.find((t) => t.status === 'PLAYING') ?? null);
  /** The players for whom the lobby was reached since the page loaded. */
  const arrived = new Set<string>();

  async function refresh(): Promise<void> {
    try {
      tables.value = await load();
    } catch {
      // offline or signed out: what was shown stays (a 401 signs out on its own, api/http.ts)
    }
  }

  /**
   * The running match to go back to when `playerId` reaches the lobby: only at the first arrival since the page
   * loaded or since that player signed in, so that "To the lobby" from a table still leads to the lobby.
   */
  async function returnTo(playerId: string): Promise<MyTable | null> {
    const first = !arrived.has(playerId);
    arrived.add(playerId);
    await refresh();
    return first ? running.value : null;
  }

  /** Signed out: the next sign-in is a first arrival again. */
  function forget(): void {
    arrived.clear();
    tables.value = [];
  }

  return { tables, running, refresh, returnTo, forget };
}

const shared = createMyTables(() => api.myTables());

/** The page's one list of one's tables. */
export function useMyTables() {
  return shared;
}
