// What other features may use of this one (eslint.config.js refuses their imports of anything else but actions.ts).
export { OutboxIndicator } from './outbox-indicator';
export { StorageFullAlert } from './storage-full-alert';
export { countUnsent } from './use-outbox-status';
