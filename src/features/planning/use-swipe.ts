import { useRef, type PointerEvent } from 'react';
import { swipeStep, type SwipePoint } from './swipe';

const point = (event: PointerEvent): SwipePoint => ({ x: event.clientX, y: event.clientY, t: event.timeStamp });

/**
 * Pointer handlers that turn a horizontal swipe (finger or pen) into a period step. Pointer events cover
 * touch without a second set of handlers; the element leaves vertical scrolling to the browser with
 * `touch-action: pan-y` (planning.css).
 */
export function useSwipe(onStep: (step: -1 | 1) => void) {
  const start = useRef<SwipePoint | null>(null);
  return {
    onPointerDown: (event: PointerEvent) => {
      // A mouse drag selects text; mouse users have the buttons.
      start.current = event.isPrimary && event.pointerType !== 'mouse' ? point(event) : null;
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || !event.isPrimary) return;
      const step = swipeStep(from, point(event));
      if (step) onStep(step);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
