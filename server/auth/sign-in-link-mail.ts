import * as v from 'valibot';
import { SIGN_IN_LINK_MINUTES } from '../../src/contract/sign-in-link';
import { layout } from '../mail/layout';
import { mailTemplate } from '../mail/template';

/**
 * The link that signs in without a password, mailed to whoever asked for it. Essential (no `kind`): it goes to
 * the address it was asked for, verified or not, since following it is what verifies it.
 */
export const signInLinkMail = mailTemplate({
  payload: v.object({ first_name: v.string(), link: v.string() }),
  render: ({ first_name, link }) =>
    layout('Votre lien de connexion', {
      greeting: `Bonjour ${first_name},`,
      paragraphs: ['Vous avez demandé à vous connecter à Village sans mot de passe.'],
      action: {
        intro: `Pour vous connecter, ouvrez ce lien (valable ${SIGN_IN_LINK_MINUTES} minutes, une seule fois)\u00a0:`,
        label: 'Me connecter',
        url: link,
      },
      closing: ["Si vous n'êtes pas à l'origine de cette demande, ignorez ce message\u00a0: personne ne pourra se connecter sans ce lien."],
    }),
});
