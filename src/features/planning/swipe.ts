/** The spec's calendar swipe: quick (300 ms at most), wide (60 px at least) and flat (80 px of drift at most). */
export const SWIPE_MAX_MS = 300;
export const SWIPE_MIN_X = 60;
export const SWIPE_MAX_Y = 80;

export interface SwipePoint {
  x: number;
  y: number;
  /** Milliseconds, from the event's timeStamp. */
  t: number;
}

export const isSwipe = (start: SwipePoint, end: SwipePoint) =>
  end.t - start.t <= SWIPE_MAX_MS && Math.abs(end.x - start.x) >= SWIPE_MIN_X && Math.abs(end.y - start.y) <= SWIPE_MAX_Y;

/** A swipe to the left shows what comes next, as when turning a page; anything else is not a swipe. */
export const swipeStep = (start: SwipePoint, end: SwipePoint): -1 | 1 | 0 => (isSwipe(start, end) ? (end.x < start.x ? 1 : -1) : 0);
