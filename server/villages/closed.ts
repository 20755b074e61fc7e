import { isNull } from 'drizzle-orm';
import { villages } from '../db/schema';

/**
 * A village nobody closed: every producer of mails and pushes (server/mail/kinds, push/dispatcher.ts) reads
 * only these, so that reminders, digests and alerts stop with the closing (close-routes.ts).
 */
export const notClosed = () => isNull(villages.closedAt);
