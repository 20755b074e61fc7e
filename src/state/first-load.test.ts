import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from '@tanstack/react-router';

/** Each test opens the app afresh: whether it has navigated is module state. */
async function openApp(entries = ['/dashboard/villages/1/chat']) {
  vi.resetModules();
  const firstLoad = await import('./first-load');
  const history = createMemoryHistory({ initialEntries: entries, initialIndex: entries.length - 1 });
  firstLoad.followNavigations(history);
  return { ...firstLoad, history };
}

beforeEach(() => vi.resetModules());

describe('initial load or after a navigation', () => {
  it('stays the initial load through guard redirects and the bootstrap return', async () => {
    const { history, initialLoadStep, wasFirstLoad } = await openApp();
    history.replace('/vous-etes-sublime', initialLoadStep({}));
    history.replace('/dashboard/villages/1/chat', initialLoadStep({}));
    expect(wasFirstLoad()).toBe(true);
  });

  it('ends with a link, back or forward', async () => {
    const pushed = await openApp();
    pushed.history.push('/account');
    expect(pushed.wasFirstLoad()).toBe(false);
    const back = await openApp(['/account', '/account/profile']);
    back.history.back();
    await vi.waitFor(() => expect(back.wasFirstLoad()).toBe(false));
  });

  it('ends with a replace made by the app after an action (sign-in)', async () => {
    const { history, wasFirstLoad } = await openApp();
    history.replace('/');
    expect(wasFirstLoad()).toBe(false);
  });
});
