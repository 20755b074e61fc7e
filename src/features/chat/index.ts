// What other features may use of this one (eslint.config.js refuses their imports of anything else but actions.ts).
export { ChatUnreadBadge } from './unread-badge';
export { useUnreadCount } from './use-unread';
export { unreadSpoken } from './unread';
