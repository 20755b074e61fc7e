/** The Background Sync tag of the outbox, shared by the page that registers it and the worker that answers it. */
export const SYNC_TAG = 'village-outbox';
