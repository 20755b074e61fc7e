// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import type { AnyRouter } from '@tanstack/react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { router } from '../router';
import { markDataLoaded } from './bootstrap/data-loaded';
import { setToken } from '../session/token';
import { preloadWarmStart } from './warm-start-code';

/** The app's own route table; only the chunk loads are recorded. */
function recordingRouter() {
  const loaded: string[] = [];
  const recording = Object.create(router) as AnyRouter;
  recording.loadRouteChunk = vi.fn((route: { id: string }) => {
    loaded.push(route.id);
    return Promise.resolve();
  }) as unknown as AnyRouter['loadRouteChunk'];
  return { recording, loaded };
}

beforeEach(() => localStorage.clear());

/** The route chunks are asked for in tasks of their own, a moment after the entry ran. */
const nextTasks = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('the code of a warm start, asked for as the entry runs', () => {
  it("asks for every route chunk of the planning's address at once when this session's data is on the device", async () => {
    setToken('tok');
    markDataLoaded('tok');
    const { recording, loaded } = recordingRouter();
    preloadWarmStart(recording, '/dashboard/villages/v1/planning');
    await nextTasks();
    expect(loaded).toEqual([
      '__root__',
      '/_dashboard',
      '/_dashboard/dashboard/villages/$id',
      '/_dashboard/dashboard/villages/$id/planning',
    ]);
  });

  it('asks for nothing on a first start of the session or signed out: those go through the bootstrap page or sign-in', async () => {
    const { recording, loaded } = recordingRouter();
    preloadWarmStart(recording, '/dashboard/villages/v1/planning');
    setToken('new');
    markDataLoaded('old');
    preloadWarmStart(recording, '/dashboard/villages/v1/planning');
    await nextTasks();
    expect(loaded).toEqual([]);
  });
});
