import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { villages } from '../db/schema';
import { createWorld, type TestUser } from '../test/world';
import { redactSecretPath } from './redact-path';

const world = await createWorld();

/** A comment with everything iCalendar must escape, accents, and long enough to be folded. */
const COMMENT =
  'Apporter du pain, du lait; et le journal.\nSonner deux fois\\merci — à côté de l’église, près du café où l’on se retrouve après la messe';

interface Scene {
  creator: TestUser;
  hugo: TestUser;
  lea: TestUser;
  banned: TestUser;
  outsider: TestUser;
  villageA: string;
  villageB: string;
  hugoInB: string;
  leaInA: string;
}
let s: Scene;

async function addNeed(villageId: string, user: TestUser, villagerId: string, name: string) {
  const res = await world.request('POST', `/v1/villages/${villageId}/needs`, {
    token: user.token,
    json: { villager_id: villagerId, name },
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

async function addHelp(
  villageId: string,
  needId: string,
  user: TestUser,
  villagerId: string,
  help: { start: string; end?: string; comment?: string },
) {
  const res = await world.request('POST', `/v1/villages/${villageId}/needs/${needId}/helps`, {
    token: user.token,
    json: { helper_id: villagerId, start_date: help.start, end_date: help.end, comment: help.comment },
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

beforeAll(async () => {
  const [creator, hugo, lea, banned, outsider] = await Promise.all(
    ['Camille', 'Hugo', 'Lea', 'Bruno', 'Olivier'].map((n) => world.user(n)),
  );
  const a = await world.village(creator);
  const b = await world.village(creator);
  await world.db.update(villages).set({ firstName: 'Paul', name: 'Le village de Paul' }).where(eq(villages.id, b.id));
  const hugoInA = await world.join(hugo, a.shareCode);
  const hugoInB = await world.join(hugo, b.shareCode);
  const leaInA = await world.join(lea, a.shareCode);
  const bannedInA = await world.join(banned, a.shareCode);
  const shopping = await addNeed(a.id, creator, a.creatorVillagerId, 'Courses');
  const meals = await addNeed(b.id, creator, b.creatorVillagerId, 'Repas');
  await addHelp(a.id, shopping, hugo, hugoInA, { start: '2026-11-21T09:00:00.000Z', comment: COMMENT });
  await addHelp(a.id, shopping, creator, a.creatorVillagerId, { start: '2026-11-22T14:30:00.000Z', end: '2026-11-22T16:00:00.000Z' });
  await addHelp(a.id, shopping, banned, bannedInA, { start: '2026-11-23T10:00:00.000Z' });
  await addHelp(b.id, meals, hugo, hugoInB, { start: '2026-11-24T11:00:00.000Z' });
  const ban = await world.request('DELETE', `/v1/villages/${a.id}/villagers/${bannedInA}?deleter_id=${a.creatorVillagerId}`, {
    token: creator.token,
  });
  expect(ban.status).toBeLessThan(300);
  const left = await world.request('PUT', `/v1/villages/${b.id}/villagers/${hugoInB}/leave`, { token: hugo.token });
  expect(left.status).toBe(200);
  s = { creator, hugo, lea, banned, outsider, villageA: a.id, villageB: b.id, hugoInB, leaInA };
});

const feedPath = (url: string) => new URL(url).pathname;

async function issue(path: string, user: TestUser) {
  const res = await world.request('POST', path, { token: user.token });
  expect(res.status).toBe(201);
  const url: string = res.body.data.url;
  expect(url).toMatch(/^http:\/\/localhost:3333\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  return url;
}

/** The calendar as served, parsed back by Mozilla's iCalendar library. */
async function read(url: string) {
  const res = await world.app.request(feedPath(url));
  expect(res.status).toBe(200);
  expect(res.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
  const raw = await res.text();
  const calendar = new ICAL.Component(ICAL.parse(raw));
  const events = calendar.getAllSubcomponents('vevent').map((e) => ({
    uid: e.getFirstPropertyValue('uid'),
    summary: e.getFirstPropertyValue('summary'),
    description: e.getFirstPropertyValue('description'),
    start: String(e.getFirstPropertyValue('dtstart')),
    end: String(e.getFirstPropertyValue('dtend')),
    url: e.getFirstPropertyValue('url'),
    status: e.getFirstPropertyValue('status'),
    stamp: String(e.getFirstPropertyValue('dtstamp')),
  }));
  return { raw, calendar, events };
}

describe('my calendar address', () => {
  it('serves only my slots of the villages I am still in, readable by a calendar library', async () => {
    const { raw, calendar, events } = await read(await issue('/v1/users/me/calendar', s.hugo));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Paris');
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event.summary).toBe('Courses (village de Jeanne)');
    expect(event.start).toBe('2026-11-21T09:00:00Z');
    expect(event.end).toBe('2026-11-21T10:00:00Z');
    expect(event.stamp).toBe('2026-11-20T09:00:00Z');
    expect(event.description).toBe(COMMENT);
    expect(event.status).toBe('CONFIRMED');
    expect(event.uid).toMatch(/^[0-9a-f-]{36}@village$/);
    expect(event.url).toMatch(new RegExp(`^http://localhost:3333/dashboard/villages/${s.villageA}/needs/[0-9a-f-]{36}/helps$`));

    expect(raw.endsWith('\r\n')).toBe(true);
    const lines = raw.slice(0, -2).split('\r\n');
    expect(lines.every((line) => !line.includes('\n') && Buffer.byteLength(line) <= 75)).toBe(true);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(raw.replace(/\r\n /g, '')).toContain('DESCRIPTION:Apporter du pain\\, du lait\\; et le journal.\\nSonner deux fois\\\\merci');
  });

  it('gives a new address each time, revokes the previous one, and can be revoked', async () => {
    const first = await issue('/v1/users/me/calendar', s.lea);
    const second = await issue('/v1/users/me/calendar', s.lea);
    expect(second).not.toBe(first);
    expect((await world.app.request(feedPath(first))).status).toBe(404);
    expect((await world.app.request(feedPath(second))).status).toBe(200);
    expect((await world.request('DELETE', '/v1/users/me/calendar', { token: s.lea.token })).status).toBe(204);
    expect((await world.app.request(feedPath(second))).status).toBe(404);
  });

  it('answers 404 to an unknown or malformed address, and asks to sign in for the calls', async () => {
    expect((await world.app.request(`/v1/calendar/${'a'.repeat(43)}.ics`)).status).toBe(404);
    expect((await world.app.request('/v1/calendar/nope')).status).toBe(404);
    expect((await world.request('POST', '/v1/users/me/calendar')).status).toBe(401);
  });
});

describe('a village calendar address', () => {
  it('serves the slots of its active villagers, with who helps', async () => {
    const { calendar, events } = await read(await issue(`/v1/villages/${s.villageA}/calendar`, s.creator));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Planning — Le village de Jeanne');
    expect(events.map((e) => [e.summary, e.start, e.end])).toEqual([
      ['Courses — Hugo', '2026-11-21T09:00:00Z', '2026-11-21T10:00:00Z'],
      ['Courses — Camille', '2026-11-22T14:30:00Z', '2026-11-22T16:00:00Z'],
    ]);
  });

  it('is refused to outsiders, banned and departed members', async () => {
    const refused = [
      [s.outsider, s.villageA],
      [s.banned, s.villageA],
      [s.hugo, s.villageB],
    ] as const;
    for (const [user, village] of refused) {
      expect((await world.request('POST', `/v1/villages/${village}/calendar`, { token: user.token })).status).toBe(403);
    }
    expect((await world.request('POST', `/v1/villages/${crypto.randomUUID()}/calendar`, { token: s.hugo.token })).status).toBe(404);
  });

  it('stops answering once its member leaves, and can be revoked', async () => {
    const url = await issue(`/v1/villages/${s.villageA}/calendar`, s.lea);
    expect((await world.app.request(feedPath(url))).status).toBe(200);
    await world.request('PUT', `/v1/villages/${s.villageA}/villagers/${s.leaInA}/leave`, { token: s.lea.token });
    expect((await world.app.request(feedPath(url))).status).toBe(404);

    const mine = await issue(`/v1/villages/${s.villageA}/calendar`, s.hugo);
    expect((await world.request('DELETE', `/v1/villages/${s.villageA}/calendar`, { token: s.hugo.token })).status).toBe(204);
    expect((await world.app.request(feedPath(mine))).status).toBe(404);
  });
});

it('keeps the secret token out of the request logs', () => {
  expect(redactSecretPath('/v1/calendar/abc_DEF-123.ics')).toBe('/v1/calendar/…');
  expect(redactSecretPath('/v1/users/me/calendar')).toBe('/v1/users/me/calendar');
});
