import { and, asc, count, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { wantsNotification } from '../../../src/contract/notification-settings';
import type { Db } from '../../db/client';
import { newsPhotos, newsPosts, users, villagers, villages } from '../../db/schema';
import { readNotificationSettingsOf } from '../preferences';
import { queueMail } from '../queue';
import type { ScheduledMailProducer } from '../scheduled-producer';
import type { NewsMailPayload } from './news-mail';
import { villagePlace, villageTitle } from './digest-village';

/** A village's news mails are at least this far apart: the posts published meanwhile wait and go in one mail. */
export const NEWS_FOLD_MS = 3600_000;
/** A post is told this long after it is published: time for its author to correct a word or take it back. */
export const NEWS_GRACE_MS = 5 * 60_000;
/** Villages told per run: a backlog (a server down for a while) is told over the next minutes. */
const VILLAGES_PER_RUN = 50;
/** Posts one mail quotes at most; more within an hour is not a journal any more. */
const POSTS_PER_MAIL = 20;

export const newsMailKey = (villagerId: string, newestPostId: string) => `news:${villagerId}:${newestPostId}`;

/**
 * The news mail (kind `news`, on by default): a post is told five minutes after it is published, to each active
 * member with a verified address who wants it, in a mail of its own; the posts that follow within the hour wait
 * and go together in one mail an hour after the previous one (so two posts within the hour make two mails at
 * most, never one per post of a busy day). Posts are read as they are then (a post deleted meanwhile is not
 * told) and marked told in the same transaction as the mails are queued, and only those still untold: two
 * instances running at once tell each post once (the mails' keys say it again).
 */
export const newsProducer: ScheduledMailProducer = {
  name: 'news',
  async run(db: Db, now: Date) {
    const due = await db
      .selectDistinct({ villageId: newsPosts.villageId })
      .from(newsPosts)
      .where(
        and(
          isNull(newsPosts.mailedAt),
          lte(newsPosts.createdAt, new Date(now.getTime() - NEWS_GRACE_MS)),
          // No mail of this village within the hour: a post told an hour ago or more.
          sql`not exists (select 1 from ${newsPosts} told where told.village_id = ${newsPosts.villageId} and told.mailed_at > ${new Date(now.getTime() - NEWS_FOLD_MS).toISOString()}::timestamptz)`,
        ),
      )
      .limit(VILLAGES_PER_RUN);
    let queued = 0;
    for (const { villageId } of due) queued += await tellVillage(db, villageId, now);
    return queued;
  },
};

async function tellVillage(db: Db, villageId: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const posts = await tx
      .update(newsPosts)
      .set({ mailedAt: now })
      .where(
        and(
          eq(newsPosts.villageId, villageId),
          isNull(newsPosts.mailedAt),
          lte(newsPosts.createdAt, new Date(now.getTime() - NEWS_GRACE_MS)),
        ),
      )
      .returning();
    if (posts.length === 0) return 0;
    posts.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    const told = posts.slice(-POSTS_PER_MAIL);
    const [village] = await tx
      .select({ firstName: villages.firstName, name: villages.name, closedAt: villages.closedAt })
      .from(villages)
      .where(eq(villages.id, villageId));
    // Posts of a village closed since stay marked as told (above), so that no run picks them again: no mail.
    if (village?.closedAt) return 0;
    const members = await tx
      .select({ villagerId: villagers.id, userId: users.id, firstName: users.firstName, email: users.email, joinedAt: villagers.createdAt })
      .from(villagers)
      .innerJoin(users, eq(users.id, villagers.userId))
      .where(
        and(eq(villagers.villageId, villageId), eq(villagers.isOut, false), eq(villagers.isBan, false), isNotNull(users.emailVerifiedAt)),
      )
      .orderBy(asc(villagers.createdAt));
    if (!village || members.length === 0) return 0;
    const settings = await readNotificationSettingsOf(
      tx,
      members.map((m) => m.userId),
    );
    const authors = await tx
      .select({ villagerId: villagers.id, firstName: users.firstName })
      .from(villagers)
      .leftJoin(users, eq(users.id, villagers.userId))
      .where(inArray(villagers.id, [...new Set(told.map((p) => p.authorId))]));
    const photos = await tx
      .select({ newsId: newsPhotos.newsId, n: count() })
      .from(newsPhotos)
      .where(
        inArray(
          newsPhotos.newsId,
          told.map((p) => p.id),
        ),
      )
      .groupBy(newsPhotos.newsId);
    let queued = 0;
    for (const member of members) {
      if (!wantsNotification(settings.get(member.userId)!, 'email', 'news', villageId)) continue;
      // Not one's own posts, nor those from before one joined.
      const theirs = told.filter((p) => p.authorId !== member.villagerId && p.createdAt >= member.joinedAt);
      if (theirs.length === 0) continue;
      const payload: NewsMailPayload = {
        village_id: villageId,
        first_name: member.firstName,
        place: villagePlace(village),
        title: villageTitle(village),
        posts: theirs.map((p) => ({
          author: authors.find((a) => a.villagerId === p.authorId)?.firstName ?? 'Un membre',
          text: p.body,
          photos: photos.find((ph) => ph.newsId === p.id)?.n ?? 0,
        })),
      };
      const key = newsMailKey(member.villagerId, theirs[theirs.length - 1].id);
      if (await queueMail(tx, { kind: 'news', to: member.email, userId: member.userId, payload, now, key })) queued += 1;
    }
    return queued;
  });
}
