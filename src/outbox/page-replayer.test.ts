// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

const drainOutbox = vi.fn();
vi.mock('./replay', () => ({ drainOutbox: (...args: unknown[]) => drainOutbox(...args) }));
vi.mock('../db/database', () => ({ db: {} }));
vi.mock('../api/client', () => ({ quietTransport: {} }));
const send = vi.fn();
vi.mock('../api/transport', () => ({ send: (...args: unknown[]) => send(...args) }));

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
  drainOutbox.mockReset();
  send.mockReset();
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

  it('probes the server every few seconds while writes wait for it, and drains at once, backoff restarted, when it answers', async () => {
    vi.useFakeTimers();
    const { reportServerAnswered } = await import('../api/server-answered');
    // The first write's backoff has reached its cap: the server was down for minutes.
    drainOutbox
      .mockResolvedValueOnce({ state: 'waiting', sent: 0, failed: 0, retryAt: Date.now() + 5 * 60_000, reason: 'network' })
      .mockResolvedValue({ state: 'drained', sent: 3, failed: 0 });
    let serverUp = false;
    send.mockImplementation(async () => {
      if (!serverUp) return { ok: false, failure: { kind: 'offline' } };
      reportServerAnswered();
      return { ok: true, data: { status: 'ok' } };
    });
    const { startReplaying } = await import('./page-replayer');
    startReplaying();
    await vi.advanceTimersByTimeAsync(0);
    expect(drainOutbox).toHaveBeenCalledTimes(1);
    // Two probes find it away; no write is tried meanwhile.
    await vi.advanceTimersByTimeAsync(4_000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[0][1]).toMatchObject({ path: '/v1/health' });
    expect(drainOutbox).toHaveBeenCalledTimes(1);
    serverUp = true;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(drainOutbox).toHaveBeenCalledTimes(2);
    expect(drainOutbox.mock.calls[1][0]).toMatchObject({ serverBack: true });
  });

  it('drains at once when any call of the page is answered while writes wait, without waiting for the probe', async () => {
    vi.useFakeTimers();
    const { reportServerAnswered } = await import('../api/server-answered');
    drainOutbox
      .mockResolvedValueOnce({ state: 'waiting', sent: 0, failed: 0, retryAt: Date.now() + 5 * 60_000, reason: 'server', status: 503 })
      .mockResolvedValue({ state: 'drained', sent: 1, failed: 0 });
    const { startReplaying } = await import('./page-replayer');
    startReplaying();
    await vi.advanceTimersByTimeAsync(0);
    reportServerAnswered();
    await vi.advanceTimersByTimeAsync(0);
    expect(drainOutbox).toHaveBeenCalledTimes(2);
    expect(drainOutbox.mock.calls[1][0]).toMatchObject({ serverBack: true });
    expect(send).not.toHaveBeenCalled();
    // Nothing waits any more: another answer starts nothing.
    reportServerAnswered();
    await vi.advanceTimersByTimeAsync(0);
    expect(drainOutbox).toHaveBeenCalledTimes(2);
  });

  it('does not probe a server that asked for the wait itself (429): it is there, and the write goes when asked', async () => {
    vi.useFakeTimers();
    drainOutbox
      .mockResolvedValueOnce({ state: 'waiting', sent: 0, failed: 0, retryAt: Date.now() + 60_000, reason: 'server', status: 429 })
      .mockResolvedValue({ state: 'drained', sent: 1, failed: 0 });
    const { startReplaying } = await import('./page-replayer');
    startReplaying();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(send).not.toHaveBeenCalled();
    expect(drainOutbox).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(drainOutbox).toHaveBeenCalledTimes(2);
  });
});
