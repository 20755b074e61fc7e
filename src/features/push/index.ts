// What other features may use of this one (eslint.config.js refuses their imports of anything else but actions.ts).
export { PushSettings } from './push-settings';
export { isPushOnForUser } from './push-device';
