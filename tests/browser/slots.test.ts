/**
 * Slots to fill, three people in three Chromium profiles against the server as `npm start` runs it: Alice
 * posts dinners on Mondays, Wednesdays and Fridays at 19:00 for six weeks (18 slots); Bruno and Chloé take
 * the same Wednesday, one wins and the other reads who did; Chloé takes a Friday with the server gone, reloads,
 * and it reaches the server once; Alice makes Bruno co-organiser; Chloé leaves, and Alice's planning shows her
 * Friday open again while the feed says how many slots went back. Screens looked at (/tmp/slots-*.png) with no
 * axe-core violation at 390 and 1280 px.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { DateTime } from 'luxon';
import { formatSlotDay } from '../../src/contract/french-time';
import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { checkScreen, signedInPage } from './screens';

const app = await startApp();
const [alice, bruno, chloe] = [await openBrowser(), await openBrowser(), await openBrowser()];
const PASSWORD = 'motdepasse-solide-1';
const ZONE = 'Europe/Paris';

// The first Monday at least three days ahead, so that every slot is in the future whatever day the test runs.
const today = DateTime.now().setZone(ZONE).startOf('day');
const monday = today.plus({ days: 3 }).plus({ days: (8 - today.plus({ days: 3 }).weekday) % 7 });
const wednesday = monday.plus({ days: 2 });
const friday = monday.plus({ days: 4 });
const at19 = (day: DateTime) => day.set({ hour: 19 }).toUTC().toISO({ suppressMilliseconds: false })!;
/**
 * "mercredi 2 décembre", "mardi 1er décembre": how the screens name a day (the year only when it is not this
 * year's), with plain spaces as Playwright reads the page's non-breaking ones.
 */
const dayWords = (day: DateTime) => formatSlotDay(day.toISO()!).replace(/\u00a0/g, ' ');

interface Person {
  token: string;
  villagerId: string;
  page: Page;
}

async function person(context: BrowserContext, token: string, villageId: string, villagerId: string): Promise<Person> {
  const page = await signedInPage(context, app.base, token);
  await page.goto(`${app.base}/dashboard/villages/${villageId}/needs`);
  await page.getByRole('heading', { name: 'Besoins du village' }).waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 20_000 });
  return { token, villagerId, page };
}

async function serverHelps(token: string, villageId: string) {
  const answer = await api(app.base, token, 'GET', `/v1/villages/${villageId}?include=needs,helps,villagers`);
  return answer.body.data as {
    needs: { id: string; name: string; schedule: { rrule: string; places: number } | null }[];
    helps: { id: string; helper_id: string; start_date: string; end_date: string }[];
    villagers: { id: string; is_manager: boolean }[];
  };
}

const takeButton = (page: Page, day: DateTime) => page.getByRole('button', { name: new RegExp(`Je m.en occupe : ${dayWords(day)}`) });

describe('slots to fill', () => {
  it('are posted, taken in one tap by one person only, taken offline once, shared with a co-organiser and given back when someone leaves', async () => {
    const a = await registerUser(app.base, {
      email: 'alice.slots@example.org',
      password: PASSWORD,
      first_name: 'Alice',
      last_name: 'Martin',
    });
    const b = await registerUser(app.base, {
      email: 'bruno.slots@example.org',
      password: PASSWORD,
      first_name: 'Bruno',
      last_name: 'Petit',
    });
    const c = await registerUser(app.base, {
      email: 'chloe.slots@example.org',
      password: PASSWORD,
      first_name: 'Chloé',
      last_name: 'Roux',
    });
    const village = await createOpenVillage(app.base, a.token);
    const bVillager = (await api(app.base, b.token, 'PUT', '/v1/villages/join/helper', { share_code: village.shareCode })).body.data
      .id as string;
    const cVillager = (await api(app.base, c.token, 'PUT', '/v1/villages/join/helper', { share_code: village.shareCode })).body.data
      .id as string;

    // Alice posts the dinners from the form.
    const A = await person(alice.context, a.token, village.id, village.villagerId);
    await A.page.getByRole('link', { name: 'Ajouter un besoin' }).click();
    await A.page.getByLabel('Un autre besoin, que je décris').check();
    await A.page.getByLabel('Nom du besoin').fill('Dîner');
    await A.page.getByLabel('À des dates précises').check();
    await A.page.getByLabel('Première date').fill(monday.toISODate()!);
    await A.page.getByLabel('Heure').fill('19:00');
    await A.page.getByLabel('Durée de chaque créneau').selectOption({ label: '1 h 30' });
    await A.page.getByLabel('Chaque semaine').check();
    for (const day of ['mercredi', 'vendredi']) await A.page.getByRole('checkbox', { name: day }).check();
    await A.page.getByLabel('Pendant un nombre de semaines').check();
    await A.page.getByRole('textbox', { name: 'Nombre de semaines', exact: true }).fill('6');
    await A.page.getByLabel('Régime et allergies').fill('Sans noix');
    await A.page.getByText(/18 créneaux/).waitFor();
    await A.page.getByRole('button', { name: 'Ajouter ce besoin' }).click();
    await A.page.getByRole('heading', { name: 'Besoins du village' }).waitFor();
    await expect.poll(async () => (await serverHelps(a.token, village.id)).needs.length, { timeout: 20_000 }).toBe(1);
    const need = (await serverHelps(a.token, village.id)).needs[0];
    expect(need.schedule).toMatchObject({ places: 1 });
    expect(need.schedule?.rrule).toMatch(/FREQ=WEEKLY/);
    expect(
      (
        await api(
          app.base,
          a.token,
          'GET',
          `/v1/villages/${village.id}/slots?from=${today.toUTC().toISO()}&to=${monday.plus({ weeks: 7 }).toUTC().toISO()}`,
        )
      ).body.data,
    ).toHaveLength(18);

    await A.page.getByRole('link', { name: /Dîner/ }).first().click();
    await A.page.getByText('Sans noix').waitFor({ timeout: 20_000 });
    await expect.poll(() => A.page.getByRole('button', { name: /Je m.en occupe/ }).count()).toBe(18);
    await checkScreen(A.page, 'need', 'slots');

    // Bruno and Chloé both see Wednesday open. Chloé's page does not hear the live changes (its stream is cut),
    // so she taps a slot Bruno took a moment before: the server refuses it and says who took it.
    const B = await person(bruno.context, b.token, village.id, bVillager);
    const C = await person(chloe.context, c.token, village.id, cVillager);
    await C.page.route('**/events*', (route) => route.abort());
    for (const P of [B, C]) {
      await P.page.goto(`${app.base}/dashboard/villages/${village.id}/needs/${need.id}`);
      await takeButton(P.page, wednesday).waitFor({ timeout: 20_000 });
    }
    await takeButton(B.page, wednesday).click();
    await B.page.getByText(/C.est noté\s: vous y allez/).waitFor();
    await expect.poll(async () => (await serverHelps(a.token, village.id)).helps.length, { timeout: 20_000 }).toBe(1);
    await takeButton(C.page, wednesday).click();
    await C.page.getByText(/1 modification n.a pas pu être envoyée/).waitFor({ timeout: 30_000 });
    await C.page.getByText(/1 modification n.a pas pu être envoyée/).click();
    await C.page
      .getByText('Ce créneau est complet : Bruno s’en occupe.')
      .or(C.page.getByText("Ce créneau est complet : Bruno s'en occupe."))
      .waitFor();
    // Any space of the pattern matches the screen's non-breaking ones (a regular expression is not normalised).
    await C.page.getByText(new RegExp(`Créneau du ${dayWords(wednesday)}, 19 h sur « Dîner »`.replace(/ /g, '\\s'))).waitFor();
    await C.page.keyboard.press('Escape');
    // The pull that undoes her take shows the slot as Bruno's: full, nothing to take.
    await expect.poll(() => takeButton(C.page, wednesday).count(), { timeout: 20_000 }).toBe(0);
    await C.page
      .getByRole('listitem')
      .filter({ hasText: dayWords(wednesday) })
      .filter({ hasText: 'Complet' })
      .filter({ hasText: 'Bruno' })
      .first()
      .waitFor();
    const afterRace = await serverHelps(a.token, village.id);
    expect(afterRace.helps.map((h) => [h.helper_id, h.start_date])).toEqual([[bVillager, at19(wednesday)]]);

    // Chloé takes Friday with the server gone, reloads from the worker's cache, and the server gets it once.
    await app.stop();
    try {
      await takeButton(C.page, friday).click();
      await C.page.getByRole('button', { name: new RegExp(`Je ne peux plus : ${dayWords(friday)}`) }).waitFor();
      await C.page.reload();
      await C.page.getByRole('button', { name: new RegExp(`Je ne peux plus : ${dayWords(friday)}`) }).waitFor({ timeout: 20_000 });
    } finally {
      await app.start();
    }
    await C.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect
      .poll(async () => (await serverHelps(a.token, village.id)).helps.filter((h) => h.helper_id === cVillager).length, { timeout: 30_000 })
      .toBe(1);
    await new Promise((r) => setTimeout(r, 1_500));
    const chloesHelps = (await serverHelps(a.token, village.id)).helps.filter((h) => h.helper_id === cVillager);
    expect(chloesHelps.map((h) => [h.start_date, h.end_date])).toEqual([
      [at19(friday), DateTime.fromISO(at19(friday)).plus({ minutes: 90 }).toUTC().toISO()],
    ]);

    // Alice makes Bruno co-organiser.
    await A.page.goto(`${app.base}/dashboard/villages/${village.id}/manage/members`);
    await A.page
      .getByRole('button', { name: /Nommer co-organisat/ })
      .first()
      .waitFor({ timeout: 20_000 });
    await A.page
      .getByRole('listitem')
      .filter({ hasText: 'Bruno' })
      .getByRole('button', { name: /Nommer co-organisat/ })
      .click();
    await A.page
      .getByRole('dialog')
      .getByRole('button', { name: /Nommer/ })
      .click();
    await expect
      .poll(async () => (await serverHelps(a.token, village.id)).villagers.find((v) => v.id === bVillager)?.is_manager, { timeout: 20_000 })
      .toBe(true);
    await checkScreen(A.page, 'members', 'slots');

    // Chloé leaves: her Friday is open again on Alice's planning, and the feed says how many went back.
    await C.page.goto(`${app.base}/dashboard/villages/${village.id}/infos`);
    await C.page.getByRole('button', { name: 'Quitter ce village' }).click();
    await C.page.getByRole('dialog').getByRole('button', { name: 'Quitter le village' }).click();
    await expect
      .poll(async () => (await serverHelps(a.token, village.id)).helps.filter((h) => h.helper_id === cVillager).length, { timeout: 20_000 })
      .toBe(0);
    // The week of the dinners, slots to fill only: Monday and now Friday again (Wednesday is Bruno's).
    await A.page.goto(`${app.base}/dashboard/villages/${village.id}/planning?filtre=a-pourvoir`);
    await A.page.getByRole('button', { name: 'À pourvoir' }).waitFor({ timeout: 20_000 });
    const weeksAhead = Math.round(monday.diff(today.startOf('week'), 'weeks').weeks);
    for (let i = 0; i < weeksAhead; i++) await A.page.getByRole('button', { name: 'Période suivante' }).click();
    const openDinners = A.page.getByRole('button', { name: /Dîner.*À pourvoir.*Je m.en occupe/ });
    await expect.poll(() => openDinners.count(), { timeout: 20_000 }).toBe(2);
    await A.page.goto(`${app.base}/dashboard/villages/${village.id}/notifications`);
    await A.page.getByText('Chloé a quitté le village : 1 créneau est à nouveau à pourvoir').waitFor({ timeout: 20_000 });
    await A.page.goto(`${app.base}/dashboard/villages/${village.id}/needs/${need.id}`);
    await takeButton(A.page, friday).waitFor({ timeout: 20_000 });
    await A.page.goto(`${app.base}/dashboard/villages/${village.id}/planning`);
    await A.page.getByRole('button', { name: 'À pourvoir' }).waitFor({ timeout: 20_000 });
    for (let i = 0; i < weeksAhead; i++) await A.page.getByRole('button', { name: 'Période suivante' }).click();
    await A.page.getByText('Complet').first().waitFor();
    await checkScreen(A.page, 'planning', 'slots');
  }, 120_000);
});
