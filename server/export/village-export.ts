import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import type { FileStore } from '../files/store';
import {
  actions,
  helps,
  messages,
  newsComments,
  newsHearts,
  newsPhotos,
  newsPosts,
  users,
  villageNeeds,
  villagers,
  villages,
} from '../db/schema';
import { EXPORT_PHOTO_CAP, EXPORT_ROW_CAP, iso, membershipOf } from './zip';

type VillageRow = typeof villages.$inferSelect;

/** The file's extension from its first bytes: the store keeps bytes only. */
function photoExtension(bytes: Uint8Array): string {
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return 'png';
  if (bytes[0] === 0x52 && bytes[1] === 0x49 && bytes[8] === 0x57) return 'webp';
  return 'jpg';
}

/**
 * A village's archive for its organisers: what the village holds, with its members by first and last name only
 * (never an e-mail address or a phone), the news photos as files beside it. Each kind of row is read once,
 * capped by EXPORT_ROW_CAP, oldest first so that the archive tells the story in order.
 */
export async function villageData(db: Executor, files: FileStore, village: VillageRow, now: Date) {
  const villageId = village.id;
  const members = await db
    .select({ villager: villagers, firstName: users.firstName, lastName: users.lastName })
    .from(villagers)
    .leftJoin(users, eq(users.id, villagers.userId))
    .where(eq(villagers.villageId, villageId))
    .orderBy(asc(villagers.createdAt))
    .limit(EXPORT_ROW_CAP);
  const nameOf = new Map(members.map((m) => [m.villager.id, m.firstName ? `${m.firstName} ${m.lastName ?? ''}`.trim() : 'Ancien membre']));
  const who = (villagerId: string | null) => (villagerId ? (nameOf.get(villagerId) ?? 'Ancien membre') : null);

  const needRows = await db
    .select()
    .from(villageNeeds)
    .where(eq(villageNeeds.villageId, villageId))
    .orderBy(asc(villageNeeds.createdAt))
    .limit(EXPORT_ROW_CAP);
  const needName = new Map(needRows.map((n) => [n.id, n.name]));
  const helpRows = await db.select().from(helps).where(eq(helps.villageId, villageId)).orderBy(asc(helps.startDate)).limit(EXPORT_ROW_CAP);
  const chatRows = await db
    .select()
    .from(messages)
    .where(eq(messages.villageId, villageId))
    .orderBy(asc(messages.createdAt))
    .limit(EXPORT_ROW_CAP);
  const feedRows = await db
    .select()
    .from(actions)
    .where(eq(actions.villageId, villageId))
    .orderBy(asc(actions.createdAt))
    .limit(EXPORT_ROW_CAP);
  const postRows = await db
    .select()
    .from(newsPosts)
    .where(eq(newsPosts.villageId, villageId))
    .orderBy(asc(newsPosts.createdAt))
    .limit(EXPORT_ROW_CAP);
  const postIds = postRows.map((p) => p.id);
  const some = <T>(read: () => Promise<T[]>) => (postIds.length ? read() : Promise.resolve([] as T[]));
  const commentRows = await some(() =>
    db.select().from(newsComments).where(inArray(newsComments.newsId, postIds)).orderBy(asc(newsComments.createdAt)).limit(EXPORT_ROW_CAP),
  );
  const heartRows = await some(() =>
    db.select({ newsId: newsHearts.newsId }).from(newsHearts).where(inArray(newsHearts.newsId, postIds)).limit(EXPORT_ROW_CAP),
  );
  const photoRows = await some(() =>
    db.select().from(newsPhotos).where(inArray(newsPhotos.newsId, postIds)).orderBy(asc(newsPhotos.createdAt)).limit(EXPORT_PHOTO_CAP),
  );

  // One photo at a time: the archive holds them, never a second copy of all of them at once.
  const photoFiles: Record<string, Uint8Array> = {};
  const photoPath = new Map<string, string>();
  for (const photo of photoRows) {
    const bytes = await files.get(photo.key);
    if (!bytes) continue;
    const path = `photos/${photo.id}.${photoExtension(bytes)}`;
    photoFiles[path] = new Uint8Array(bytes);
    photoPath.set(photo.id, path);
  }
  const capped = [members, needRows, helpRows, chatRows, feedRows, postRows, commentRows].some((rows) => rows.length >= EXPORT_ROW_CAP);

  const data = {
    exported_at: now.toISOString(),
    truncated: capped || photoRows.length >= EXPORT_PHOTO_CAP,
    village: {
      id: village.id,
      name: village.name,
      first_name: village.firstName,
      last_name: village.lastName,
      relationship: village.relationship,
      reason: village.reason,
      infos: village.infos,
      home_infos: village.homeInfos,
      start_date: village.startDate,
      end_date: village.endDate,
      state: village.state,
      time_zone: village.timeZone,
      created_at: iso(village.createdAt),
    },
    members: members.map(({ villager }) => ({
      id: villager.id,
      name: who(villager.id),
      ...membershipOf(villager),
    })),
    needs: needRows.map((n) => ({
      id: n.id,
      name: n.name,
      description: n.description,
      schedule: n.schedule,
      address: n.address,
      access: n.access,
      people: n.people,
      diet: n.diet,
      organisers_only: n.organisersOnly,
      created_at: iso(n.createdAt),
    })),
    helps: helpRows.map((h) => ({
      id: h.id,
      need_id: h.villageNeedId,
      need: needName.get(h.villageNeedId) ?? null,
      helper: who(h.helperId),
      start: iso(h.startDate),
      end: iso(h.endDate),
      comment: h.comment,
      done_at: iso(h.doneAt),
      thanks_count: h.thanksCount,
      thanks_word: h.thanksMessage,
    })),
    news: postRows.map((p) => ({
      id: p.id,
      author: who(p.authorId),
      body: p.body,
      created_at: iso(p.createdAt),
      hearts: heartRows.filter((h) => h.newsId === p.id).length,
      photos: photoRows.filter((ph) => ph.newsId === p.id && photoPath.has(ph.id)).map((ph) => photoPath.get(ph.id)!),
      comments: commentRows
        .filter((c) => c.newsId === p.id)
        .map((c) => ({ author: who(c.authorId), body: c.body, created_at: iso(c.createdAt) })),
    })),
    chat: chatRows.map((m) => ({ author: who(m.villagerId), body: m.body, created_at: iso(m.createdAt) })),
    feed: feedRows.map((a) => ({ type: a.type, by: who(a.villagerId), data: a.data, created_at: iso(a.createdAt) })),
  };
  return { data, photoFiles };
}

export type VillageArchive = Awaited<ReturnType<typeof villageData>>['data'];
