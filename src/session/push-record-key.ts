/**
 * Where this device remembers that it receives notifications, and for whom (see domain/push/push-record.ts).
 * Kept in the session because clearing a session forgets it too.
 */
export const PUSH_RECORD_KEY = 'ga-push-device';
