import * as v from 'valibot';
import { layout } from '../mail/layout';
import { mailTemplate } from '../mail/template';
import { joinUrl } from '../../src/contract/join-link';

/**
 * What an invitation says, captured when it is sent: the village as its members name it, the person it is
 * for, who invites (and their address, for the answer), their optional word and the link with its token.
 */
export const InvitationMailPayload = v.object({
  village_id: v.string(),
  village_name: v.string(),
  /** The person the village is for ("Jeanne"); null when the village does not say. */
  first_name: v.nullable(v.string()),
  inviter_first_name: v.string(),
  /** Their last name: "which Marie?" has its answer. Absent from the invitations queued before it was captured. */
  inviter_last_name: v.optional(v.nullable(v.string())),
  /** The inviter's address when it is verified: a reply reaches them, not a no-reply box. */
  reply_to: v.nullable(v.string()),
  message: v.nullable(v.string()),
  link: v.string(),
  /** The account whose call sent it (not shown): the daily bound of invitation mails counts per account. */
  sender_id: v.optional(v.string()),
});
export type InvitationMailPayload = v.InferOutput<typeof InvitationMailPayload>;

/**
 * "Claire Martin vous invite à rejoindre « Le village de Jeanne »": mailed to an address an organiser typed. No
 * notification kind: the person has no account and no settings yet, and the mail is the invitation itself
 * (invitation-queue.ts queues it).
 */
export const invitationMail = mailTemplate({
  payload: InvitationMailPayload,
  render(p) {
    const inviter = [p.inviter_first_name, p.inviter_last_name].filter(Boolean).join(' ');
    const forWhom = p.first_name
      ? ` Un village d’entraide rassemble les proches de ${p.first_name} pour l’aider au quotidien\u00a0: repas, trajets, visites, courses…`
      : '';
    const mail = layout(`${inviter} vous invite à rejoindre «\u00a0${p.village_name}\u00a0»`, {
      greeting: 'Bonjour,',
      paragraphs: [
        `${inviter} vous invite à rejoindre «\u00a0${p.village_name}\u00a0» sur Village.${forWhom}`,
        ...(p.message ? [`Son message\u00a0: «\u00a0${p.message}\u00a0»`] : []),
        'Chacun y voit ce qui est prévu et choisit quand il peut aider, sans engagement.',
      ],
      action: {
        intro:
          'Pour rejoindre le village, ouvrez ce lien\u00a0: vous créerez votre compte (ou vous vous connecterez) puis arriverez dans le village.',
        label: 'Rejoindre le village',
        url: p.link,
      },
      closing: [`Si vous ne connaissez pas ${inviter}, ignorez ce message\u00a0: sans réponse de votre part, rien ne se passe.`],
      footer: [
        `Vous recevez ce message parce que ${inviter} a saisi votre adresse pour vous inviter. Village ne vous écrira pas d’autre message sans que vous ayez créé un compte.`,
      ],
    });
    return p.reply_to ? { ...mail, replyTo: p.reply_to } : mail;
  },
});

/** The spec's join link plus the invitation: `{PUBLIC_URL}/join/village?c={code}&rli=inv&i={token}`. */
export const invitationLink = (publicUrl: string, shareCode: string, token: string) => joinUrl(publicUrl, shareCode, token);
