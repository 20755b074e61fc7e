import type { LocalNewsPost, VillageDatabase } from '../../db/database';
import type { PublicUser } from '../../contract';

/** Changes a post kept on this device, when it is here: a heart or a comment on a post not yet loaded waits for the server's answer. */
export async function changePost(db: VillageDatabase, newsId: string, change: (post: LocalNewsPost) => LocalNewsPost | null) {
  const post = await db.news.get(newsId);
  if (!post) return;
  const changed = change(post);
  if (changed) await db.news.put(changed);
}

/** What other members see of a villager's account, from the village's members on this device (null when unknown). */
export async function authorOf(db: VillageDatabase, villagerId: string): Promise<PublicUser | null> {
  return (await db.villagers.get(villagerId))?.user ?? null;
}
