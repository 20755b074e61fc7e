import { desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import {
  helps,
  messages,
  newsComments,
  newsHearts,
  newsPosts,
  notificationSettings,
  passkeys,
  users,
  villageNeeds,
  villagers,
  villages,
} from '../db/schema';
import { EXPORT_ROW_CAP, iso, membershipOf } from './zip';

/**
 * Everything the service holds about one person, in their own words and numbers (GDPR access and portability).
 * Only their own rows: other members appear nowhere, not even by name, so nobody's address or phone can leak.
 * Never a secret: no password hash, no session, no passkey key, no calendar token.
 */
export async function userData(db: Executor, userId: string, now: Date) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  const memberships = await db
    .select({ villager: villagers, village: { id: villages.id, name: villages.name, firstName: villages.firstName } })
    .from(villagers)
    .innerJoin(villages, eq(villages.id, villagers.villageId))
    .where(eq(villagers.userId, userId))
    .limit(EXPORT_ROW_CAP);
  const villagerIds = memberships.map((m) => m.villager.id);
  const mine = <T>(read: (ids: string[]) => Promise<T[]>) => (villagerIds.length ? read(villagerIds) : Promise.resolve([] as T[]));

  const helpRows = await mine((ids) =>
    db
      .select({ help: helps, needName: villageNeeds.name })
      .from(helps)
      .innerJoin(villageNeeds, eq(villageNeeds.id, helps.villageNeedId))
      .where(inArray(helps.helperId, ids))
      .orderBy(desc(helps.startDate))
      .limit(EXPORT_ROW_CAP),
  );
  const messageRows = await mine((ids) =>
    db.select().from(messages).where(inArray(messages.villagerId, ids)).orderBy(desc(messages.createdAt)).limit(EXPORT_ROW_CAP),
  );
  const postRows = await mine((ids) =>
    db.select().from(newsPosts).where(inArray(newsPosts.authorId, ids)).orderBy(desc(newsPosts.createdAt)).limit(EXPORT_ROW_CAP),
  );
  const commentRows = await mine((ids) =>
    db.select().from(newsComments).where(inArray(newsComments.authorId, ids)).orderBy(desc(newsComments.createdAt)).limit(EXPORT_ROW_CAP),
  );
  const heartRows = await mine((ids) =>
    db.select().from(newsHearts).where(inArray(newsHearts.villagerId, ids)).orderBy(desc(newsHearts.createdAt)).limit(EXPORT_ROW_CAP),
  );
  const [settings] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)).limit(1);
  const keys = await db
    .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(EXPORT_ROW_CAP);
  const villageOf = new Map(memberships.map((m) => [m.villager.id, m.village.id]));
  const capped = [memberships, helpRows, messageRows, postRows, commentRows, heartRows].some((rows) => rows.length >= EXPORT_ROW_CAP);

  return {
    exported_at: now.toISOString(),
    truncated: capped,
    profile: {
      id: user.id,
      email: user.email,
      email_verified_at: iso(user.emailVerifiedAt),
      first_name: user.firstName,
      last_name: user.lastName,
      phone: user.phone,
      has_photo: user.photoKey !== null,
      analytics_consent: user.analyticsConsent,
      created_at: iso(user.createdAt),
    },
    villages: memberships.map(({ villager, village }) => ({
      village_id: village.id,
      village_name: village.name,
      person_first_name: village.firstName,
      villager_id: villager.id,
      ...membershipOf(villager),
    })),
    helps: helpRows.map(({ help, needName }) => ({
      id: help.id,
      village_id: help.villageId,
      need: needName,
      start: iso(help.startDate),
      end: iso(help.endDate),
      comment: help.comment,
      done_at: iso(help.doneAt),
      created_at: iso(help.createdAt),
    })),
    thanks_received: helpRows
      .filter(({ help }) => help.thanksCount > 0)
      .map(({ help }) => ({ help_id: help.id, count: help.thanksCount, last_word: help.thanksMessage })),
    messages: messageRows.map((m) => ({ id: m.id, village_id: m.villageId, body: m.body, created_at: iso(m.createdAt) })),
    news_posts: postRows.map((p) => ({
      id: p.id,
      village_id: p.villageId,
      body: p.body,
      created_at: iso(p.createdAt),
      updated_at: iso(p.updatedAt),
    })),
    news_comments: commentRows.map((c) => ({ id: c.id, news_id: c.newsId, body: c.body, created_at: iso(c.createdAt) })),
    hearts: heartRows.map((h) => ({ news_id: h.newsId, village_id: villageOf.get(h.villagerId) ?? null, created_at: iso(h.createdAt) })),
    notification_settings: settings?.settings ?? {},
    passkeys: keys.map((k) => ({ name: k.name, created_at: iso(k.createdAt), last_used_at: iso(k.lastUsedAt) })),
  };
}

/** What each file of the person's export holds, in French (LISEZ-MOI.txt). */
export const USER_README = [
  'Vos données du village',
  '======================',
  '',
  'Cette archive contient tout ce que le service garde sur vous, au moment où vous l’avez demandée.',
  '',
  '- donnees.json\u00a0: vos données, lisibles par une machine (format JSON)\u00a0: votre profil, vos villages et vos rôles,',
  '  les aides que vous avez proposées, vos messages, vos nouvelles et commentaires, vos cœurs, les remerciements reçus,',
  '  vos réglages de notifications et le nom de vos clés d’accès (jamais leur secret).',
  '- mes-donnees.html\u00a0: les mêmes données à lire, ouvrez-le dans n’importe quel navigateur, sans connexion.',
  '- creneaux.ics\u00a0: vos créneaux d’entraide, à importer dans votre agenda (Google Agenda, Calendrier, Outlook…).',
  '- LISEZ-MOI.txt\u00a0: ce fichier.',
  '',
  'Les adresses e-mail et numéros de téléphone des autres membres n’y figurent jamais.',
  'Si «\u00a0truncated\u00a0» vaut true dans donnees.json, une partie très ancienne de l’historique a été laissée de côté.',
  '',
].join('\r\n');
