import { onScopeDispose } from 'vue';

/**
 * A long press of a finger or a pen (a mouse has the hover title instead): after `ms` held, `onLong` runs, and the
 * click that ends the press is not a tap (`swallow`).
 */
export function useLongPress<T>(onLong: (item: T) => void, ms = 550) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pressed = false;

  function start(e: Pick<PointerEvent, 'pointerType'>, item: T) {
    clearTimeout(timer);
    if (e.pointerType === 'mouse') return;
    timer = setTimeout(() => {
      onLong(item);
      pressed = true;
    }, ms);
  }
  const end = () => clearTimeout(timer);
  /** Whether this click ends a long press (once): then it is no tap. */
  function swallow(): boolean {
    const was = pressed;
    pressed = false;
    return was;
  }

  onScopeDispose(end);
  return { start, end, swallow };
}
