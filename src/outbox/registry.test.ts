import { describe, expect, it, vi } from 'vitest';
import type { MutationKind } from './mutation-kind';

// A registry module of its own for each test: the one every test file shares keeps the app's kinds.
async function freshRegistry() {
  vi.resetModules();
  return import('./registry');
}

const kind = (name: string) => ({ name }) as MutationKind;

describe('the registry of mutation kinds', () => {
  it('finds a kind by the name a stored entry carries, and refuses an unknown one', async () => {
    const { registryOf } = await freshRegistry();
    const registry = registryOf([kind('create-need'), kind('add-help')]);
    expect(registry.get('add-help').name).toBe('add-help');
    expect(() => registry.get('launch-rocket')).toThrow('Unknown mutation kind: launch-rocket');
    expect(registry.find('launch-rocket')).toBeUndefined();
  });

  it('loads the kinds provided from above once, on first use, and keeps them at hand afterwards', async () => {
    const { loadedMutationKinds, mutationKinds, provideMutationKinds } = await freshRegistry();
    let loads = 0;
    provideMutationKinds(async () => {
      loads++;
      return [kind('a')];
    });
    expect(loadedMutationKinds()).toBeNull();
    const [first, second] = await Promise.all([mutationKinds(), mutationKinds()]);
    expect(first).toBe(second);
    expect(loads).toBe(1);
    expect(loadedMutationKinds()).toBe(first);
  });

  it('tries a failed load again at the next call (a chunk lost to the network)', async () => {
    const { mutationKinds, provideMutationKinds } = await freshRegistry();
    let loads = 0;
    provideMutationKinds(async () => {
      if (++loads === 1) throw new Error('Failed to fetch dynamically imported module');
      return [kind('a')];
    });
    await expect(mutationKinds()).rejects.toThrow('Failed to fetch');
    expect((await mutationKinds()).get('a').name).toBe('a');
    expect(loads).toBe(2);
  });

  it('says so when nothing was provided', async () => {
    const { mutationKinds } = await freshRegistry();
    await expect(mutationKinds()).rejects.toThrow('No mutation kinds were provided');
  });
});
