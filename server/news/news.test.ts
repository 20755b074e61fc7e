import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { actions } from '../db/schema';
import { createWorld } from '../test/world';
import { newsScene } from './news-scene';
import { eq } from 'drizzle-orm';

const world = await createWorld();
const MINUTE = 60_000;

describe('posting news', () => {
  it('is for the creator, a co-organiser and the person helped; a helper is refused in French', async () => {
    const s = await newsScene(world);
    const id = uuidv7();
    const byClaire = await s.post(s.creator, s.village.creatorVillagerId, '  Maman rentre jeudi.  ', id);
    expect(byClaire.status).toBe(201);
    expect(byClaire.body.data).toMatchObject({
      id,
      village_id: s.village.id,
      author_id: s.village.creatorVillagerId,
      author: { first_name: 'Claire', last_name: 'Test', photo: null },
      body: 'Maman rentre jeudi.',
      photos: [],
      hearts: 0,
      hearted_by_me: false,
      comments: [],
      comments_count: 0,
    });
    expect(byClaire.body.data.author).not.toHaveProperty('email');
    expect((await s.post(s.nina, s.ninaVillager, 'De la part de Nina')).status).toBe(201);
    expect((await s.post(s.paul, s.paulVillager, 'Merci à tous !')).status).toBe(201);

    const byHugo = await s.post(s.helper, s.helperVillager, 'Je voudrais publier');
    expect(byHugo.status).toBe(403);
    expect(byHugo.body.message).toBe('Seules les personnes qui organisent le village et la personne aidée peuvent publier des nouvelles.');
    // Nobody posts in another's name, even an organiser's.
    expect((await s.post(s.helper, s.village.creatorVillagerId, 'Au nom de Claire')).status).toBe(403);
    // The same id again is a conflict, not a second post.
    expect((await s.post(s.creator, s.village.creatorVillagerId, 'Encore', id)).status).toBe(409);
    expect((await s.list(s.helper)).body.data).toHaveLength(3);
  });

  it('says « Claire a publié une nouvelle » in the feed', async () => {
    const s = await newsScene(world);
    const id = await s.claireposts();
    const feed = await world.db.select().from(actions).where(eq(actions.villageId, s.village.id));
    expect(feed.filter((a) => a.type === 'news_published').map((a) => [a.villagerId, a.data])).toEqual([
      [s.village.creatorVillagerId, { news_id: id }],
    ]);
  });

  it('refuses a blank or too long body, unknown fields and a bad id in French, never a 500', async () => {
    const s = await newsScene(world);
    const blank = await s.post(s.creator, s.village.creatorVillagerId, '   ');
    expect(blank.status).toBe(422);
    expect(blank.body.errors[0]).toMatchObject({ field: 'body', message: 'Ce champ est requis' });
    const long = await s.post(s.creator, s.village.creatorVillagerId, 'x'.repeat(5001));
    expect(long.status).toBe(422);
    expect(long.body.errors[0].message).toBe('Ce champs doit contenir 5000 caractères maximum');
    const extra = await world.request('POST', s.base, {
      token: s.creator.token,
      json: { author_id: s.village.creatorVillagerId, body: 'ok', html: '<b>' },
    });
    expect(extra.status).toBe(422);
    const badId = await world.request('POST', s.base, {
      token: s.creator.token,
      json: { id: 'abc', author_id: s.village.creatorVillagerId, body: 'ok' },
    });
    expect(badId.status).toBe(422);
    const badVillage = await world.request('POST', '/v1/villages/nope/news', {
      token: s.creator.token,
      json: { author_id: s.village.creatorVillagerId, body: 'ok' },
    });
    expect(badVillage.status).toBe(404);
    expect(badVillage.body.message).toBe('Ce village est introuvable.');
  });
});

describe('reading news', () => {
  it('is for members: an outsider and a former member are refused', async () => {
    const s = await newsScene(world);
    await s.claireposts();
    expect((await s.list(s.helper)).status).toBe(200);
    const outsider = await world.user('Zoé');
    const refused = await s.list(outsider);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Vous n'avez pas accès à ce village.");
    const left = await world.request('PUT', `/v1/villages/${s.village.id}/villagers/${s.helperVillager}/leave`, { token: s.helper.token });
    expect(left.status).toBe(200);
    expect((await s.list(s.helper)).status).toBe(403);
    // Without a session: 401 before anything else.
    expect((await world.request('GET', `/v1/villages/${s.village.id}/news`)).status).toBe(401);
  });

  it('pages newest first with `before` (a post or an instant), never skipping posts of one instant', async () => {
    const s = await newsScene(world);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push(await s.claireposts(`Nouvelle ${i}`));
      // Two by two at one instant: the cursor must order by id among them.
      if (i % 2 === 1) world.clock.advance(MINUTE);
    }
    const first = await s.list(s.helper, '?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.has_more).toBe(true);
    const seen: string[] = first.body.data.map((p: { id: string }) => p.id);
    let cursor = seen[seen.length - 1];
    for (;;) {
      const next = await s.list(s.helper, `?limit=2&before=${cursor}`);
      seen.push(...next.body.data.map((p: { id: string }) => p.id));
      if (!next.body.has_more) break;
      cursor = seen[seen.length - 1];
    }
    expect(seen).toEqual([...ids].reverse());
    world.clock.advance(MINUTE);
    const byInstant = await s.list(s.helper, `?before=${encodeURIComponent(world.clock.now().toISOString())}`);
    expect(byInstant.body.data).toHaveLength(5);
    expect((await s.list(s.helper, '?limit=51')).status).toBe(422);
    expect((await s.list(s.helper, '?before=hier')).status).toBe(422);
  });
});

describe('changing and deleting a post', () => {
  it('is for its author and the organisers', async () => {
    const s = await newsScene(world);
    const res = await s.post(s.paul, s.paulVillager, 'De Paul');
    const path = `${s.base}/${res.body.data.id}`;
    const put = (who: typeof s.creator, updater: string, body: string) =>
      world.request('PUT', path, { token: who.token, json: { updater_id: updater, body } });
    const changed = await put(s.paul, s.paulVillager, 'De Paul, corrigé');
    expect(changed.status).toBe(200);
    expect(changed.body.data.body).toBe('De Paul, corrigé');
    expect((await put(s.nina, s.ninaVillager, 'Relu par Nina')).status).toBe(200);
    const byHugo = await put(s.helper, s.helperVillager, 'Par Hugo');
    expect(byHugo.status).toBe(403);
    expect(byHugo.body.message).toBe(
      'Seules la personne qui a publié cette nouvelle et celles qui organisent le village peuvent la modifier.',
    );
    expect((await world.request('DELETE', `${path}?villager_id=${s.helperVillager}`, { token: s.helper.token })).status).toBe(403);
    expect((await world.request('DELETE', `${path}?villager_id=${s.village.creatorVillagerId}`, { token: s.creator.token })).status).toBe(
      204,
    );
    const gone = await put(s.paul, s.paulVillager, 'Trop tard');
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Cette nouvelle est introuvable.');
    expect((await s.list(s.helper)).body.data).toEqual([]);
  });

  it('does not reach a post of another village', async () => {
    const s = await newsScene(world);
    const other = await newsScene(world);
    const id = await other.claireposts();
    const res = await world.request('PUT', `${s.base}/${id}`, {
      token: s.creator.token,
      json: { updater_id: s.village.creatorVillagerId, body: 'Ailleurs' },
    });
    expect(res.status).toBe(404);
  });
});

describe('hearts', () => {
  it('count one per member: a second heart changes nothing, and it can be taken back', async () => {
    const s = await newsScene(world);
    const id = await s.claireposts();
    const heart = (who: typeof s.helper, villagerId: string) =>
      world.request('POST', `${s.base}/${id}/hearts`, { token: who.token, json: { villager_id: villagerId } });
    expect((await heart(s.helper, s.helperVillager)).body.data).toEqual({ news_id: id, hearts: 1, hearted_by_me: true });
    const again = await heart(s.helper, s.helperVillager);
    expect(again.status).toBe(201);
    expect(again.body.data.hearts).toBe(1);
    expect((await heart(s.nina, s.ninaVillager)).body.data.hearts).toBe(2);
    // Only for oneself.
    expect((await heart(s.helper, s.ninaVillager)).status).toBe(403);

    const asHugo = (await s.list(s.helper)).body.data[0];
    expect(asHugo).toMatchObject({ hearts: 2, hearted_by_me: true });
    expect((await s.list(s.paul)).body.data[0]).toMatchObject({ hearts: 2, hearted_by_me: false });

    const unheart = (villagerId: string, who = s.helper) =>
      world.request('DELETE', `${s.base}/${id}/hearts/${villagerId}`, { token: who.token });
    expect((await unheart(s.helperVillager)).status).toBe(204);
    expect((await unheart(s.helperVillager)).status).toBe(204);
    expect((await unheart(s.ninaVillager)).status).toBe(403);
    expect((await s.list(s.helper)).body.data[0]).toMatchObject({ hearts: 1, hearted_by_me: false });
  });
});

describe('comments', () => {
  it('are written by members, shown with their author, deleted by their author or an organiser', async () => {
    const s = await newsScene(world);
    const id = await s.claireposts();
    const comment = (who: typeof s.helper, authorId: string, body: string) =>
      world.request('POST', `${s.base}/${id}/comments`, { token: who.token, json: { author_id: authorId, body } });
    const byHugo = await comment(s.helper, s.helperVillager, 'Bon courage !');
    expect(byHugo.status).toBe(201);
    expect(byHugo.body.data).toMatchObject({
      news_id: id,
      author_id: s.helperVillager,
      author: { first_name: 'Hugo' },
      body: 'Bon courage !',
    });
    const byPaul = await comment(s.paul, s.paulVillager, 'Merci Hugo');
    expect((await comment(s.helper, s.helperVillager, 'x'.repeat(1001))).status).toBe(422);

    const read = (await s.list(s.nina)).body.data[0];
    expect(read.comments.map((c: { body: string }) => c.body)).toEqual(['Bon courage !', 'Merci Hugo']);
    expect(read.comments_count).toBe(2);

    const remove = (who: typeof s.helper, villagerId: string, commentId: string) =>
      world.request('DELETE', `${s.base}/${id}/comments/${commentId}?villager_id=${villagerId}`, { token: who.token });
    const refused = await remove(s.helper, s.helperVillager, byPaul.body.data.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Seules la personne qui a écrit ce commentaire et celles qui organisent le village peuvent le supprimer.',
    );
    expect((await remove(s.helper, s.helperVillager, byHugo.body.data.id)).status).toBe(204);
    expect((await remove(s.nina, s.ninaVillager, byPaul.body.data.id)).status).toBe(204);
    const again = await remove(s.nina, s.ninaVillager, byPaul.body.data.id);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Ce commentaire est introuvable.');
    expect((await s.list(s.nina)).body.data[0]).toMatchObject({ comments: [], comments_count: 0 });
  });

  it('shows the latest 50 of a post and counts them all', async () => {
    const s = await newsScene(world);
    const id = await s.claireposts();
    for (let i = 0; i < 53; i += 1) {
      world.clock.advance(1000);
      const res = await world.request('POST', `${s.base}/${id}/comments`, {
        token: s.helper.token,
        json: { author_id: s.helperVillager, body: `Commentaire ${i}` },
      });
      expect(res.status).toBe(201);
    }
    const read = (await s.list(s.helper)).body.data[0];
    expect(read.comments_count).toBe(53);
    expect(read.comments).toHaveLength(50);
    expect(read.comments[0].body).toBe('Commentaire 3');
    expect(read.comments[49].body).toBe('Commentaire 52');
  });
});
