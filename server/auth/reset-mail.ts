import type { Mail } from '../mail/mailer';

export function resetPasswordMail(to: string, firstName: string, link: string): Mail {
  return {
    to,
    subject: 'Réinitialisation de votre mot de passe',
    text: [
      `Bonjour ${firstName},`,
      '',
      'Vous avez demandé à réinitialiser le mot de passe de votre compte Village.',
      'Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure, une seule fois) :',
      '',
      link,
      '',
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
      '',
      "L'équipe Village",
    ].join('\n'),
  };
}
