import type { Executor } from '../db/client';
import { queueMail } from '../mail/queue';
import type { InvitationMailPayload } from './invitation-mail';

/**
 * Queues one sending of an invitation in the write's transaction. Keyed by the invitation and the time it
 * is sent, so a sending exists once however the write is retried.
 */
export function queueInvitationMail(tx: Executor, job: { invitationId: string; to: string; sentAt: Date; payload: InvitationMailPayload }) {
  return queueMail(tx, {
    kind: 'invitation',
    to: job.to,
    payload: job.payload,
    now: job.sentAt,
    key: `invitation:${job.invitationId}:${job.sentAt.getTime()}`,
  });
}
