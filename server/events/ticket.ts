import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a ticket opens a stream: long enough to be used at once, too short to be worth stealing. */
export const TICKET_TTL_MS = 60_000;

export interface Ticket {
  userId: string;
  villageId: string;
  expiresAt: number;
  /** Makes each ticket unique, so that a used one can be told apart from a fresh one for the same user. */
  nonce: string;
}

const sign = (secret: Buffer, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

/**
 * An EventSource cannot send an Authorization header: a ticket signed with the instances' shared secret
 * stands in for it, for one user, one village and one minute; any instance can check it without a lookup.
 */
export function issueTicket(secret: Buffer, userId: string, villageId: string, now: number) {
  const ticket: Ticket = { userId, villageId, expiresAt: now + TICKET_TTL_MS, nonce: randomBytes(12).toString('base64url') };
  const body = Buffer.from(JSON.stringify([ticket.userId, ticket.villageId, ticket.expiresAt, ticket.nonce])).toString('base64url');
  return { token: `${body}.${sign(secret, body)}`, ticket };
}

/** The ticket a token carries, when it was signed with this secret for this village and has not expired. */
export function readTicket(secret: Buffer, token: string, villageId: string, now: number): Ticket | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(fields) || fields.length !== 4) return null;
  const [userId, forVillage, expiresAt, nonce] = fields as [string, string, number, string];
  if (forVillage !== villageId.toLowerCase() || typeof expiresAt !== 'number' || expiresAt <= now) return null;
  return { userId, villageId: forVillage, expiresAt, nonce };
}

/**
 * Tickets already used on this instance, until they expire. Single use holds per instance only: a ticket
 * replayed within its minute on another instance would open a second stream there, for the same user, who
 * may read the village anyway; sharing this list would cost a database write per stream.
 */
export function createUsedTickets() {
  const used = new Map<string, number>();
  return {
    /** True the first time a ticket is presented, false afterwards. */
    claim(ticket: Ticket, now: number) {
      for (const [nonce, expiresAt] of used) if (expiresAt <= now) used.delete(nonce);
      if (used.has(ticket.nonce)) return false;
      used.set(ticket.nonce, ticket.expiresAt);
      return true;
    },
  };
}
