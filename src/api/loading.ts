import { createStore } from '../state/external-store';

/** How many requests are under way: the global loading indicator shows while it is above zero. */
const pending = createStore(0);

export const loading = {
  start: () => pending.set(pending.get() + 1),
  stop: () => pending.set(Math.max(0, pending.get() - 1)),
  subscribe: pending.subscribe,
  isLoading: () => pending.get() > 0,
};

export const useIsLoading = () => pending.use() > 0;
