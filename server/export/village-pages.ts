import { DateTime } from 'luxon';
import { formatMoment } from '../../src/contract/french-time';
import type { VillageArchive } from './village-export';
import { escapeHtml, htmlPage, prose } from './html-page';

const NAV = '<a href="index.html">Le village</a><a href="discussion.html">La discussion</a>';
const page = (title: string, body: string) => htmlPage(title, body, NAV);

/**
 * The keepsake: the person's story, the news with their photos, who helped and when, the thanks (index.html),
 * and the village's conversation (discussion.html). Dates in French, in the village's zone.
 */
export function villagePages(archive: VillageArchive, now: Date): Record<string, string> {
  const zone = archive.village.time_zone;
  const at = (instant: string | null) => (instant ? escapeHtml(formatMoment(instant, zone, DateTime.fromJSDate(now), true)) : '');
  const v = archive.village;
  const title = v.name ?? (v.first_name ? `Le village de ${v.first_name}` : 'Le village');
  const news = archive.news
    .map(
      (
        post,
      ) => `<article><p class="meta">${escapeHtml(post.author ?? '')}, ${at(post.created_at)}${post.hearts ? ` · ${post.hearts} ♥` : ''}</p>${prose(post.body)}
${post.photos.map((src) => `<img src="${escapeHtml(src)}" alt="Photo de la nouvelle">`).join('\n')}
${post.comments.length ? `<ul>${post.comments.map((c) => `<li><strong>${escapeHtml(c.author ?? '')}</strong> (${at(c.created_at)})\u00a0: ${escapeHtml(c.body)}</li>`).join('')}</ul>` : ''}</article>`,
    )
    .join('\n');
  const helped = archive.helps
    .map((h) => `<li>${at(h.start)}\u00a0: <strong>${escapeHtml(h.helper ?? '')}</strong> — ${escapeHtml(h.need ?? '')}</li>`)
    .join('');
  const thanks = archive.helps
    .filter((h) => h.thanks_count > 0)
    .map(
      (h) =>
        `<li><strong>${escapeHtml(h.helper ?? '')}</strong>, ${escapeHtml(h.need ?? '')} (${at(h.start)})${h.thanks_word ? `\u00a0: «\u00a0${escapeHtml(h.thanks_word)}\u00a0»` : ''}</li>`,
    )
    .join('');
  const index = `<h1>${escapeHtml(title)}</h1>
<p class="meta">Archive enregistrée le ${at(archive.exported_at)}.</p>
<h2>Son histoire</h2>${prose(v.reason) || '<p>Aucune histoire n’a été écrite.</p>'}${prose(v.infos)}
<h2>Les nouvelles</h2>${news || '<p>Aucune nouvelle.</p>'}
<h2>Qui a aidé, et quand</h2>${helped ? `<ul>${helped}</ul>` : '<p>Aucune aide.</p>'}
<h2>Les remerciements</h2>${thanks ? `<ul>${thanks}</ul>` : '<p>Aucun remerciement.</p>'}
<h2>Les membres</h2><ul>${archive.members.map((m) => `<li>${escapeHtml(m.name ?? '')}</li>`).join('')}</ul>`;
  const chat = archive.chat
    .map(
      (m) =>
        `<li><span class="meta">${at(m.created_at)}</span> <strong>${escapeHtml(m.author ?? '')}</strong>\u00a0: ${escapeHtml(m.body)}</li>`,
    )
    .join('');
  return {
    'index.html': page(title, index),
    'discussion.html': page(`${title} — la discussion`, `<h1>La discussion</h1>${chat ? `<ul>${chat}</ul>` : '<p>Aucun message.</p>'}`),
  };
}

/** What each file of a village's archive holds, in French (LISEZ-MOI.txt). */
export const VILLAGE_README = [
  'L’archive du village',
  '====================',
  '',
  '- index.html\u00a0: ouvrez-le dans n’importe quel navigateur, sans connexion\u00a0: l’histoire, les nouvelles et leurs photos,',
  '  qui a aidé et quand, les remerciements, les membres.',
  '- discussion.html\u00a0: la discussion du village.',
  '- village.json\u00a0: toutes les données du village, lisibles par une machine (format JSON)\u00a0: besoins et plannings,',
  '  aides, membres (prénom et nom seulement), nouvelles, discussion, fil d’activité.',
  '- photos/\u00a0: les photos des nouvelles.',
  '',
  'Les adresses e-mail et numéros de téléphone des membres n’y figurent jamais.',
  '',
].join('\r\n');
