import { DateTime } from 'luxon';
import { DEFAULT_TIME_ZONE } from '../../src/contract';
import { formatMoment } from '../../src/contract/french-time';
import { escapeHtml, htmlPage, listOr, prose } from './html-page';
import type { userData } from './user-export';

type UserData = Awaited<ReturnType<typeof userData>>;
type Roles = UserData['villages'][number]['roles'];

/** What one was to a village, in the words the app uses (src/domain/villagers/members.ts). */
function rolesText(roles: Roles) {
  const words = [];
  if (roles.is_creator) words.push('organisateur·rice');
  if (roles.is_needy) words.push('personne aidée');
  if (roles.is_manager && !roles.is_creator && !roles.is_needy) words.push('co-organisateur·rice');
  if (!words.length) words.push('aidant·e');
  if (roles.is_out) words.push('a quitté le village');
  if (roles.is_ban) words.push('retiré·e du village');
  return words.join(', ');
}

/**
 * The person's export read as a page (mes-donnees.html): the same rows as donnees.json, in French, opening offline
 * from the unpacked folder. Dates in the French zone the app defaults to: a person's villages may lie in several.
 */
export function myDataPage(data: UserData, now: Date): Record<string, string> {
  const at = (instant: string | null) =>
    instant ? escapeHtml(formatMoment(instant, DEFAULT_TIME_ZONE, DateTime.fromJSDate(now), true)) : '';
  const villageName = new Map(
    data.villages.map((v) => [
      v.village_id,
      v.village_name ?? (v.person_first_name ? `Le village de ${v.person_first_name}` : 'Un village'),
    ]),
  );
  const inVillage = (id: string | null) => escapeHtml((id && villageName.get(id)) || 'Un village');
  const p = data.profile;
  const name = [p.first_name, p.last_name].filter(Boolean).join(' ');

  const villages = data.villages.map(
    (v) => `<li><strong>${inVillage(v.village_id)}</strong>\u00a0: ${escapeHtml(rolesText(v.roles))}, depuis le ${at(v.joined_at)}</li>`,
  );
  const helps = data.helps.map(
    (h) =>
      `<li>${at(h.start)}\u00a0: <strong>${escapeHtml(h.need ?? '')}</strong> (${inVillage(h.village_id)})${h.done_at ? ' · fait' : ''}${h.comment ? ` — ${escapeHtml(h.comment)}` : ''}</li>`,
  );
  const thanks = data.thanks_received.map(
    (t) => `<li>${t.count} merci${t.last_word ? `\u00a0: «\u00a0${escapeHtml(t.last_word)}\u00a0»` : ''}</li>`,
  );
  const messages = data.messages.map(
    (m) => `<li><span class="meta">${at(m.created_at)}, ${inVillage(m.village_id)}</span>${prose(m.body)}</li>`,
  );
  const posts = data.news_posts.map(
    (n) => `<article><p class="meta">${at(n.created_at)}, ${inVillage(n.village_id)}</p>${prose(n.body)}</article>`,
  );
  const comments = data.news_comments.map((c) => `<li><span class="meta">${at(c.created_at)}</span>${prose(c.body)}</li>`);

  const body = `<h1>Mes données${name ? ` — ${escapeHtml(name)}` : ''}</h1>
<p class="meta">Enregistrées le ${at(data.exported_at)}.${data.truncated ? ' Une partie très ancienne de l’historique a été laissée de côté.' : ''}</p>
<h2>Mon profil</h2><ul><li>Prénom et nom\u00a0: ${escapeHtml(name)}</li><li>Adresse e-mail\u00a0: ${escapeHtml(p.email)}${p.email_verified_at ? ' (confirmée)' : ''}</li>
<li>Téléphone\u00a0: ${escapeHtml(p.phone ?? 'non renseigné')}</li><li>Compte créé le ${at(p.created_at)}</li></ul>
<h2>Mes villages</h2>${listOr(villages, 'Aucun village.')}
<h2>Mes aides</h2>${listOr(helps, 'Aucune aide.')}
<h2>Les remerciements reçus</h2>${listOr(thanks, 'Aucun remerciement.')}
<h2>Mes messages</h2>${listOr(messages, 'Aucun message.')}
<h2>Mes nouvelles</h2>${posts.join('\n') || '<p>Aucune nouvelle.</p>'}
<h2>Mes commentaires</h2>${listOr(comments, 'Aucun commentaire.')}`;
  return { 'mes-donnees.html': htmlPage(`Mes données${name ? ` — ${name}` : ''}`, body) };
}
