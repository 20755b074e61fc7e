import Dexie from 'dexie';
import type { NewsPost } from '../../contract/news';
import type { VillageDatabase } from '../../db/database';
import type { MutationKind } from '../../outbox/mutation-kind';
import { newsKinds } from './news-kinds';

const kindsByName = new Map<string, MutationKind>(newsKinds.map((kind) => [kind.name, kind as MutationKind]));

/**
 * Writes a page of the server's news into the local table. With the newest page, the posts it covers are the
 * server's: the local ones of that span that it lacks (deleted elsewhere, refused, or guesses) go, and the news
 * writes still waiting in the outbox are applied again over it, so a refused post goes and no heart, comment or
 * post not yet sent vanishes.
 */
export async function storeNews(db: VillageDatabase, villageId: string, page: NewsPost[], options: { newest: boolean; hasMore: boolean }) {
  await db.transaction('rw', [db.news, db.villagers, db.outbox, db.session], async () => {
    if (options.newest) {
      const oldest = options.hasMore && page.length ? page[page.length - 1].created_at : null;
      const kept = new Set(page.map((post) => post.id));
      await db.news
        .where('[village_id+created_at]')
        .between([villageId, oldest ?? Dexie.minKey], [villageId, Dexie.maxKey], true, true)
        .filter((post) => !kept.has(post.id))
        .delete();
    }
    await db.news.bulkPut(page);
    if (!options.newest) return;
    const userId = (await db.session.get('current'))?.userId ?? null;
    const waiting = await db.outbox.where('villageId').equals(villageId).sortBy('seq');
    for (const entry of waiting) {
      const kind = kindsByName.get(entry.kind);
      if (!kind || entry.status !== 'pending' || entry.userId !== userId) continue;
      await kind.apply(db, entry.payload, { createdAt: entry.createdAt });
    }
  });
}
