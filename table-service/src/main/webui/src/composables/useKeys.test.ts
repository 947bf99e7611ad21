// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { effectScope, type EffectScope } from 'vue';
import { useKeys, type TableKeys } from './useKeys';

/** The page's side, recording what each key asked for; `dialog`, `board` and `turn` set the page's state. */
function page() {
  const calls: string[] = [];
  const state = { dialog: false, board: false, turn: true };
  const keys: TableKeys = {
    dialog: () => (state.dialog ? () => calls.push('close dialog') : null),
    sort: () => calls.push('sort'),
    board: () => calls.push('board'),
    clear: () => calls.push('clear'),
    hint: () => calls.push('hint'),
    log: () => calls.push('log'),
    step: (by) => calls.push(`step ${by}`),
    row: (by) => calls.push(`row ${by}`),
    continueBoard: () => {
      if (state.board) calls.push('continue');
      return state.board;
    },
    myTurn: () => state.turn,
    pick: (i) => calls.push(`pick ${i}`),
    play: () => calls.push('play'),
    take: () => calls.push('take'),
    pass: () => calls.push('pass'),
  };
  return { calls, state, keys };
}

/** A key pressed on `on` (the page itself unless an element has the focus); returns whether the page took it. */
function press(key: string, on: EventTarget = document.body, mods: KeyboardEventInit = {}): boolean {
  const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...mods });
  on.dispatchEvent(e);
  return e.defaultPrevented;
}

let scope: EffectScope;
let p: ReturnType<typeof page>;
beforeEach(() => {
  p = page();
  scope = effectScope();
  scope.run(() => useKeys(p.keys));
});
afterEach(() => {
  scope.stop();
  document.body.innerHTML = '';
});

describe('useKeys', () => {
  it('maps seed 002’s keys to the table’s commands', () => {
    for (const k of ['3', 'Enter', 'a', 'P', 's', 'Escape', 'b', 'r', 'l']) expect(press(k)).toBe(true);
    expect(p.calls).toEqual(['pick 2', 'play', 'take', 'pass', 'sort', 'clear', 'board', 'hint', 'log']);
  });

  it('reaches every card: 0 is the tenth, the arrows move the choice along the hand and to the other row', () => {
    for (const k of ['1', '9', '0', 'ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp']) expect(press(k)).toBe(true);
    expect(p.calls).toEqual(['pick 0', 'pick 8', 'pick 9', 'step 1', 'step -1', 'row 1', 'row -1']);
  });

  it('leaves other keys, modified keys and keys typed into a field alone', () => {
    const input = document.body.appendChild(document.createElement('input'));
    expect(press('x')).toBe(false);
    expect(press('s', document.body, { ctrlKey: true })).toBe(false);
    expect(press('1', document.body, { altKey: true })).toBe(false);
    expect(press('a', input)).toBe(false);
    expect(p.calls).toEqual([]);
  });

  it('Enter plays the selection whatever was clicked; only on a button reached by Tab is it the button’s click', () => {
    const button = document.body.appendChild(document.createElement('button'));
    // a click leaves the focus on the button clicked: Enter is still the table's
    button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(press('Enter', button)).toBe(true);
    expect(press('1', button)).toBe(true);
    expect(p.calls).toEqual(['play', 'pick 0']);
    // reached with the keyboard: Enter is the button's own click
    const other = document.body.appendChild(document.createElement('button'));
    expect(press('Enter', other)).toBe(false);
    expect(p.calls).toEqual(['play', 'pick 0']);
    // a hand card reached with the keyboard (the arrows' choice): Enter plays the selection
    const card = document.body.appendChild(document.createElement('button'));
    card.setAttribute('data-hand-card', '');
    expect(press('Enter', card)).toBe(true);
    expect(p.calls).toEqual(['play', 'pick 0', 'play']);
  });

  it('does nothing while the gear’s dialog is open', () => {
    document.body.appendChild(document.createElement('div')).className = 'settings-dialog';
    expect(press('s')).toBe(false);
    expect(p.calls).toEqual([]);
  });

  it('an open question takes the keys: Esc closes it, the others do nothing', () => {
    p.state.dialog = true;
    press('1');
    press('a');
    press('Enter');
    press('Escape');
    expect(p.calls).toEqual(['close dialog']);
  });

  it('on another seat’s turn only sort, board, clear, hint, the log and the arrows act', () => {
    p.state.turn = false;
    for (const k of ['1', 'Enter', 'a', 'p', 's', 'b', 'Escape', 'r', 'l', 'ArrowRight']) press(k);
    expect(p.calls).toEqual(['sort', 'board', 'clear', 'hint', 'log', 'step 1']);
  });

  it('Enter on the board between deals continues', () => {
    p.state.board = true;
    p.state.turn = false;
    press('Enter');
    press('1');
    expect(p.calls).toEqual(['continue']);
  });

  it('stops listening with the page', () => {
    scope.stop();
    expect(press('s')).toBe(false);
    expect(p.calls).toEqual([]);
  });
});
