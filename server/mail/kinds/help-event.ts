import { DateTime } from 'luxon';
import * as v from 'valibot';
import type { helps, villageNeeds, villages } from '../../db/schema';
import { writeCalendar } from '../../calendar/icalendar';
import { detailLines, eventDescription } from '../../calendar/practical-details';
import { frenchDateTime } from '../french-date';
import { formatClock } from '../../../src/contract/french-time';
import type { MailAttachment } from '../mailer';

/**
 * What a mail about one help (its confirmation, its reminder) says, captured when it is queued: a template
 * renders from its payload alone. A help withdrawn after its confirmation was queued is not un-mailed; its
 * reminder, queued the evening before, reads what is true then.
 */
export const HelpMailPayload = v.object({
  village_id: v.string(),
  village_name: v.string(),
  need_id: v.string(),
  need_name: v.string(),
  help_id: v.string(),
  first_name: v.string(),
  start_date: v.string(),
  end_date: v.nullable(v.string()),
  /** The village's IANA zone: the slot is where the village is, whatever the reader's device says. */
  time_zone: v.string(),
  address: v.nullable(v.string()),
  access: v.nullable(v.string()),
  people: v.nullable(v.number()),
  diet: v.nullable(v.string()),
  description: v.nullable(v.string()),
  /** The helper's own note on the help. */
  note: v.nullable(v.string()),
});
export type HelpMailPayload = v.InferOutput<typeof HelpMailPayload>;

type Village = Pick<typeof villages.$inferSelect, 'id' | 'name' | 'firstName' | 'timeZone'>;
type Need = Pick<typeof villageNeeds.$inferSelect, 'id' | 'name' | 'address' | 'access' | 'people' | 'diet' | 'description'>;
type Help = Pick<typeof helps.$inferSelect, 'id' | 'startDate' | 'endDate' | 'comment'>;

/** The village as its members know it: its name, else the person it is for. */
export const villageName = (village: Pick<Village, 'name' | 'firstName'>) =>
  village.name ?? (village.firstName ? `Village de ${village.firstName}` : 'Votre village');

export function helpMailPayload(village: Village, need: Need, help: Help, firstName: string): HelpMailPayload {
  return {
    village_id: village.id,
    village_name: villageName(village),
    need_id: need.id,
    need_name: need.name,
    help_id: help.id,
    first_name: firstName,
    start_date: help.startDate.toISOString(),
    end_date: help.endDate?.toISOString() ?? null,
    time_zone: village.timeZone,
    address: need.address,
    access: need.access,
    people: need.people,
    diet: need.diet,
    description: need.description,
    note: help.comment,
  };
}

const HOUR_MS = 3600 * 1000;
// A help without an end still needs a length in a calendar: an hour, as the subscribed calendars show it.
const endOf = (p: HelpMailPayload) => (p.end_date ? new Date(p.end_date) : new Date(new Date(p.start_date).getTime() + HOUR_MS));

/** The need's page in the app: its slots, and "Me retirer" on one's own. */
export const needPageUrl = (publicUrl: string, p: HelpMailPayload) => `${publicUrl}/dashboard/villages/${p.village_id}/needs/${p.need_id}`;

/** "jeudi 27 novembre à 19 h, jusqu'à 21 h" (or "jusqu'au vendredi 28 novembre à 8 h" over midnight), in the village's zone. */
export function whenSentence(p: HelpMailPayload, now: Date): string {
  const start = new Date(p.start_date);
  const text = frenchDateTime(start, p.time_zone, now);
  if (!p.end_date) return text;
  const end = new Date(p.end_date);
  const endAt = DateTime.fromJSDate(end, { zone: p.time_zone });
  return DateTime.fromJSDate(start, { zone: p.time_zone }).hasSame(endAt, 'day')
    ? `${text}, jusqu'à ${formatClock(p.end_date, p.time_zone)}`
    : `${text}, jusqu'au ${frenchDateTime(end, p.time_zone, now)}`;
}

/** The lines that tell the slot: when, where, the need's practical details, the helper's note. */
export function detailParagraphs(p: HelpMailPayload, now: Date): string[] {
  return [
    `Quand\u00a0: ${whenSentence(p, now)}`,
    ...(p.address ? [`Où\u00a0: ${p.address}`] : []),
    ...detailLines(p),
    ...(p.note ? [`Votre mot\u00a0: ${p.note}`] : []),
  ];
}

/**
 * The slot as one calendar event, for the mail's `.ics`. Its UID is the one the subscribed calendars give
 * this help (calendar/feed-events.ts), so a helper who also subscribed sees one event, not two.
 */
export function helpEventAttachment(p: HelpMailPayload, publicUrl: string, now: Date): MailAttachment {
  const content = writeCalendar({
    name: p.village_name,
    stamp: now,
    events: [
      {
        uid: `${p.help_id}@village`,
        start: new Date(p.start_date),
        end: endOf(p),
        summary: `${p.need_name} (${p.village_name})`,
        description: eventDescription(p.note, p),
        location: p.address,
        url: needPageUrl(publicUrl, p),
      },
    ],
  });
  return { filename: 'creneau.ics', content, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' };
}
