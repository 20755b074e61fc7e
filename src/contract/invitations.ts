import * as v from 'valibot';
import { email, optionalText, uuid } from './fields';
import { messages } from './form-messages';
import { boundedArray } from './bounded-array';

/**
 * Invitations mailed by an organiser (POST/GET /v1/villages/{id}/invitations). Imported by path, not from
 * the contract's index: only the members screen and the server need them.
 */
export const MAX_INVITATION_EMAILS = 50;
/** An invitation is mailed again at most once an hour: a resend button pressed twice is not two mails. */
export const INVITATION_RESEND_MS = 3600 * 1000;
export const INVITATION_MESSAGE_MAX = 1000;
/**
 * Invitation mails (resends included) one account may have sent in any 24 hours, and one village: twice
 * the largest call, so a whole family at once always fits, while one account cannot mail strangers in bulk.
 */
export const INVITATIONS_PER_DAY = 100;

export const invitationMessages = {
  tooMany: `Pas plus de ${MAX_INVITATION_EMAILS} adresses à la fois`,
  none: 'Indiquez au moins une adresse e-mail',
  resendTooSoon: 'Cette invitation vient d’être envoyée\u00a0: vous pourrez la renvoyer dans une heure.',
  notFound: 'Cette invitation est introuvable.',
  accountFull: `Vous avez envoyé ${INVITATIONS_PER_DAY} invitations ces dernières 24 heures, le maximum pour un compte. Vous pourrez en envoyer d’autres plus tard.`,
  villageFull: `Ce village a envoyé ${INVITATIONS_PER_DAY} invitations ces dernières 24 heures, le maximum pour un village. Vous pourrez en envoyer d’autres plus tard.`,
} as const;

/** An invitation, as organisers see it in the members screen: pending, or accepted (`accepted_at`). */
export const Invitation = v.object({
  id: v.string(),
  village_id: v.string(),
  email: v.string(),
  message: v.nullable(v.string()),
  inviter_id: v.string(),
  created_at: v.string(),
  last_sent_at: v.string(),
  /** When its person joined the village (any road: its link, the share link, the code); null while pending. */
  accepted_at: v.optional(v.nullable(v.string())),
});
export type Invitation = v.InferOutput<typeof Invitation>;

/**
 * Who invites (an organiser's villager id), whom (each address checked; repeats count once) and an
 * optional word shown in the mail.
 */
export const CreateInvitationsInput = v.strictObject({
  inviter_id: uuid,
  emails: v.pipe(
    boundedArray(email, MAX_INVITATION_EMAILS, invitationMessages.tooMany, messages.wrongType),
    v.minLength(1, invitationMessages.none),
    v.transform((list) => [...new Set(list)]),
  ),
  message: v.optional(optionalText(INVITATION_MESSAGE_MAX), null),
});
export type CreateInvitationsInput = v.InferOutput<typeof CreateInvitationsInput>;

/**
 * The list's `include=accepted`: the accepted invitations too, after the pending ones, so organisers see
 * who joined and when. Without it, the pending ones alone, as before.
 */
export const ListInvitationsQuery = v.object({ include: v.optional(v.picklist(['accepted'], messages.oneOf)) });

/** Withdrawing or sending again: the organiser acting, in the query or the body (as deletes take it). */
export const InvitationActor = v.object({ villager_id: uuid });
