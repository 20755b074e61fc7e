import type * as v from 'valibot';
import type { NotificationKind } from '../../src/contract/notification-settings';
import type { MailContent, RenderedMail } from './layout';

/** What a template may know beside its payload: where links lead, and when it is sent (for "demain"). */
export interface MailContext {
  publicUrl: string;
  now: Date;
  /**
   * For a mail of a kind its person can turn off: the page that turns it off in one click (no sign-in) and
   * the notification settings. The layout's footer should show both (`unsubscribeFooter`).
   */
  unsubscribe?: { pageUrl: string; settingsUrl: string };
}

/**
 * One kind of mail: the payload it is queued with (checked again when it is sent, since a row may outlive a
 * change of its template) and how it reads.
 */
export interface MailTemplate<Payload> {
  payload: v.GenericSchema<Payload>;
  /**
   * The notification kind a person may turn off (`confirmations`, `reminders`…): such a mail carries a
   * one-click unsubscribe, goes only to a verified address and only while its person still wants it (read
   * again when it is sent). None: a mail that must reach its address whatever the settings (password reset,
   * verification, invitation).
   */
  kind?: NotificationKind;
  render(payload: Payload, context: MailContext): RenderedMail;
}

export const mailTemplate = <Payload>(template: MailTemplate<Payload>) => template;

/** The small print of a mail its person can turn off: why it came, and the links to stop it. */
export function unsubscribeFooter(context: MailContext, why: string): Pick<MailContent, 'footer' | 'footerLinks'> {
  if (!context.unsubscribe) return { footer: [why] };
  return {
    footer: [why],
    footerLinks: [
      { label: 'Ne plus recevoir ce type d’e-mail', url: context.unsubscribe.pageUrl },
      { label: 'Choisir les notifications que vous recevez', url: context.unsubscribe.settingsUrl },
    ],
  };
}
