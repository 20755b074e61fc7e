// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

const drainOutbox = vi.fn();
vi.mock('./replay', () => ({ drainOutbox: (...args: unknown[]) => drainOutbox(...args) }));
vi.mock('../db/database', () => ({ db: {} }));
vi.mock('../api/client', () => ({ quietTransport: {} }));

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
  drainOutbox.mockReset();
});

describe("the page's replay", () => {
  it('looks at the queue again soon after a drain that failed, instead of stopping its timer', async () => {
    vi.useFakeTimers();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The replay's code cut short while loading, then the queue drained.
    drainOutbox
      .mockRejectedValueOnce(new TypeError('error loading dynamically imported module'))
      .mockResolvedValue({ state: 'drained', sent: 1, failed: 0 });
    const { replayInBackground } = await import('./page-replayer');
    replayInBackground();
    await vi.advanceTimersByTimeAsync(0);
    expect(drainOutbox).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledWith('The outbox could not be sent now', expect.any(TypeError));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(drainOutbox).toHaveBeenCalledTimes(2);
    // Drained: back to the usual look every 30 s.
    await vi.advanceTimersByTimeAsync(29_000);
    expect(drainOutbox).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(drainOutbox).toHaveBeenCalledTimes(3);
    errors.mockRestore();
  });
});
