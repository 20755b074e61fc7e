import type { HistoryState, RouterHistory } from '@tanstack/react-router';

declare module '@tanstack/history' {
  interface HistoryState {
    /** Marks an entry replaced by a step of the initial load (a guard's redirect, the bootstrap's return). */
    initialLoad?: boolean;
  }
}

/** Whether the user has gone anywhere since the app was opened (the spec's two 404s depend on it). */
let navigated = false;

export const markNavigated = () => {
  navigated = true;
};

export const wasFirstLoad = () => !navigated;

/** The history state to give a redirect or a replace that is still part of the initial load. */
export const initialLoadStep = (state: HistoryState): HistoryState => ({ ...state, initialLoad: true });

/**
 * The initial load lasts until the user goes somewhere: a link (PUSH), back or forward, or a replace made by
 * the app after an action (sign-in, sign-out). Guard redirects and the bootstrap page's return carry
 * `initialLoad` and do not end it. The history notifies before the next page renders, so the 404 reads
 * the right answer.
 */
export function followNavigations(history: RouterHistory) {
  return history.subscribe(({ action }) => {
    if (action.type === 'REPLACE' && history.location.state.initialLoad) return;
    markNavigated();
  });
}
