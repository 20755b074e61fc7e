import * as v from 'valibot';
import { email } from '../../../contract/fields';
import { invitationMessages, MAX_INVITATION_EMAILS } from '../../../contract/invitations';

export type ParsedEmails = { ok: true; emails: string[] } | { ok: false; message: string };

/**
 * The addresses typed in the invitation field, separated by commas, semicolons, spaces or new lines, each
 * checked as the server checks it (lower-cased, repeats once). A wrong one is named, so it can be found in a
 * long list pasted from an address book.
 */
export function parseEmails(typed: string): ParsedEmails {
  const words = typed.split(/[\s,;]+/).filter(Boolean);
  if (words.length === 0) return { ok: false, message: invitationMessages.none };
  const emails: string[] = [];
  const wrong: string[] = [];
  for (const word of words) {
    const checked = v.safeParse(email, word);
    if (checked.success) emails.push(checked.output);
    else wrong.push(word);
  }
  if (wrong.length === 1) return { ok: false, message: `Cette adresse n’est pas valide\u00a0: ${wrong[0]}` };
  if (wrong.length > 1) return { ok: false, message: `Ces adresses ne sont pas valides\u00a0: ${wrong.join(', ')}` };
  const unique = [...new Set(emails)];
  if (unique.length > MAX_INVITATION_EMAILS) return { ok: false, message: `${invitationMessages.tooMany} (${unique.length} saisies)` };
  return { ok: true, emails: unique };
}
