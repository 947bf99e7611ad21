import { reactive } from 'vue';
import { api, ApiError } from './api/http';
import { session } from './session';
import { chipsUnavailable } from './logic/chips';

// The signed-in account's balance for the header and the stake fields; null while unknown, for guests, and while the
// chips service is not there (404/503): then no chips are shown anywhere.
export const wallet = reactive<{ balance: number | null; held: number | null }>({ balance: null, held: null });

export async function refreshWallet(): Promise<void> {
  if (!session.player?.account) {
    wallet.balance = null;
    wallet.held = null;
    return;
  }
  try {
    const c = await api.chips(0);
    wallet.balance = typeof c.balance === 'number' ? c.balance : null;
    wallet.held = typeof c.held === 'number' ? c.held : null;
  } catch (e) {
    if (!(e instanceof ApiError) || chipsUnavailable(e.status)) {
      wallet.balance = null;
      wallet.held = null;
    }
  }
}
