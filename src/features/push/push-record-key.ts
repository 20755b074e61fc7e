/** Where this device remembers that it receives notifications, and for whom (see push-record.ts). */
export const PUSH_RECORD_KEY = 'ga-push-device';
