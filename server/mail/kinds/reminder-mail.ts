import { DateTime } from 'luxon';
import { formatClock, formatNearDay } from '../../../src/contract/french-time';
import { layout } from '../layout';
import { mailTemplate, unsubscribeFooter } from '../template';
import { detailParagraphs, HelpMailPayload, needPageUrl } from './help-event';

/**
 * "Rappel : demain, Dîner chez Jeanne à 19 h": mailed the evening before a slot, in the village's zone, to
 * its helper (mail/kinds/reminder-producer.ts queues it).
 */
export const helpReminderMail = mailTemplate({
  kind: 'reminders',
  payload: HelpMailPayload,
  render(p, context) {
    // "demain", "aujourd’hui" (a reminder sent late), else the day itself: as seen from when the mail is sent.
    const day = formatNearDay(p.start_date, p.time_zone, DateTime.fromJSDate(context.now));
    return layout(`Rappel\u00a0: ${day}, ${p.need_name} à ${formatClock(p.start_date, p.time_zone)}`, {
      greeting: `Bonjour ${p.first_name},`,
      paragraphs: [
        `Un petit rappel\u00a0: ${day}, vous aidez pour «\u00a0${p.need_name}\u00a0» (${p.village_name}).`,
        ...detailParagraphs(p, context.now),
      ],
      action: {
        intro: 'Pour revoir ce créneau, ou vous en retirer («\u00a0Me retirer\u00a0») si vous ne pouvez plus venir\u00a0:',
        label: 'Voir le créneau',
        url: needPageUrl(context.publicUrl, p),
      },
      closing: ['Si vous ne pouvez plus venir, dites-le vite\u00a0: le village pourra trouver quelqu’un d’autre.'],
      ...unsubscribeFooter(context, `Vous recevez ce rappel parce que vous avez pris ce créneau dans «\u00a0${p.village_name}\u00a0».`),
    });
  },
});
