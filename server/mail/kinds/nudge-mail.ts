import * as v from 'valibot';
import { layout } from '../layout';
import { mailTemplate, unsubscribeFooter } from '../template';
import { counted, openSlotsUrl, slotDay } from './digest-village';

/** How many of the week's open slots the nudge names: enough to picture one, short enough to stay a word. */
export const NUDGE_LISTED_SLOTS = 3;

/** One member told their village still needs them, with the week's open slots counted when it was queued. */
export const NudgePayload = v.object({
  village_id: v.string(),
  first_name: v.string(),
  /** "Le village de Jeanne" */
  title: v.string(),
  time_zone: v.string(),
  open: v.number(),
  first_open: v.array(v.object({ start: v.string(), need_name: v.string() })),
});
export type NudgePayload = v.InferOutput<typeof NudgePayload>;

/** "Le village de Jeanne a encore besoin de vous : 4 créneaux cette semaine" (the push says the same). */
export const nudgeSentence = (title: string, open: number) =>
  `${title} a encore besoin de vous\u00a0: ${counted(open, 'créneau', 'créneaux')} cette semaine`;

/** The month's kind word to a member who has not taken a slot for a while: no reproach, a few slots, one link. */
export const nudgeMail = mailTemplate({
  kind: 'nudges',
  payload: NudgePayload,
  render(p, context) {
    return layout(nudgeSentence(p.title, p.open), {
      greeting: `Bonjour ${p.first_name},`,
      paragraphs: [`${nudgeSentence(p.title, p.open)}. Même une heure de temps en temps compte beaucoup, et chacun aide comme il peut.`],
      sections: [
        {
          heading: 'Par exemple',
          lines: p.first_open.map((slot) => `${slot.need_name}, ${slotDay(slot.start, p.time_zone, context.now)}`),
        },
      ],
      action: {
        intro: 'Pour voir les créneaux et en prendre un\u00a0:',
        label: 'Voir les créneaux à pourvoir',
        url: openSlotsUrl(context.publicUrl, p.village_id),
      },
      ...unsubscribeFooter(
        context,
        `Vous recevez ce message, une fois par mois au plus, parce que vous êtes membre de «\u00a0${p.title}\u00a0».`,
      ),
    });
  },
});
