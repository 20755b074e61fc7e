import * as v from 'valibot';
import { layout, type MailSection } from '../layout';
import { mailTemplate, unsubscribeFooter, type MailContext } from '../template';
import { frenchDateTime } from '../french-date';
import { counted, openSlotsUrl, planningUrl } from './digest-village';

const NewSlotsVillage = v.object({
  id: v.string(),
  /** "chez Jeanne" */
  place: v.string(),
  title: v.string(),
  time_zone: v.string(),
  /** The new scheduled needs with open slots in the coming weeks: how many, and the first. */
  scheduled: v.array(v.object({ name: v.string(), open_slots: v.number(), first_start: v.string() })),
  /** The new needs without a schedule, by name. */
  undated: v.array(v.string()),
});
export type NewSlotsVillage = v.InferOutput<typeof NewSlotsVillage>;

/**
 * One person's day across their villages: no `village_id`, as it is about several; a muted village was left
 * out when the digest was made (new-slots-producer.ts).
 */
export const NewSlotsPayload = v.object({
  first_name: v.string(),
  /** The local date of the digest, "2026-11-24". */
  day: v.string(),
  /** How many weeks ahead the open slots were counted. */
  weeks: v.number(),
  villages: v.pipe(v.array(NewSlotsVillage), v.minLength(1)),
});
export type NewSlotsPayload = v.InferOutput<typeof NewSlotsPayload>;

const openSlots = (village: NewSlotsVillage) => village.scheduled.reduce((sum, need) => sum + need.open_slots, 0);

/** "3 nouveaux créneaux à pourvoir chez Jeanne", or "1 nouveau besoin chez Jeanne" when none is dated. */
export function villageHeadline(village: NewSlotsVillage): string {
  const slots = openSlots(village);
  if (slots > 0) return `${counted(slots, 'nouveau créneau', 'nouveaux créneaux')} à pourvoir ${village.place}`;
  return `${counted(village.undated.length, 'nouveau besoin', 'nouveaux besoins')} ${village.place}`;
}

function section(village: NewSlotsVillage, weeks: number, context: MailContext): MailSection {
  const lines = village.scheduled.map(
    (need) =>
      `${need.name}\u00a0: ${counted(need.open_slots, 'créneau', 'créneaux')} à pourvoir dans les ${weeks} semaines à venir, le premier ${frenchDateTime(new Date(need.first_start), village.time_zone, context.now)}`,
  );
  if (village.undated.length)
    lines.push(`${counted(village.undated.length, 'nouveau besoin', 'nouveaux besoins')}\u00a0: ${village.undated.join(', ')}`);
  const slots = openSlots(village);
  return {
    heading: `${village.title}\u00a0: ${villageHeadline(village)}`,
    lines,
    link:
      slots > 0
        ? { label: 'Voir les créneaux à pourvoir', url: openSlotsUrl(context.publicUrl, village.id) }
        : { label: 'Voir le planning', url: planningUrl(context.publicUrl, village.id) },
  };
}

function subject(villages: NewSlotsVillage[]): string {
  if (villages.length === 1) return villageHeadline(villages[0]).replace(/^./, (c) => c.toUpperCase());
  const slots = villages.reduce((sum, village) => sum + openSlots(village), 0);
  return slots > 0
    ? `${counted(slots, 'nouveau créneau', 'nouveaux créneaux')} à pourvoir dans vos villages`
    : 'Nouveaux besoins dans vos villages';
}

/** The daily digest of what was added in one's villages by others: "3 nouveaux créneaux à pourvoir chez Jeanne". */
export const newSlotsMail = mailTemplate({
  kind: 'new_slots',
  payload: NewSlotsPayload,
  render(p, context) {
    return layout(subject(p.villages), {
      greeting: `Bonjour ${p.first_name},`,
      paragraphs: [
        p.villages.length === 1
          ? 'Voici ce qui a été ajouté depuis hier dans votre village. Un coup de main, même ponctuel, compte.'
          : 'Voici ce qui a été ajouté depuis hier dans vos villages. Un coup de main, même ponctuel, compte.',
      ],
      sections: p.villages.map((village) => section(village, p.weeks, context)),
      ...unsubscribeFooter(
        context,
        `Vous recevez ce résumé, au plus un par jour, parce que vous êtes membre ${p.villages.length === 1 ? 'de ce village' : 'de ces villages'}.`,
      ),
    });
  },
});
