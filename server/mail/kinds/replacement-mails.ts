import * as v from 'valibot';
import { DateTime } from 'luxon';
import { formatHelpSlot } from '../../../src/contract/help-time';
import { ofName } from '../../../src/contract/replacement';
import { layout } from '../layout';
import { mailTemplate, unsubscribeFooter } from '../template';

/** One slot whose helper asked for a replacement, or that was taken over, captured when queued (helps/replacement-routes.ts). */
export const ReplacementMailPayload = v.object({
  village_id: v.string(),
  village_name: v.string(),
  need_id: v.string(),
  need_name: v.string(),
  /** The reader's first name: the mail is theirs. */
  first_name: v.string(),
  /** Who asked for a replacement (the slot's first helper). */
  asker_name: v.string(),
  /** Who took it over; absent from the request's mail. */
  taker_name: v.optional(v.string()),
  /** Whether the reader is the one who asked (told « votre créneau »). */
  is_asker: v.boolean(),
  start_date: v.string(),
  end_date: v.nullable(v.string()),
  time_zone: v.string(),
});
export type ReplacementMailPayload = v.InferOutput<typeof ReplacementMailPayload>;

type Payload = ReplacementMailPayload;
const slotOf = (p: Payload, now: Date) => formatHelpSlot(p.start_date, p.end_date, DateTime.fromJSDate(now), p.time_zone);
const needUrl = (publicUrl: string, p: Payload) => `${publicUrl}/dashboard/villages/${p.village_id}/needs/${p.need_id}`;

/** To the circle: « Bruno cherche quelqu’un pour « Dîner » », with the link where « Je prends le relais » is one tap. */
export const replacementAskedMail = mailTemplate({
  kind: 'new_slots',
  payload: ReplacementMailPayload,
  render(p, context) {
    return layout(`${p.asker_name} cherche quelqu’un pour «\u00a0${p.need_name}\u00a0»`, {
      greeting: `Bonjour ${p.first_name},`,
      paragraphs: [
        `${p.asker_name} ne peut plus assurer «\u00a0${p.need_name}\u00a0» (${p.village_name}), ${slotOf(p, context.now)}, et cherche quelqu’un pour prendre le relais.`,
        `${p.asker_name} garde le créneau tant que personne ne l’a repris.`,
      ],
      action: { intro: 'Si vous pouvez y aller\u00a0:', label: 'Je prends le relais', url: needUrl(context.publicUrl, p) },
      ...unsubscribeFooter(context, `Vous recevez ce message parce que vous êtes membre de «\u00a0${p.village_name}\u00a0».`),
    });
  },
});

/** To the helper who asked, and to the organisers: someone took the slot over. */
export const replacementTakenMail = mailTemplate({
  kind: 'confirmations',
  payload: ReplacementMailPayload,
  render(p, context) {
    const taker = p.taker_name ?? 'Un membre du village';
    const whose = p.is_asker ? 'votre créneau' : `le créneau ${ofName(p.asker_name)}`;
    return layout(`${taker} prend le relais pour «\u00a0${p.need_name}\u00a0»`, {
      greeting: `Bonjour ${p.first_name},`,
      paragraphs: [
        `${taker} prend ${whose} «\u00a0${p.need_name}\u00a0» (${p.village_name}), ${slotOf(p, context.now)}.`,
        ...(p.is_asker ? ['Vous n’avez plus rien à faire pour ce créneau\u00a0: merci d’avoir prévenu.'] : []),
      ],
      action: { intro: 'Pour voir les créneaux de ce besoin\u00a0:', label: 'Ouvrir le village', url: needUrl(context.publicUrl, p) },
      ...unsubscribeFooter(context, `Vous recevez ce message à propos d’un créneau de «\u00a0${p.village_name}\u00a0».`),
    });
  },
});
