import * as v from 'valibot';
import { layout, type MailSection } from '../layout';
import { mailTemplate, unsubscribeFooter, type MailContext } from '../template';
import { counted, slotDay } from './digest-village';

/** How many urgent slots a village's part spells out, each with its link; the planning shows them all. */
export const GAP_LISTED_SLOTS = 8;

const GapVillage = v.object({
  id: v.string(),
  /** "chez Jeanne" */
  place: v.string(),
  title: v.string(),
  time_zone: v.string(),
  horizon_days: v.number(),
  slots: v.array(v.object({ need_id: v.string(), need_name: v.string(), start: v.string(), free: v.number(), places: v.number() })),
  /** How many more were open than listed. */
  more: v.number(),
});
export type GapVillage = v.InferOutput<typeof GapVillage>;

/**
 * One person's urgent slots of the day across the villages they are told of: no `village_id`, as it may be
 * about several; a muted village was left out when it was made (gap-alert-producer.ts).
 */
export const GapAlertPayload = v.object({
  first_name: v.string(),
  /** The local day of the alert, "2026-11-24". */
  day: v.string(),
  villages: v.pipe(v.array(GapVillage), v.minLength(1)),
});
export type GapAlertPayload = v.InferOutput<typeof GapAlertPayload>;

const openCount = (village: GapVillage) => village.slots.length + village.more;

export const needUrl = (publicUrl: string, villageId: string, needId: string) =>
  `${publicUrl}/dashboard/villages/${villageId}/needs/${needId}`;

/** One section per slot: each has its own link, to the need where it is taken in one tap. */
function sections(village: GapVillage, context: MailContext): MailSection[] {
  const listed = village.slots.map((slot) => ({
    heading: `${slot.need_name}, ${slotDay(slot.start, village.time_zone, context.now)}`,
    lines: [`${village.title}\u00a0: ${counted(slot.free, 'place libre', 'places libres')} sur ${slot.places}`],
    link: { label: 'Voir ce créneau', url: needUrl(context.publicUrl, village.id, slot.need_id) },
  }));
  if (village.more === 0) return listed;
  return [
    ...listed,
    {
      heading: `${village.title}\u00a0: et ${counted(village.more, 'autre créneau', 'autres créneaux')}`,
      lines: [],
      link: { label: 'Voir le planning', url: `${context.publicUrl}/dashboard/villages/${village.id}/planning?filtre=a-pourvoir` },
    },
  ];
}

function subject(villages: GapVillage[]): string {
  const total = villages.reduce((sum, village) => sum + openCount(village), 0);
  const where = villages.length === 1 ? villages[0].place : 'dans vos villages';
  return `Urgent\u00a0: ${counted(total, 'créneau', 'créneaux')} encore sans personne ${where}`;
}

/** The day's urgent slots: "Urgent : 2 créneaux encore sans personne chez Jeanne", each slot with its link. */
export const gapAlertMail = mailTemplate({
  kind: 'gaps',
  payload: GapAlertPayload,
  render(p, context) {
    const days = Math.max(...p.villages.map((village) => village.horizon_days));
    return layout(subject(p.villages), {
      greeting: `Bonjour ${p.first_name},`,
      paragraphs: [
        `Ces créneaux, ${days === 1 ? 'd’ici demain' : `dans les ${days} jours qui viennent`}, n’ont pas encore assez d’aidants. Un coup de main, ou un message à un proche, peut tout changer.`,
      ],
      sections: p.villages.flatMap((village) => sections(village, context)),
      ...unsubscribeFooter(
        context,
        'Vous recevez cette alerte, une fois par jour au plus, parce que vous organisez ce village ou avez demandé à être prévenu des créneaux urgents.',
      ),
    });
  },
});
