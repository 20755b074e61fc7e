import { AsyncLocalStorage } from 'node:async_hooks';

/** The villages a write touched, so that the write can drop their cached memberships once committed. */
const store = new AsyncLocalStorage<Set<string>>();

export const collectTouched = <T>(run: () => Promise<T>) => {
  const touched = new Set<string>();
  return store.run(touched, async () => ({ result: await run(), touched }));
};

export const markTouched = (villageId: string) => store.getStore()?.add(villageId);
