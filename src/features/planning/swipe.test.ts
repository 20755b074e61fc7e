import { describe, expect, it } from 'vitest';
import { isSwipe, swipeStep } from './swipe';

const at = (x: number, y: number, t: number) => ({ x, y, t });

describe('the calendar swipe', () => {
  it('takes a quick, wide and flat stroke', () => {
    expect(isSwipe(at(200, 100, 0), at(140, 100, 300))).toBe(true);
    expect(isSwipe(at(100, 100, 0), at(160, 180, 100))).toBe(true);
  });

  it('refuses a slow, short or steep stroke', () => {
    expect(isSwipe(at(200, 100, 0), at(100, 100, 301))).toBe(false);
    expect(isSwipe(at(200, 100, 0), at(141, 100, 100))).toBe(false);
    expect(isSwipe(at(200, 100, 0), at(100, 181, 100))).toBe(false);
    expect(isSwipe(at(200, 100, 0), at(100, 19, 100))).toBe(false);
  });

  it('turns a leftward swipe into the next period and a rightward one into the previous', () => {
    expect(swipeStep(at(300, 0, 0), at(200, 0, 100))).toBe(1);
    expect(swipeStep(at(200, 0, 0), at(300, 0, 100))).toBe(-1);
    expect(swipeStep(at(200, 0, 0), at(210, 0, 100))).toBe(0);
  });
});
