import type * as v from 'valibot';
import { resetPasswordMail } from '../auth/reset-mail';
import { emailVerificationMail } from '../auth/verify-email-mail';
import { addressChangedMail } from '../auth/address-changed-mail';
import { signInLinkMail } from '../auth/sign-in-link-mail';
import { invitationMail } from '../invitations/invitation-mail';
import { helpConfirmationMail } from './kinds/confirmation-mail';
import { helpReminderMail } from './kinds/reminder-mail';
import { newSlotsMail } from './kinds/new-slots-mail';
import { chatDigestMail } from './kinds/chat-digest-mail';
import { weeklySummaryMail } from './kinds/weekly-summary-mail';
import { newsMail } from './kinds/news-mail';
import { thanksMail } from './kinds/thanks-mail';
import { replacementAskedMail, replacementTakenMail } from './kinds/replacement-mails';
import { gapAlertMail } from './kinds/gap-alert-mail';
import { nudgeMail } from './kinds/nudge-mail';
import { villageClosedMail } from '../villages/closed-mail';

/**
 * Every kind of mail the server sends, by the name its queued rows carry. queue.ts types its jobs by this list,
 * so a template's module only renders: what queues the mail lives beside it (confirmation-queue.ts, a producer).
 */
export const mailTemplates = {
  password_reset: resetPasswordMail,
  email_verification: emailVerificationMail,
  address_changed: addressChangedMail,
  sign_in_link: signInLinkMail,
  invitation: invitationMail,
  help_confirmation: helpConfirmationMail,
  help_reminder: helpReminderMail,
  new_slots: newSlotsMail,
  chat_digest: chatDigestMail,
  weekly_summary: weeklySummaryMail,
  news: newsMail,
  thanks: thanksMail,
  replacement_asked: replacementAskedMail,
  replacement_taken: replacementTakenMail,
  gap_alert: gapAlertMail,
  nudge: nudgeMail,
  village_closed: villageClosedMail,
};

export type MailKind = keyof typeof mailTemplates;
export type MailPayload<K extends MailKind> = v.InferInput<(typeof mailTemplates)[K]['payload']>;

export const isMailKind = (kind: string): kind is MailKind => Object.hasOwn(mailTemplates, kind);
