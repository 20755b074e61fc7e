import * as v from 'valibot';
import { layout } from '../mail/layout';
import { mailTemplate } from '../mail/template';

/** The one « merci à tous » mail each member gets when an organiser closes their village (close-routes.ts). */
export const VillageClosedMailPayload = v.object({
  village_id: v.string(),
  village_name: v.string(),
  /** The member's first name: the mail is theirs. */
  first_name: v.nullable(v.string()),
  closer_name: v.string(),
  message: v.nullable(v.string()),
});
export type VillageClosedMailPayload = v.InferOutput<typeof VillageClosedMailPayload>;

/**
 * Transactional, of no notification kind: it is sent once, when care ends, and tells each member that their
 * future slots are released; a setting that turned off reminders or digests must not hide that.
 */
export const villageClosedMail = mailTemplate({
  payload: VillageClosedMailPayload,
  render(p, context) {
    return layout(`Merci à tous\u00a0: «\u00a0${p.village_name}\u00a0» est clôturé`, {
      greeting: p.first_name ? `Bonjour ${p.first_name},` : 'Bonjour,',
      paragraphs: [
        `${p.closer_name} a clôturé le village «\u00a0${p.village_name}\u00a0». Merci à tous pour votre aide, votre présence et vos mots.`,
        ...(p.message ? [`Son dernier mot\u00a0: «\u00a0${p.message}\u00a0»`] : []),
        'Les créneaux à venir sont libérés et vous ne recevrez plus de rappels ni de résumés pour ce village. Il reste consultable par ses membres, en souvenir.',
      ],
      action: {
        intro: 'Pour relire le village\u00a0:',
        label: 'Ouvrir le village',
        url: `${context.publicUrl}/dashboard/villages/${p.village_id}`,
      },
      footer: [`Vous recevez ce message parce que vous êtes membre de «\u00a0${p.village_name}\u00a0».`],
    });
  },
});
