import { helpNotFound, needNotFound, userNotFound, villageNotFound, villagerNotFound } from '../../contract/error-messages';
import { invitationMessages } from '../../contract/invitations';

/**
 * A 404 answer to a queued change means what it acted on was deleted by someone else since the change was
 * made offline: sending it again cannot succeed, so the list says so in plain words and offers only to
 * remove it. The server's 404 messages ("Ce besoin est introuvable.") name the thing; each gets its
 * sentence, and any other 404 a neutral one.
 */
const GONE: Record<string, string> = {
  [needNotFound]: "ce besoin a été supprimé par quelqu'un d'autre.",
  [helpNotFound]: "cette aide a été retirée par quelqu'un d'autre.",
  [villageNotFound]: "ce village a été supprimé par quelqu'un d'autre.",
  [villagerNotFound]: "cette personne n'est plus membre du village.",
  [invitationMessages.notFound]: 'cette invitation a été retirée ou acceptée entre-temps.',
  [userNotFound]: 'ce compte a été supprimé.',
};
const SOMETHING_GONE = "ce qu'elle modifiait a été supprimé par quelqu'un d'autre.";

/** The plain-words reason when the refusal means "deleted by someone else", or null for any other refusal. */
export function goneReason(failure: { status: number; message: string } | undefined): string | null {
  if (failure?.status !== 404) return null;
  return GONE[failure.message] ?? SOMETHING_GONE;
}
