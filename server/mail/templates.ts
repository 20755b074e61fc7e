import type * as v from 'valibot';
import { resetPasswordMail } from '../auth/reset-mail';
import { helpConfirmationMail } from './kinds/confirmation-mail';
import { helpReminderMail } from './kinds/reminder-mail';

/** Every kind of mail the server sends, by the name its queued rows carry. */
export const mailTemplates = {
  password_reset: resetPasswordMail,
  help_confirmation: helpConfirmationMail,
  help_reminder: helpReminderMail,
};

export type MailKind = keyof typeof mailTemplates;
export type MailPayload<K extends MailKind> = v.InferInput<(typeof mailTemplates)[K]['payload']>;

export const isMailKind = (kind: string): kind is MailKind => Object.hasOwn(mailTemplates, kind);
