// What other features may use of this one (eslint.config.js refuses their imports of anything else but actions.ts).
export { NotificationSettingsPage } from './notification-settings-page';
export { UnsubscribePage } from './unsubscribe-page';
