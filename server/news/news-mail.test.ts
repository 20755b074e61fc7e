import { describe, expect, it } from 'vitest';
import { createWorld, type TestUser } from '../test/world';
import { newsProducer, NEWS_FOLD_MS, NEWS_GRACE_MS } from '../mail/kinds/news-producer';
import { newsScene } from './news-scene';

const world = await createWorld();
const MINUTE = 60_000;

/** Only this producer: the other digests are not what these tests count. */
const produce = () => newsProducer.run(world.db, world.clock.now());
const newsMailsTo = (user: TestUser) => world.mail.sent.filter((m) => m.to === user.email && /nouvelle/i.test(m.subject));

describe('the news mail', () => {
  it('tells each other member who wants it once, five minutes after the post, and not its author', async () => {
    world.clock.set(new Date('2026-12-01T08:00:00Z'));
    const s = await newsScene(world);
    await s.claireposts('Maman rentre à la maison jeudi.');
    world.clock.advance(NEWS_GRACE_MS - MINUTE);
    expect(await produce()).toBe(0);
    world.clock.advance(MINUTE);
    await Promise.all([produce(), produce()]);
    await produce();
    await world.deliverMail();
    for (const member of [s.helper, s.nina, s.paul]) {
      const mails = newsMailsTo(member);
      expect(mails.map((m) => m.subject)).toEqual(['Nouvelle de Claire chez Jeanne']);
      expect(mails[0].text).toContain('«\u00a0Maman rentre à la maison jeudi.\u00a0»');
      expect(mails[0].text).toContain(`http://localhost:3333/dashboard/villages/${s.village.id}/news`);
    }
    expect(newsMailsTo(s.creator)).toEqual([]);
  });

  it('folds the posts that follow a mail within the hour into one mail, an hour after it', async () => {
    world.clock.set(new Date('2026-12-02T08:00:00Z'));
    const s = await newsScene(world);
    await s.claireposts('Opération réussie.');
    world.clock.advance(NEWS_GRACE_MS);
    await produce();
    await world.deliverMail();
    expect(newsMailsTo(s.helper).map((m) => m.subject)).toEqual(['Nouvelle de Claire chez Jeanne']);

    world.clock.advance(35 * MINUTE);
    await s.claireposts('Elle dort.');
    world.clock.advance(10 * MINUTE);
    const third = await s.post(s.paul, s.paulVillager, 'Merci pour vos messages.');
    expect(third.status).toBe(201);
    world.clock.advance(NEWS_GRACE_MS);
    // 50 minutes after the first mail: the two wait.
    expect(await produce()).toBe(0);
    world.clock.advance(10 * MINUTE);
    await produce();
    await world.deliverMail();
    const mails = newsMailsTo(s.helper);
    expect(mails.map((m) => m.subject)).toEqual(['Nouvelle de Claire chez Jeanne', '2 nouvelles chez Jeanne']);
    expect(mails[1].text).toContain('«\u00a0Elle dort.\u00a0»');
    expect(mails[1].text).toContain('«\u00a0Merci pour vos messages.\u00a0»');
    expect(mails[1].text).toContain('Pour les lire, envoyer un cœur ou un mot\u00a0:');
    // Paul's own post is not told to him: Claire's two are, one in each mail.
    expect(newsMailsTo(s.paul).map((m) => m.subject)).toEqual(['Nouvelle de Claire chez Jeanne', 'Nouvelle de Claire chez Jeanne']);

    world.clock.advance(3 * 3600_000);
    await s.claireposts('Retour à la maison.');
    world.clock.advance(NEWS_GRACE_MS);
    await produce();
    await world.deliverMail();
    expect(newsMailsTo(s.helper)).toHaveLength(3);
  });

  it('goes to nobody who muted the village or turned news off by e-mail, and not for a deleted post', async () => {
    world.clock.set(new Date('2026-12-03T08:00:00Z'));
    const s = await newsScene(world);
    const settings = (user: TestUser, json: unknown) =>
      world.request('PUT', '/v1/users/me/notification_settings', { token: user.token, json });
    expect((await settings(s.helper, { muted_village_ids: [s.village.id] })).status).toBe(200);
    const off = await settings(s.nina, { email: { news: false } });
    expect(off.status).toBe(200);
    expect(off.body.data.email.news).toBe(false);
    await s.claireposts('Une nouvelle');
    world.clock.advance(NEWS_GRACE_MS);
    await produce();
    await world.deliverMail();
    expect(newsMailsTo(s.helper)).toEqual([]);
    expect(newsMailsTo(s.nina)).toEqual([]);
    expect(newsMailsTo(s.paul)).toHaveLength(1);

    const deleted = await s.claireposts('Erreur');
    const gone = await world.request('DELETE', `${s.base}/${deleted}?villager_id=${s.village.creatorVillagerId}`, {
      token: s.creator.token,
    });
    expect(gone.status).toBe(204);
    world.clock.advance(NEWS_FOLD_MS);
    expect(await produce()).toBe(0);
  });
});
