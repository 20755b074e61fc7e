import { DATA_LOADED_FOR_KEY } from '../../session/data-loaded-key';

/**
 * The token whose data the last complete load wrote on this device. A start with the same token opens from
 * the local store at once; a new sign-in (a new token) still waits for its first load. Kept apart from the
 * load and from the store, so that the root route's guard reads it without loading IndexedDB's code.
 */
export const dataLoadedFor = (token: string) => localStorage.getItem(DATA_LOADED_FOR_KEY) === token;

export const markDataLoaded = (token: string) => localStorage.setItem(DATA_LOADED_FOR_KEY, token);
