import { ref } from 'vue';
import { errorText } from '../api/http';

/**
 * A form's one action at a time: `busy` while it runs (its button disabled), and the API's refusal in words in
 * `error` (cleared when it runs again).
 */
export function useAction() {
  const busy = ref(false);
  const error = ref<string | null>(null);
  async function run(action: () => Promise<unknown>) {
    busy.value = true;
    error.value = null;
    try {
      await action();
    } catch (e) {
      error.value = errorText(e);
    } finally {
      busy.value = false;
    }
  }
  return { busy, error, run };
}
