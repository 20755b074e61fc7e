import * as v from 'valibot';
import { layout } from '../mail/layout';
import { mailTemplate } from '../mail/template';

/** The link to choose a new password, mailed to whoever asked for it. */
export const resetPasswordMail = mailTemplate({
  payload: v.object({ first_name: v.string(), link: v.string() }),
  render: ({ first_name, link }) =>
    layout('Réinitialisation de votre mot de passe', {
      greeting: `Bonjour ${first_name},`,
      paragraphs: ['Vous avez demandé à réinitialiser le mot de passe de votre compte Village.'],
      action: {
        intro: 'Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure, une seule fois)\u00a0:',
        label: 'Choisir un nouveau mot de passe',
        url: link,
      },
      closing: ["Si vous n'êtes pas à l'origine de cette demande, ignorez ce message\u00a0: votre mot de passe reste inchangé."],
    }),
});
