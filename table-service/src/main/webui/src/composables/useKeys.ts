import { useEventListener } from '@vueuse/core';
import { keyCommand } from '../logic/moves';

/** What the table page does for each key of seed 002 ("Tasten", `keyCommand`). */
export interface TableKeys {
  /** The question or panel open over the table (trump, leave, a replay): it has the keys, and Esc closes it. */
  dialog(): (() => void) | null;
  sort(): void;
  board(): void;
  clear(): void;
  hint(): void;
  log(): void;
  /** Enter on the board between deals: "Continue". False when no such board is shown. */
  continueBoard(): boolean;
  /** The seat has a decision to make: only then do the digits, Enter, A and P act. */
  myTurn(): boolean;
  pick(index: number): void;
  /** The arrows: the choice one card along the hand, or to the other row. */
  step(by: 1 | -1): void;
  row(by: 1 | -1): void;
  play(): void;
  take(): void;
  pass(): void;
}

/**
 * The table's keyboard: 1–9 and 0 pick, the arrows move the choice, Enter plays, A takes, P passes, S sorts, Esc
 * clears, B board, R hint, L the move log. Keys typed into a field, with Ctrl/Alt/Meta, or while the gear's dialog is
 * open are not the table's. Enter plays the selection whatever was clicked last: only on a button the focus reached
 * otherwise (Tab) that is no hand card is Enter that button's own click. The listeners go with the scope (the page).
 */
export function useKeys(keys: TableKeys) {
  // a click leaves the focus on the button clicked, which must not take Enter from the table
  let clicked: Element | null = null;
  useEventListener(window, 'pointerdown', (e: PointerEvent) => (clicked = (e.target as Element | null)?.closest('button') ?? null),
    { capture: true, passive: true });

  useEventListener(window, 'keydown', (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const el = e.target as HTMLElement | null;
    if (el && ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName)) return;
    if (document.querySelector('.settings-dialog')) return;
    const cmd = keyCommand(e.key);
    if (!cmd) return;
    if (cmd.kind === 'play' && el?.tagName === 'BUTTON' && el !== clicked && !el.hasAttribute('data-hand-card')) return;
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
      case 'log': return keys.log();
      case 'step': return keys.step(cmd.by);
      case 'row': return keys.row(cmd.by);
    }
    if (cmd.kind === 'play' && keys.continueBoard()) return;
    if (!keys.myTurn()) return;
    switch (cmd.kind) {
      case 'pick': return keys.pick(cmd.index);
      case 'play': return keys.play();
      case 'take': return keys.take();
      case 'pass': return keys.pass();
    }
  });
}
