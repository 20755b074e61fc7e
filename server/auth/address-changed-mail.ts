import * as v from 'valibot';
import { layout } from '../mail/layout';
import { mailTemplate } from '../mail/template';

/**
 * Told to the former address when an account's address changes: if someone else changed it (a session left
 * open, a stolen password), the owner learns it where they still read, with the way back. Essential: it
 * goes whatever the settings.
 */
export const addressChangedMail = mailTemplate({
  payload: v.object({ first_name: v.string(), new_email: v.string(), reset_link: v.string() }),
  render: ({ first_name, new_email, reset_link }) =>
    layout('L’adresse de votre compte a changé', {
      greeting: `Bonjour ${first_name},`,
      paragraphs: [
        `L’adresse e-mail de votre compte Village vient d’être remplacée par ${new_email}. Les messages de Village iront désormais à cette adresse.`,
        'Si c’est vous, vous n’avez rien à faire.',
      ],
      action: {
        intro: 'Si ce n’est pas vous, choisissez un nouveau mot de passe puis remettez votre adresse dans votre profil\u00a0:',
        label: 'Protéger mon compte',
        url: reset_link,
      },
    }),
});
