import * as v from 'valibot';
import { frenchDateTime } from '../french-date';
import { layout } from '../layout';
import { mailTemplate, unsubscribeFooter } from '../template';
import { chatUrl, counted, shortened } from './digest-village';

/** How much of a message a digest quotes: enough to know what it is about, the rest is in the app. */
export const QUOTED_CHARS = 200;

/** One village's unread messages for one member: about that village, so a mute of it stops it at send time too. */
export const ChatDigestPayload = v.object({
  village_id: v.string(),
  first_name: v.string(),
  /** "chez Jeanne" */
  place: v.string(),
  title: v.string(),
  time_zone: v.string(),
  /** Every unread message the digest is about, some of them quoted below. */
  unread: v.number(),
  /** The newest ones, oldest first. */
  messages: v.array(v.object({ author: v.string(), at: v.string(), text: v.string() })),
});
export type ChatDigestPayload = v.InferOutput<typeof ChatDigestPayload>;

/** "3 messages non lus chez Jeanne": the chat of a village its member has not opened for some hours. */
export const chatDigestMail = mailTemplate({
  kind: 'chat',
  payload: ChatDigestPayload,
  render(p, context) {
    const count = counted(p.unread, 'message non lu', 'messages non lus');
    const older = p.unread - p.messages.length;
    return layout(`${count.replace(/^./, (c) => c.toUpperCase())} ${p.place}`, {
      greeting: `Bonjour ${p.first_name},`,
      paragraphs: [`Vous avez ${count} dans la discussion ${p.place} depuis votre dernière visite.`],
      sections: [
        {
          heading: p.title,
          lines: [
            ...(older > 0 ? [`… et ${counted(older, 'message plus ancien', 'messages plus anciens')}`] : []),
            ...p.messages.map(
              (m) =>
                `${m.author}, ${frenchDateTime(new Date(m.at), p.time_zone, context.now)}\u00a0: «\u00a0${shortened(m.text, QUOTED_CHARS)}\u00a0»`,
            ),
          ],
        },
      ],
      action: {
        intro: 'Pour lire la suite et répondre\u00a0:',
        label: 'Ouvrir la discussion',
        url: chatUrl(context.publicUrl, p.village_id),
      },
      ...unsubscribeFooter(
        context,
        `Vous recevez ce résumé parce que vous n’avez pas ouvert «\u00a0${p.title}\u00a0» depuis quelques heures\u00a0; au plus un toutes les 4 heures, rien pour les messages déjà lus.`,
      ),
    });
  },
});
