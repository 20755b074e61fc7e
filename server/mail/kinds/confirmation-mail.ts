import { frenchDateTime } from '../french-date';
import { layout } from '../layout';
import { mailTemplate, unsubscribeFooter } from '../template';
import { detailParagraphs, helpEventAttachment, HelpMailPayload, needPageUrl } from './help-event';

/**
 * "Confirmé : Dîner chez Jeanne, jeudi 27 novembre à 19 h": mailed to whoever takes a slot or proposes a
 * help, with the slot as an `.ics` for their calendar and the way back to the need's page to withdraw
 * (confirmation-queue.ts queues it).
 */
export const helpConfirmationMail = mailTemplate({
  kind: 'confirmations',
  payload: HelpMailPayload,
  render(p, context) {
    const start = frenchDateTime(new Date(p.start_date), p.time_zone, context.now);
    const mail = layout(`Confirmé\u00a0: ${p.need_name}, ${start}`, {
      greeting: `Bonjour ${p.first_name},`,
      paragraphs: [
        `C’est noté\u00a0: vous aidez pour «\u00a0${p.need_name}\u00a0» (${p.village_name}). Merci\u00a0!`,
        ...detailParagraphs(p, context.now),
      ],
      action: {
        intro: 'Pour revoir ce créneau, ou vous en retirer («\u00a0Me retirer\u00a0») si vous ne pouvez plus venir\u00a0:',
        label: 'Voir le créneau',
        url: needPageUrl(context.publicUrl, p),
      },
      closing: ['Le fichier «\u00a0creneau.ics\u00a0» joint ajoute ce créneau à votre agenda.'],
      ...unsubscribeFooter(context, `Vous recevez ce message parce que vous avez proposé votre aide dans «\u00a0${p.village_name}\u00a0».`),
    });
    return { ...mail, attachments: [helpEventAttachment(p, context.publicUrl, context.now)] };
  },
});
