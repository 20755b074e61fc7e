import * as v from 'valibot';
import { DateTime } from 'luxon';
import { formatHelpSlot } from '../../../src/contract/help-time';
import { layout } from '../layout';
import { mailTemplate, unsubscribeFooter } from '../template';

/** One thanks to one helper, captured when it is queued (helps/thanks-routes.ts). */
export const ThanksMailPayload = v.object({
  village_id: v.string(),
  village_name: v.string(),
  need_id: v.string(),
  need_name: v.string(),
  /** The helper's first name: the mail is theirs. */
  first_name: v.string(),
  thanker_name: v.string(),
  start_date: v.string(),
  end_date: v.nullable(v.string()),
  time_zone: v.string(),
  message: v.nullable(v.string()),
});
export type ThanksMailPayload = v.InferOutput<typeof ThanksMailPayload>;

/** "Marie vous remercie pour « Dîner », jeudi 26 novembre, 19 h – 20 h", with her word when she left one. */
export const thanksMail = mailTemplate({
  kind: 'thanks',
  payload: ThanksMailPayload,
  render(p, context) {
    const when = formatHelpSlot(p.start_date, p.end_date, DateTime.fromJSDate(context.now), p.time_zone);
    return layout(`${p.thanker_name} vous remercie pour «\u00a0${p.need_name}\u00a0»`, {
      greeting: `Bonjour ${p.first_name},`,
      paragraphs: [
        `${p.thanker_name} vous remercie pour votre aide «\u00a0${p.need_name}\u00a0» (${p.village_name}), ${when}.`,
        ...(p.message ? [`Son mot\u00a0: «\u00a0${p.message}\u00a0»`] : []),
      ],
      action: {
        intro: 'Pour revoir cette aide et les prochains créneaux\u00a0:',
        label: 'Ouvrir le village',
        url: `${context.publicUrl}/dashboard/villages/${p.village_id}/needs/${p.need_id}`,
      },
      ...unsubscribeFooter(context, `Vous recevez ce message parce que vous avez aidé dans «\u00a0${p.village_name}\u00a0».`),
    });
  },
});
