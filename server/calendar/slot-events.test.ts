import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type TestUser } from '../test/world';
import { addScheduledNeed, take } from '../test/schedules';

const world = await createWorld();

// Dinner on Mondays, Wednesdays and Fridays at 19:00 in Paris (18:00 UTC in winter), without end, 2 places.
const DINNERS = { dtstart: '2026-11-23T19:00', duration_minutes: 90, rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR', places: 2 };
const DETAILS = { address: '3 rue des Lilas, 69003 Lyon', access: 'Code 1234B, 2e étage', people: 4, diet: 'Sans noix' };
const MON_23 = '2026-11-23T18:00:00Z';
const WED_25 = '2026-11-25T18:00:00Z';

let hugo: TestUser;
let creator: TestUser;
let villageId: string;
let needId: string;

beforeAll(async () => {
  world.clock.set(new Date('2026-11-20T09:00:00Z'));
  const cast = await world.villageWithHelper();
  ({
    creator,
    village: { id: villageId },
  } = cast);
  hugo = cast.helper;
  const lea = await world.user('Léa');
  const leaId = await world.join(lea, cast.village.shareCode);
  needId = await addScheduledNeed(world, creator, cast.village, DINNERS, DETAILS);
  const path = { villageId, needId };
  // Monday 23 is full, Wednesday 25 half taken.
  expect((await take(world, hugo, cast.helperVillager, path, MON_23, { comment: "J'apporte une soupe" })).status).toBe(201);
  expect((await take(world, lea, leaId, path, MON_23)).status).toBe(201);
  expect((await take(world, hugo, cast.helperVillager, path, WED_25)).status).toBe(201);
});

async function read(path: string, user: TestUser) {
  const issued = await world.request('POST', path, { token: user.token });
  expect(issued.status).toBe(201);
  const res = await world.app.request(new URL(issued.body.data.url).pathname);
  expect(res.status).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(await res.text()));
  return calendar.getAllSubcomponents('vevent').map((e) => ({
    uid: String(e.getFirstPropertyValue('uid')),
    summary: String(e.getFirstPropertyValue('summary')),
    description: e.getFirstPropertyValue('description'),
    location: e.getFirstPropertyValue('location'),
    start: String(e.getFirstPropertyValue('dtstart')),
    end: String(e.getFirstPropertyValue('dtend')),
    status: e.getFirstPropertyValue('status'),
    transp: e.getFirstPropertyValue('transp'),
    url: e.getFirstPropertyValue('url'),
  }));
}

describe('slots in the calendars', () => {
  it('give each slot I took the address as LOCATION and the practical details in DESCRIPTION', async () => {
    const events = await read('/v1/users/me/calendar', hugo);
    expect(events.map((e) => [e.start, e.end])).toEqual([
      [MON_23, '2026-11-23T19:30:00Z'],
      [WED_25, '2026-11-25T19:30:00Z'],
    ]);
    expect(events[0]).toMatchObject({
      summary: 'Dîner (village de Jeanne)',
      location: DETAILS.address,
      description:
        "J'apporte une soupe\n\nAccès\u00a0: Code 1234B, 2e étage\nNombre de personnes\u00a0: 4\nRégime et allergies\u00a0: Sans noix",
      status: 'CONFIRMED',
    });
    expect(events[1].description).toBe(
      'Accès\u00a0: Code 1234B, 2e étage\nNombre de personnes\u00a0: 4\nRégime et allergies\u00a0: Sans noix',
    );
  });

  it('show in the village calendar the open slots of the next 90 days as "À pourvoir", full ones left out', async () => {
    const events = await read(`/v1/villages/${villageId}/calendar`, creator);
    const open = events.filter((e) => e.summary === 'À pourvoir\u00a0: Dîner');
    const taken = events.filter((e) => e.summary !== 'À pourvoir\u00a0: Dîner');
    expect(taken.map((e) => `${e.start} ${e.summary}`).sort()).toEqual([
      `${MON_23} Dîner — Hugo`,
      `${MON_23} Dîner — Léa`,
      `${WED_25} Dîner — Hugo`,
    ]);
    // Mondays, Wednesdays and Fridays from 23 November to 17 February (90 days on), less the full Monday.
    expect(open).toHaveLength(37);
    expect(open.map((e) => e.start)).not.toContain(MON_23);
    expect(open[0]).toMatchObject({
      start: WED_25,
      end: '2026-11-25T19:30:00Z',
      uid: `open-${needId}-20261125T180000Z@village`,
      location: DETAILS.address,
      status: 'TENTATIVE',
      transp: 'TRANSPARENT',
      url: `http://localhost:3333/dashboard/villages/${villageId}/needs/${needId}`,
    });
    expect(open[0].description).toMatch(/^1 place à pourvoir sur 2\n\nAccès\u00a0: Code 1234B/);
    expect(open[1]).toMatchObject({ start: '2026-11-27T18:00:00Z', uid: `open-${needId}-20261127T180000Z@village` });
    expect(open[1].description).toMatch(/^2 places à pourvoir\n\n/);
    expect(open.at(-1)!.start).toBe('2027-02-17T18:00:00Z');
    expect(new Set(open.map((e) => e.uid)).size).toBe(open.length);
    // Everything in time order.
    expect(events.map((e) => e.start)).toEqual([...events.map((e) => e.start)].sort());
  });
});
