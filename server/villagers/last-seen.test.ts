import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { villagers } from '../db/schema';
import { createWorld } from '../test/world';
import { LAST_SEEN_PRECISION_MS } from './last-seen';

const world = await createWorld();
const lastSeen = async (villagerId: string) =>
  (await world.db.select({ at: villagers.lastSeenAt }).from(villagers).where(eq(villagers.id, villagerId)))[0].at;

describe("a member's last visit", () => {
  it('is marked by reading the village, at most once a minute, without moving its revision', async () => {
    const { helper, helperVillager, village } = await world.villageWithHelper();
    expect(await lastSeen(helperVillager)).toBeNull();
    const first = await world.request('GET', `/v1/villages/${village.id}`, { token: helper.token });
    expect(first.status).toBe(200);
    const seenAt = world.clock.now();
    expect(await lastSeen(helperVillager)).toEqual(seenAt);

    // Nothing the village shows changed: its ETag stays, a revalidation still answers 304, and marks it.
    world.clock.advance(LAST_SEEN_PRECISION_MS - 1000);
    const again = await world.request('GET', `/v1/villages/${village.id}`, {
      token: helper.token,
      headers: { 'If-None-Match': first.headers.get('ETag')! },
    });
    expect(again.status).toBe(304);
    expect(await lastSeen(helperVillager)).toEqual(seenAt);
    world.clock.advance(1000);
    const later = await world.request('GET', `/v1/villages/${village.id}`, {
      token: helper.token,
      headers: { 'If-None-Match': first.headers.get('ETag')! },
    });
    expect(later.status).toBe(304);
    expect(await lastSeen(helperVillager)).toEqual(world.clock.now());
  });

  it('is marked by reading the messages, for the reader only', async () => {
    const { helper, helperVillager, village } = await world.villageWithHelper();
    world.clock.advance(5 * 60_000);
    const res = await world.request('GET', `/v1/villages/${village.id}/messages`, { token: helper.token });
    expect(res.status).toBe(200);
    expect(await lastSeen(helperVillager)).toEqual(world.clock.now());
    expect(await lastSeen(village.creatorVillagerId)).toBeNull();
  });
});
