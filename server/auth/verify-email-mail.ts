import * as v from 'valibot';
import { VERIFICATION_LINK_DAYS } from '../../src/contract/email-verification';
import { layout } from '../mail/layout';
import { mailTemplate } from '../mail/template';

const FIRST_SENTENCE = {
  sign_up: (email: string) => `Bienvenue sur Village\u00a0! Votre compte a été créé avec l'adresse ${email}.`,
  change: (email: string) => `Vous avez choisi l'adresse ${email} pour votre compte Village.`,
  request: (email: string) => `Voici le lien que vous avez demandé pour vérifier l'adresse ${email} de votre compte Village.`,
};

/**
 * The link that proves an address is its owner's, mailed at sign-up and after a change of address. Essential
 * (no `kind`): it must reach the address whatever the settings, since the others wait for it.
 */
export const emailVerificationMail = mailTemplate({
  payload: v.object({
    first_name: v.string(),
    email: v.string(),
    link: v.string(),
    /** Why it was sent, for its first sentence: a new account, a new address, or a link asked for again. */
    reason: v.picklist(['sign_up', 'change', 'request']),
  }),
  render: ({ first_name, email, link, reason }) =>
    layout('Vérifiez votre adresse e-mail', {
      greeting: `Bonjour ${first_name},`,
      paragraphs: [
        FIRST_SENTENCE[reason](email),
        "Confirmez qu'elle est bien la vôtre\u00a0: c'est elle qui recevra les confirmations, les rappels de vos créneaux et les nouvelles de vos villages.",
      ],
      action: {
        intro: `Pour vérifier votre adresse, ouvrez ce lien (valable ${VERIFICATION_LINK_DAYS} jours, une seule fois)\u00a0:`,
        label: 'Vérifier mon adresse',
        url: link,
      },
      closing: ["Si vous n'avez pas créé de compte Village avec cette adresse, ignorez ce message\u00a0: elle ne recevra rien d'autre."],
    }),
});
