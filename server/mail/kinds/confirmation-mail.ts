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
    const mail = layout(`Confirmé : ${p.need_name}, ${start}`, {
      greeting: `Bonjour ${p.first_name},`,
      paragraphs: [`C’est noté : vous aidez pour « ${p.need_name} » (${p.village_name}). Merci !`, ...detailParagraphs(p, context.now)],
      action: {
        intro: 'Pour revoir ce créneau, ou vous en retirer (« Me retirer ») si vous ne pouvez plus venir :',
        label: 'Voir le créneau',
        url: needPageUrl(context.publicUrl, p),
      },
      closing: ['Le fichier « creneau.ics » joint ajoute ce créneau à votre agenda.'],
      ...unsubscribeFooter(context, `Vous recevez ce message parce que vous avez proposé votre aide dans « ${p.village_name} ».`),
    });
    return { ...mail, attachments: [helpEventAttachment(p, context.publicUrl, context.now)] };
  },
});
