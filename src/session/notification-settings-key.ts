/**
 * Where this device keeps the signed-in person's notification settings, to show them offline
 * (features/notification-settings). Kept in the session because clearing a session forgets it too.
 */
export const NOTIFICATION_SETTINGS_KEY = 'village-notification-settings';
