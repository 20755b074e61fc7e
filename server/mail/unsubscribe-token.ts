import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../src/contract/notification-settings';

/**
 * The token of a mail's one-click unsubscribe link: whose mail and which kind, signed with the servers'
 * shared secret. Nothing is stored per mail, and the link keeps working as long as the mail is kept, which
 * is what a person who unsubscribes from an old mail expects. It can only turn one kind of mail off.
 */
const MAC_BYTES = 16;

const mac = (secret: Buffer, body: Buffer) => createHmac('sha256', secret).update(body).digest().subarray(0, MAC_BYTES);

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidText = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export function unsubscribeToken(secret: Buffer, userId: string, kind: NotificationKind): string {
  const body = Buffer.concat([uuidBytes(userId), Buffer.from([NOTIFICATION_KINDS.indexOf(kind)])]);
  return Buffer.concat([body, mac(secret, body)]).toString('base64url');
}

/** Whose and which kind a token names, or null when it was not made by these servers. */
export function readUnsubscribeToken(secret: Buffer, token: string): { userId: string; kind: NotificationKind } | null {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(token)) return null;
  const raw = Buffer.from(token, 'base64url');
  if (raw.length !== 17 + MAC_BYTES) return null;
  const body = raw.subarray(0, 17);
  if (!timingSafeEqual(raw.subarray(17), mac(secret, body))) return null;
  const kind = NOTIFICATION_KINDS[body[16]];
  return kind ? { userId: uuidText(body.subarray(0, 16)), kind } : null;
}

/** The servers' shared secret's name for these tokens (events/shared-secret.ts). */
export const UNSUBSCRIBE_SECRET = 'mail_unsubscribe';

/** Where the one-click POST goes (List-Unsubscribe), and the app's page a reader opens from the mail. */
export const unsubscribeLinks = (publicUrl: string, token: string) => ({
  oneClickUrl: `${publicUrl}/v1/mail/unsubscribe/${token}`,
  pageUrl: `${publicUrl}/mail/unsubscribe/${token}`,
  settingsUrl: `${publicUrl}/account/notifications`,
});
