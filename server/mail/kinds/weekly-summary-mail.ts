import { formatWeek } from '../../../src/contract/french-time';
import * as v from 'valibot';
import { layout, type MailSection } from '../layout';
import { mailTemplate, unsubscribeFooter } from '../template';
import { counted, openSlotsUrl, planningUrl, slotDay } from './digest-village';
import { quietSection } from './weekly-summary-quiet';

/** How many open slots the summary spells out; the planning shows them all. */
export const WEEKLY_LISTED_OPEN = 5;

/** One village's coming week for one of its organisers. */
export const WeeklySummaryPayload = v.object({
  village_id: v.string(),
  first_name: v.string(),
  place: v.string(),
  title: v.string(),
  time_zone: v.string(),
  /** The Monday the week starts, "2026-11-30". */
  monday: v.string(),
  slots: v.number(),
  covered: v.number(),
  open: v.number(),
  /** The first open slots, by start. */
  first_open: v.array(v.object({ start: v.string(), need_name: v.string(), free: v.number(), places: v.number() })),
  /** What was given back in the past week, in words (weekly-summary-producer.ts). */
  withdrawals: v.array(v.string()),
  /** What was said done in the past week, in words, the first few (weekly-summary-done.ts); absent in older rows. */
  done: v.optional(v.array(v.string()), []),
  /** How many were done in all, when more than listed. */
  done_count: v.optional(v.number(), 0),
  /** The first names of members who took nothing for a month, alphabetical (weekly-summary-quiet.ts); absent in older rows. */
  quiet: v.optional(v.array(v.string()), []),
  /** How many more quiet members than named. */
  quiet_more: v.optional(v.number(), 0),
});
export type WeeklySummaryPayload = v.InferOutput<typeof WeeklySummaryPayload>;

/** "mardi 2 décembre, 19 h : Dîner (1 place libre sur 2)" */
export const openSlotLine = (slot: WeeklySummaryPayload['first_open'][number], zone: string, now: Date) =>
  `${slotDay(slot.start, zone, now)}\u00a0: ${slot.need_name} (${counted(slot.free, 'place libre', 'places libres')} sur ${slot.places})`;

/** The organisers' Sunday evening summary of the coming week: covered, still open, given back. */
export const weeklySummaryMail = mailTemplate({
  kind: 'weekly_summary',
  payload: WeeklySummaryPayload,
  render(p, context) {
    const sections: MailSection[] = [];
    if (p.slots === 0) {
      sections.push({ heading: 'La semaine à venir', lines: ['Aucun créneau prévu du lundi au dimanche.'] });
    } else {
      const lines = [
        `${counted(p.covered, 'créneau pourvu', 'créneaux pourvus')} sur ${p.slots}`,
        p.open === 0 ? 'Tous les créneaux sont pourvus.' : `${counted(p.open, 'créneau', 'créneaux')} encore à pourvoir`,
      ];
      sections.push({ heading: 'La semaine à venir', lines });
    }
    if (p.open > 0) {
      const more = p.open - p.first_open.length;
      sections.push({
        heading: 'Encore à pourvoir',
        lines: [
          ...p.first_open.map((slot) => openSlotLine(slot, p.time_zone, context.now)),
          ...(more > 0 ? [`et ${counted(more, 'autre créneau', 'autres créneaux')}`] : []),
        ],
        link: { label: 'Voir les créneaux à pourvoir', url: openSlotsUrl(context.publicUrl, p.village_id) },
      });
    }
    // Rows queued before these fields have neither: nothing to say of what was done.
    const done = p.done ?? [];
    if (done.length > 0) {
      const more = (p.done_count ?? done.length) - done.length;
      sections.push({
        heading: 'Fait la semaine passée',
        lines: [...done, ...(more > 0 ? [`et ${counted(more, 'autre aide', 'autres aides')}`] : [])],
      });
    }
    sections.push({
      heading: 'Désistements de la semaine passée',
      lines: p.withdrawals.length ? p.withdrawals : ['Aucun désistement.'],
    });
    const quiet = quietSection(p.quiet ?? [], p.quiet_more ?? 0);
    if (quiet) sections.push(quiet);
    const subject =
      p.open > 0
        ? `Votre semaine ${p.place}\u00a0: ${counted(p.open, 'créneau', 'créneaux')} à pourvoir`
        : p.slots > 0
          ? `Votre semaine ${p.place}\u00a0: tous les créneaux sont pourvus`
          : `Votre semaine ${p.place}`;
    return layout(subject, {
      greeting: `Bonjour ${p.first_name},`,
      paragraphs: [`Voici la semaine ${formatWeek(p.monday)} pour «\u00a0${p.title}\u00a0».`],
      sections,
      action: {
        intro: 'Pour voir la semaine en détail et relancer les membres\u00a0:',
        label: 'Ouvrir le planning',
        url: planningUrl(context.publicUrl, p.village_id),
      },
      ...unsubscribeFooter(context, `Vous recevez ce résumé chaque dimanche soir parce que vous organisez «\u00a0${p.title}\u00a0».`),
    });
  },
});
