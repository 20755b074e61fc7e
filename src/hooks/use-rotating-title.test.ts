// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { TITLE_ROTATION_MS, TITLE_TEXTS, useRotatingTitle } from './use-rotating-title';

afterEach(() => vi.useRealTimers());

describe('the tab title', () => {
  it('cycles every 1.5 s through the spec’s four texts, then starts again', () => {
    vi.useFakeTimers();
    const { unmount } = renderHook(() => useRotatingTitle());
    const seen = [document.title];
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(TITLE_ROTATION_MS - 1);
      expect(document.title).toBe(seen[seen.length - 1]);
      vi.advanceTimersByTime(1);
      seen.push(document.title);
    }
    expect(TITLE_ROTATION_MS).toBe(1_500);
    expect(seen).toEqual(['Village', 'Village votre', 'village', "village d'entraide", 'Village']);
    expect(TITLE_TEXTS).toHaveLength(4);
    unmount();
    vi.advanceTimersByTime(TITLE_ROTATION_MS * 2);
    expect(document.title).toBe('Village');
  });
});
