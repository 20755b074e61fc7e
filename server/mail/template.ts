import type * as v from 'valibot';
import type { RenderedMail } from './layout';

/** What a template may know beside its payload: where links lead, and when it is sent (for "demain"). */
export interface MailContext {
  publicUrl: string;
  now: Date;
}

/**
 * One kind of mail: the payload it is queued with (checked again when it is sent, since a row may outlive a
 * change of its template) and how it reads.
 */
export interface MailTemplate<Payload> {
  payload: v.GenericSchema<Payload>;
  render(payload: Payload, context: MailContext): RenderedMail;
}

export const mailTemplate = <Payload>(template: MailTemplate<Payload>) => template;
