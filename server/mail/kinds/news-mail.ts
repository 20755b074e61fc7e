import * as v from 'valibot';
import { layout } from '../layout';
import { mailTemplate, unsubscribeFooter } from '../template';
import { counted, shortened } from './digest-village';

/** How much of a post a mail quotes: most posts whole, the rest is in the app. */
export const NEWS_QUOTED_CHARS = 600;

/** One village's new posts for one member: about that village, so a mute of it stops it at send time too. */
export const NewsMailPayload = v.object({
  village_id: v.string(),
  first_name: v.string(),
  /** "chez Jeanne" */
  place: v.string(),
  title: v.string(),
  /** Oldest first. */
  posts: v.pipe(v.array(v.object({ author: v.string(), text: v.string(), photos: v.number() })), v.minLength(1)),
});
export type NewsMailPayload = v.InferOutput<typeof NewsMailPayload>;

export const newsUrl = (publicUrl: string, villageId: string) => `${publicUrl}/dashboard/villages/${villageId}/news`;

/** "Nouvelle de Claire chez Jeanne", or "3 nouvelles chez Jeanne" when several came within the hour. */
export const newsMail = mailTemplate({
  kind: 'news',
  payload: NewsMailPayload,
  render(p, context) {
    const single = p.posts.length === 1;
    const subject = single
      ? `Nouvelle de ${p.posts[0].author} ${p.place}`
      : `${counted(p.posts.length, 'nouvelle', 'nouvelles')} ${p.place}`;
    return layout(subject, {
      greeting: `Bonjour ${p.first_name},`,
      paragraphs: [
        single
          ? `${p.posts[0].author} a publié une nouvelle ${p.place}\u00a0:`
          : `${p.posts.length} nouvelles ont été publiées ${p.place}\u00a0:`,
      ],
      sections: p.posts.map((post) => ({
        heading: post.author,
        lines: [
          `«\u00a0${shortened(post.text, NEWS_QUOTED_CHARS)}\u00a0»`,
          ...(post.photos > 0 ? [`${counted(post.photos, 'photo', 'photos')} à voir dans l’application`] : []),
        ],
      })),
      action: {
        intro: single ? 'Pour la lire, envoyer un cœur ou un mot\u00a0:' : 'Pour les lire, envoyer un cœur ou un mot\u00a0:',
        label: 'Lire les nouvelles',
        url: newsUrl(context.publicUrl, p.village_id),
      },
      ...unsubscribeFooter(
        context,
        `Vous recevez cet e-mail parce que vous faites partie de «\u00a0${p.title}\u00a0»\u00a0; les nouvelles publiées en moins d’une heure arrivent ensemble.`,
      ),
    });
  },
});
