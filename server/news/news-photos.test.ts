import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createWorld, type TestUser } from '../test/world';
import { newsScene } from './news-scene';

const world = await createWorld();

const png = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

describe('a post’s photos', () => {
  it('are re-encoded to WebP, four at most, added and removed by its author or an organiser', async () => {
    const s = await newsScene(world);
    const id = await s.claireposts();
    const image = await png();
    const upload = (who: TestUser, updater: string, data: Uint8Array = image, type = 'image/png') => {
      const form = new FormData();
      form.append('photo', new Blob([new Uint8Array(data)], { type }), 'photo.png');
      form.append('updater_id', updater);
      return world.request('POST', `${s.base}/${id}/photos`, { token: who.token, body: form });
    };
    const first = await upload(s.creator, s.village.creatorVillagerId);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const url = first.body.data.photos[0].original_url as string;
    expect(url).toMatch(/^http:\/\/localhost:3333\/uploads\/[0-9a-f-]+\.webp$/);
    const served = await world.app.request(new URL(url).pathname);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 1024, height: 768 });

    const byHugo = await upload(s.helper, s.helperVillager);
    expect(byHugo.status).toBe(403);
    const wrong = await upload(s.creator, s.village.creatorVillagerId, new TextEncoder().encode('pas une image'), 'image/png');
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0]).toEqual({ field: 'photo', message: 'La photo doit être une image JPEG, PNG ou WebP' });

    for (let i = 0; i < 3; i += 1) expect((await upload(s.nina, s.ninaVillager)).status).toBe(201);
    const fifth = await upload(s.creator, s.village.creatorVillagerId);
    expect(fifth.status).toBe(422);
    expect(fifth.body.message).toBe('Une nouvelle peut avoir 4 photos au plus.');
    const post = (await s.list(s.helper)).body.data[0];
    expect(post.photos).toHaveLength(4);
    expect(world.files.files.size).toBe(4);

    const removed = await world.request(
      'DELETE',
      `${s.base}/${id}/photos/${post.photos[0].id}?villager_id=${s.village.creatorVillagerId}`,
      { token: s.creator.token },
    );
    expect(removed.status).toBe(204);
    expect((await world.app.request(new URL(url).pathname)).status).toBe(404);
    // Deleting the post takes its files with it.
    const deleted = await world.request('DELETE', `${s.base}/${id}?villager_id=${s.village.creatorVillagerId}`, { token: s.creator.token });
    expect(deleted.status).toBe(204);
    expect(world.files.files.size).toBe(0);
  });

  it('refuses a call without a photo in French', async () => {
    const s = await newsScene(world);
    const id = await s.claireposts();
    const form = new FormData();
    form.append('updater_id', s.village.creatorVillagerId);
    const res = await world.request('POST', `${s.base}/${id}/photos`, { token: s.creator.token, body: form });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toEqual({ field: 'photo', message: 'Ce champ est requis' });
  });
});
