import { onScopeDispose } from 'vue';
import { keyCommand } from '../logic/moves';

/** What the table page does for each key of seed 002 ("Tasten", `keyCommand`). */
export interface TableKeys {
  /** The question or panel open over the table (trump, leave, a replay): it has the keys, and Esc closes it. */
  dialog(): (() => void) | null;
  sort(): void;
  board(): void;
  clear(): void;
  hint(): void;
  /** Enter on the board between deals: "Continue". False when no such board is shown. */
  continueBoard(): boolean;
  /** The seat has a decision to make: only then do the digits, Enter, A and P act. */
  myTurn(): boolean;
  pick(index: number): void;
  play(): void;
  take(): void;
  pass(): void;
}

/**
 * The table's keyboard: 1–9 pick, Enter plays, A takes, P passes, S sorts, Esc clears, B board, R hint. Keys typed into
 * a field, with Ctrl/Alt/Meta, or while the gear's dialog is open are not the table's; Enter on a focused button is
 * that button's own click. The listener goes with the scope (the page).
 */
export function useKeys(keys: TableKeys) {
  function onKey(e: KeyboardEvent) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const el = e.target as HTMLElement | null;
    if (el && ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName)) return;
    if (document.querySelector('.settings-dialog')) return;
    const cmd = keyCommand(e.key);
    if (!cmd) return;
    if (cmd.kind === 'play' && el?.tagName === 'BUTTON') return;
    const close = keys.dialog();
    if (close) {
      if (cmd.kind === 'clear') close();
      return;
    }
    e.preventDefault();
    switch (cmd.kind) {
      case 'sort': return keys.sort();
      case 'board': return keys.board();
      case 'clear': return keys.clear();
      case 'hint': return keys.hint();
    }
    if (cmd.kind === 'play' && keys.continueBoard()) return;
    if (!keys.myTurn()) return;
    switch (cmd.kind) {
      case 'pick': return keys.pick(cmd.index);
      case 'play': return keys.play();
      case 'take': return keys.take();
      case 'pass': return keys.pass();
    }
  }
  window.addEventListener('keydown', onKey);
  onScopeDispose(() => window.removeEventListener('keydown', onKey));
}
