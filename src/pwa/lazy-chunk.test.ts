import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_FAILED, ChunkLoadFailed, importChunk, isChunkLoadError, pageExitOf, RETRY_DELAY_MS } from './lazy-chunk';

// What Firefox says when the document's loads are stopped under an import (tests/engines/firefox-journey.test.ts).
const cutShort = () => new TypeError('error loading dynamically imported module: http://localhost/assets/mutation-kinds-CUSxbakq.js');

/** A loader that fails with the given errors, one per call, then answers a module. */
function loaderFailing(...errors: Error[]) {
  return vi.fn(async () => {
    const error = errors.shift();
    if (error) throw error;
    return { answer: 42 };
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('importChunk', () => {
  it('tries a chunk cut short once more after a pause, and answers its module', async () => {
    vi.useFakeTimers();
    const load = loaderFailing(cutShort());
    const module = importChunk(load, () => false);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(module).resolves.toEqual({ answer: 42 });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fails with a French message after two failures in a page that stays', async () => {
    vi.useFakeTimers();
    const load = loaderFailing(cutShort(), cutShort());
    const module = importChunk(load, () => false);
    const settled = expect(module).rejects.toThrow(ChunkLoadFailed);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    await settled;
    await expect(module).rejects.toThrow(CHUNK_LOAD_FAILED);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('neither answers nor fails while the page is being left: nothing is reported for a page going away', async () => {
    vi.useFakeTimers();
    const load = loaderFailing(cutShort(), cutShort());
    let outcome = 'pending';
    importChunk(load, () => true).then(
      () => (outcome = 'answered'),
      () => (outcome = 'failed'),
    );
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(2);
    expect(outcome).toBe('pending');
  });

  it('passes on at once an error of the module itself, which a second try would not mend', async () => {
    const broken = new ReferenceError('x is not defined');
    const load = loaderFailing(broken);
    await expect(importChunk(load, () => false)).rejects.toBe(broken);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('isChunkLoadError', () => {
  it('knows the messages of Firefox, Chromium and WebKit for a module that could not be fetched', () => {
    expect(isChunkLoadError(cutShort())).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError('error loading dynamically imported module')).toBe(false);
  });
});

describe('pageExitOf', () => {
  function fakeWindow() {
    const target = new EventTarget();
    const fire = (type: string, persisted = false) => target.dispatchEvent(Object.assign(new Event(type), { persisted }));
    return { win: target as unknown as Parameters<typeof pageExitOf>[0], fire };
  }

  it('is leaving from beforeunload until the page comes back from the back/forward cache', () => {
    const { win, fire } = fakeWindow();
    const exit = pageExitOf(win, () => 1_000);
    expect(exit.isLeaving()).toBe(false);
    fire('beforeunload');
    expect(exit.isLeaving()).toBe(true);
    fire('pageshow', false);
    expect(exit.isLeaving()).toBe(true);
    fire('pageshow', true);
    expect(exit.isLeaving()).toBe(false);
  });

  it('stays when the navigation away has not happened ten seconds later (cancelled)', () => {
    const { win, fire } = fakeWindow();
    let now = 1_000;
    const exit = pageExitOf(win, () => now);
    fire('beforeunload');
    now += 9_999;
    expect(exit.isLeaving()).toBe(true);
    now += 1;
    expect(exit.isLeaving()).toBe(false);
  });
});
