import { DateTime } from 'luxon';
import { layout } from '../layout';
import { mailTemplate, unsubscribeFooter } from '../template';
import { detailParagraphs, HelpMailPayload, needPageUrl } from './help-event';

/** "demain", "aujourd'hui" (a reminder sent late), else the day itself: as seen from when the mail is sent. */
function dayWord(start: DateTime, now: Date): string {
  const today = DateTime.fromJSDate(now, { zone: start.zone });
  if (start.hasSame(today, 'day')) return 'aujourd’hui';
  if (start.hasSame(today.plus({ days: 1 }), 'day')) return 'demain';
  return start.setLocale('fr').toFormat(start.year === today.year ? 'cccc d LLLL' : 'cccc d LLLL yyyy');
}

const frenchTime = (at: DateTime) => (at.minute === 0 ? at.toFormat("H' h'") : at.toFormat("H' h 'mm"));

/**
 * "Rappel : demain, Dîner chez Jeanne à 19 h": mailed the evening before a slot, in the village's zone, to
 * its helper (mail/kinds/reminder-producer.ts queues it).
 */
export const helpReminderMail = mailTemplate({
  kind: 'reminders',
  payload: HelpMailPayload,
  render(p, context) {
    const start = DateTime.fromISO(p.start_date, { zone: p.time_zone });
    const day = dayWord(start, context.now);
    return layout(`Rappel : ${day}, ${p.need_name} à ${frenchTime(start)}`, {
      greeting: `Bonjour ${p.first_name},`,
      paragraphs: [
        `Un petit rappel : ${day}, vous aidez pour « ${p.need_name} » (${p.village_name}).`,
        ...detailParagraphs(p, context.now),
      ],
      action: {
        intro: 'Pour revoir ce créneau, ou vous en retirer (« Me retirer ») si vous ne pouvez plus venir :',
        label: 'Voir le créneau',
        url: needPageUrl(context.publicUrl, p),
      },
      closing: ['Si vous ne pouvez plus venir, dites-le vite : le village pourra trouver quelqu’un d’autre.'],
      ...unsubscribeFooter(context, `Vous recevez ce rappel parce que vous avez pris ce créneau dans « ${p.village_name} ».`),
    });
  },
});
