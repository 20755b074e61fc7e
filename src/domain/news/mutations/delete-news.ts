import * as v from 'valibot';
import { uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { deleteNews as deleteNewsEndpoint } from '../../../contract/endpoints/news';
import { defineMutation } from '../../../outbox/mutation-kind';

const Payload = v.object({ village_id: uuid, news_id: uuid, villager_id: uuid });

/** Its author or an organiser deletes a post: gone at once from the device, then from the server. */
export const deleteNews = defineMutation({
  name: 'delete-news',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `news:${p.news_id}`,
  async apply(db, p) {
    await db.news.delete(p.news_id);
  },
  request: (p) => requestTo(deleteNewsEndpoint, { params: { id: p.village_id, newsId: p.news_id }, query: { villager_id: p.villager_id } }),
  describe: () => 'Suppression d’une nouvelle',
});
