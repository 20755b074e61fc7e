// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLiveConnection, type LiveChange } from './live-connection';
import type { TicketOutcome } from './fetch-ticket';
import { FakeEventSource as FakeSource } from '../../testing/fake-event-source';

let visibility: DocumentVisibilityState = 'visible';
beforeEach(() => {
  vi.useFakeTimers();
  FakeSource.all = [];
  visibility = 'visible';
  vi.stubGlobal('EventSource', FakeSource);
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function start(outcomes: TicketOutcome[] = []) {
  let n = 0;
  const getTicket = vi.fn(async (): Promise<TicketOutcome> => outcomes.shift() ?? { kind: 'ticket', ticket: `t${++n}` });
  const changes: LiveChange[] = [];
  const stop = startLiveConnection({ villageId: 'v1', getTicket, onChange: (c) => changes.push(c) });
  return { getTicket, changes, stop, latest: () => FakeSource.all.at(-1)! };
}

describe('a live connection', () => {
  it('opens with a ticket and passes the changes on', async () => {
    const live = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(live.latest().url).toBe('/v1/villages/v1/events?ticket=t1');
    live.latest().emit('ready');
    live.latest().emit('change', JSON.stringify({ type: 'need_added', village_id: 'v1' }));
    expect(live.changes).toEqual([{ type: 'need_added' }]);
    live.stop();
    expect(live.latest().closed).toBe(true);
  });

  it('reopens after a drop with a new ticket, after 1 s then 2 s, and asks for a resync once back', async () => {
    const live = start();
    await vi.advanceTimersByTimeAsync(0);
    live.latest().emit('ready');
    live.latest().emit('error');
    expect(live.latest().closed).toBe(true);
    await vi.advanceTimersByTimeAsync(700);
    expect(FakeSource.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(live.latest().url).toMatch(/ticket=t2$/);
    live.latest().emit('error');
    await vi.advanceTimersByTimeAsync(1400);
    expect(FakeSource.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(600);
    expect(FakeSource.all).toHaveLength(3);
    live.latest().emit('ready');
    expect(live.changes).toEqual([{ type: 'resync' }]);
    live.stop();
  });

  it('closes while hidden, reopens when shown, and gives up when refused', async () => {
    const live = start();
    await vi.advanceTimersByTimeAsync(0);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(live.latest().closed).toBe(true);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSource.all).toHaveLength(2);

    live.stop();
    const refused = start([{ kind: 'refused' }]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refused.getTicket).toHaveBeenCalledTimes(1);
    expect(FakeSource.all).toHaveLength(2);
    refused.stop();
  });

  it('stops for good when the server says the reader was removed, and says so once', async () => {
    const getTicket = vi.fn(async (): Promise<TicketOutcome> => ({ kind: 'ticket', ticket: 't' }));
    const onRemoved = vi.fn();
    const stop = startLiveConnection({ villageId: 'v1', getTicket, onChange: () => {}, onRemoved });
    await vi.advanceTimersByTimeAsync(0);
    const source = FakeSource.all.at(-1)!;
    source.emit('ready');
    // Another village's removal is not this stream's.
    source.emit('removed', JSON.stringify({ village_id: 'v2' }));
    expect(onRemoved).not.toHaveBeenCalled();
    source.emit('removed', JSON.stringify({ village_id: 'v1' }));
    expect(onRemoved).toHaveBeenCalledTimes(1);
    expect(source.closed).toBe(true);
    // Neither a drop nor the page coming back opens it again.
    source.emit('error');
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSource.all).toHaveLength(1);
    expect(getTicket).toHaveBeenCalledTimes(1);
    stop();
  });
});
