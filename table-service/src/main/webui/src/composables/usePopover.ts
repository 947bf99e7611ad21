import { shallowRef, watch, type InjectionKey } from 'vue';
import { useEventListener } from '@vueuse/core';
import { useLongPress } from './useLongPress';

/** The id of the one popover of the table page (the anchor's `aria-describedby` while it is open). */
export const POPOVER_ID = 'table-popover';

/** What is open: which thing (`card:7H`, `stock`, `discard`) and the element it belongs to. */
export interface OpenPopover {
  key: string;
  anchor: HTMLElement;
}

/**
 * The table's information popover (seed 002: what a card beats and what beats it, the stock, the discard): opened by
 * a mouse's hover, by the keyboard's focus and by a finger's long press, one at a time; the page writes its text from
 * the table as it is, so it is right after every change, and it closes when the table moves on (`seq`), on a tap
 * elsewhere, when the pointer or the focus leaves.
 */
export function usePopover(seq: () => number | undefined) {
  const open = shallowRef<OpenPopover | null>(null);

  function show(anchor: HTMLElement, key: string) {
    if (open.value?.anchor !== anchor) hide();
    anchor.setAttribute('aria-describedby', POPOVER_ID);
    open.value = { key, anchor };
  }
  function hide(key?: string) {
    const o = open.value;
    if (!o || (key !== undefined && o.key !== key)) return;
    o.anchor.removeAttribute('aria-describedby');
    open.value = null;
  }

  const press = useLongPress<{ el: HTMLElement; key: string }>(({ el, key }) => show(el, key));
  /**
   * A finger's tap on a thing that only informs (the stock, the discard): its popover opens, or closes again. A mouse
   * has shown it on hover and the keyboard on focus already.
   */
  function tap(e: MouseEvent, key: string) {
    const type = (e as PointerEvent).pointerType;
    if (press.swallow() || (type !== 'touch' && type !== 'pen')) return;
    if (open.value?.key === key) hide();
    else show(e.currentTarget as HTMLElement, key);
  }

  watch(seq, () => hide());
  useEventListener(document, 'pointerdown', (e: PointerEvent) => {
    if (open.value && !open.value.anchor.contains(e.target as Node)) hide();
  }, { capture: true, passive: true });

  /** The listeners an element gets to open the popover about `key`. */
  function bind(key: string) {
    return {
      pointerenter: (e: PointerEvent) => e.pointerType === 'mouse' && show(e.currentTarget as HTMLElement, key),
      pointerleave: (e: PointerEvent) => {
        press.end();
        if (e.pointerType === 'mouse') hide(key);
      },
      // the keyboard's focus; a tap or a click focuses the element too, but shows it only by hover or long press
      focus: (e: FocusEvent) => focusVisible(e.currentTarget as HTMLElement) && show(e.currentTarget as HTMLElement, key),
      blur: () => hide(key),
      pointerdown: (e: PointerEvent) => press.start(e, { el: e.currentTarget as HTMLElement, key }),
      pointerup: press.end,
      pointercancel: press.end,
      contextmenu: (e: Event) => e.preventDefault(),
    };
  }

  return {
    open, show, hide, tap, bind,
    /** Whether this click ends a long press (then it is no tap). */
    swallow: press.swallow,
    /** A press that became a drag is no long press. */
    cancelPress: press.end,
  };
}

/** Whether an element has the focus as the keyboard gives it (`:focus-visible`), not a click's. */
function focusVisible(el: HTMLElement): boolean {
  try {
    return el.matches(':focus-visible');
  } catch {
    return true; // a browser without the selector: every focus
  }
}

export type Popover = ReturnType<typeof usePopover>;
export const POPOVER: InjectionKey<Popover> = Symbol('popover');
