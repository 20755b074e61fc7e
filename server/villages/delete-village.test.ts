import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { villages } from '../db/schema';
import { createWorld } from '../test/world';

const world = await createWorld();

describe('deleting a village for good', () => {
  it('is refused to a helper, then done by the creator (closed or not): the rows and the photo are gone', async () => {
    const { creator, helper, helperVillager, village } = await world.villageWithHelper();
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    form.append('updater_id', village.creatorVillagerId);
    const uploaded = await world.request('POST', `/v1/villages/${village.id}/photo`, { token: creator.token, body: form });
    expect(uploaded.status).toBe(200);
    const photoPath = new URL(uploaded.body.data.photo.original_url as string).pathname;
    expect((await world.app.request(photoPath)).status).toBe(200);
    const closed = await world.request('PUT', `/v1/villages/${village.id}/close`, {
      token: creator.token,
      json: { closer_id: village.creatorVillagerId },
    });
    expect(closed.status).toBe(200);

    const byHelper = await world.request('DELETE', `/v1/villages/${village.id}?deleter_id=${helperVillager}`, { token: helper.token });
    expect(byHelper.status).toBe(403);
    const deleted = await world.request('DELETE', `/v1/villages/${village.id}?deleter_id=${village.creatorVillagerId}`, {
      token: creator.token,
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    expect(await world.db.select().from(villages).where(eq(villages.id, village.id))).toHaveLength(0);
    expect((await world.app.request(photoPath)).status).toBe(404);
    expect((await world.request('GET', `/v1/villages/${village.id}`, { token: creator.token })).status).toBe(404);
  });
});
