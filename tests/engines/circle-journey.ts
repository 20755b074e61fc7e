/**
 * Issue 41's circle in engines other than Chromium (tests/browser/news.test.ts and village-home.test.ts are the
 * whole of it there), the same steps for each: the organiser posts news on a device with the server stopped, the
 * page sends it once the server answers again (no Background Sync in Firefox or WebKit: the page alone replays),
 * exactly once; she signs out, and on the same device a helper opens the village's link signed out, joins with a
 * name and an e-mail, lands on the village's home and sees the person's name, the next open slot (taken in one
 * tap) and the organiser's news. One browser for both people keeps each engine's run short.
 */
import { DateTime } from 'luxon';
import { expect } from 'vitest';
import { api, createOpenVillage, registerUser, type AppServer } from '../browser/harness';
import { OUTBOX, until, type PageDriver } from './outage-return';

/** A browser driven as a user: elements found by a script expression, then clicked and typed into by the engine's own input. */
export interface UserDriver extends PageDriver {
  /** Waits until `expression` answers an element, then clicks it. */
  click(expression: string, what: string): Promise<void>;
  /** Waits until `expression` answers a field, then types `text` into it key by key. */
  type(expression: string, text: string, what: string): Promise<void>;
}

/** The visible, enabled control whose label reads `label`. */
const field = (label: string) =>
  `Array.from(document.querySelectorAll('label')).filter((l) => l.textContent.trim() === ${JSON.stringify(label)})
     .map((l) => l.control).find((c) => c && c.offsetParent !== null && !c.disabled)`;

/** The visible, enabled link or button whose text starts with `text` (a closed dialog's buttons are not visible). */
const control = (tag: 'a' | 'button', text: string) =>
  `Array.from(document.querySelectorAll(${JSON.stringify(tag)}))
     .find((e) => e.offsetParent !== null && !e.disabled && e.textContent.trim().startsWith(${JSON.stringify(text)}))`;

/** The section of the screen titled `title`. */
const section = (title: string) =>
  `Array.from(document.querySelectorAll('main section')).find((s) => s.querySelector('h2') && s.querySelector('h2').textContent.trim() === ${JSON.stringify(title)})`;

const PASSWORD = 'motdepasse-solide-1';
// Typed key by key: no accented letter, which not every driver types alike.
const NEWS = 'Maman va mieux, elle rentre jeudi. Merci a vous tous.';

type ServerPost = { body: string };

export interface CircleMeasure {
  /** From the server answering its health call again to the news written during the outage on it. */
  newsReturnMs: number;
}

/** The journey; `engine` names the accounts. */
export async function walkTheCircle(app: AppServer, driver: UserDriver, engine: string): Promise<CircleMeasure> {
  const claire = await registerUser(app.base, {
    email: `cercle-claire-${engine}@example.org`,
    password: PASSWORD,
    first_name: 'Claire',
    last_name: 'Roy',
  });
  const village = await createOpenVillage(app.base, claire.token, {
    first_name: 'Jeanne',
    last_name: 'Roy',
    infos: 'Maman se remet d’une fracture du poignet.',
  });
  const dinnerDay = DateTime.now().setZone('Europe/Paris').plus({ days: 2 });
  const need = await api(app.base, claire.token, 'POST', `/v1/villages/${village.id}/needs`, {
    villager_id: village.villagerId,
    name: 'Dîner',
    schedule: { dtstart: `${dinnerDay.toISODate()}T19:00`, duration_minutes: 60, rrule: null, exdates: [], places: 1 },
  });
  expect(need.status).toBe(201);
  const serverNews = async (token: string) =>
    ((await api(app.base, token, 'GET', `/v1/villages/${village.id}/news`)).body.data as ServerPost[]).filter((p) => p.body === NEWS);

  // Claire opens the journal online; the worker takes the page.
  await driver.goto(`${app.base}/auth/login`);
  await driver.run(`localStorage.setItem('ga-token', ${JSON.stringify(claire.token)}) || true`);
  await driver.goto(`${app.base}/dashboard/villages/${village.id}/news`);
  await until(driver, `!!(${field('Votre nouvelle')})`, 'the news composer');
  await until(driver, `navigator.serviceWorker.controller && navigator.serviceWorker.controller.state === 'activated'`, 'the worker');

  // The server away: the news waits on the device, shown as such.
  await app.stop();
  try {
    await driver.type(field('Votre nouvelle'), NEWS, 'the news field');
    await driver.click(control('button', 'Publier'), 'Publier');
    await until(driver, `${OUTBOX}.then((all) => all.length === 1)`, 'the news queued', 10_000);
    await until(
      driver,
      `Array.from(document.querySelectorAll('article')).some((a) => a.textContent.includes(${JSON.stringify(NEWS)}) && a.textContent.includes("En attente d'envoi"))`,
      'the news shown as waiting',
      10_000,
    );
    expect(await serverNews(claire.token).catch(() => 'no server')).toBe('no server');
  } finally {
    // Resolves once the server answers its health call.
    await app.start();
  }
  const answered = Date.now();
  await expect.poll(async () => (await serverNews(claire.token)).length, { timeout: 20_000, interval: 100 }).toBe(1);
  const newsReturnMs = Date.now() - answered;
  console.info(`news written during an outage, ${engine}: on the server ${newsReturnMs} ms after it answered again`);
  await until(driver, `${OUTBOX}.then((all) => all.length === 0)`, 'the outbox emptied', 10_000);
  await until(driver, `!document.body.textContent.includes("En attente d'envoi")`, 'the news no longer waiting', 10_000);
  // Once: nothing more comes a moment later.
  await new Promise((r) => setTimeout(r, 500));
  expect(await serverNews(claire.token)).toHaveLength(1);

  // Claire signs out (her token is revoked: the checks below use Hugo's); on the same device, a helper opens the village's link.
  await driver.goto(`${app.base}/account`);
  await driver.click(control('button', 'Se déconnecter'), 'Se déconnecter');
  await until(driver, `location.pathname === '/auth/login' && !localStorage.getItem('ga-token')`, 'signed out');
  await driver.goto(`${app.base}/join/village?c=${village.shareCode}&rli=jv`);
  await until(
    driver,
    `Array.from(document.querySelectorAll('h1')).some((h) => h.textContent.trim() === 'Rejoindre avec mon e-mail')`,
    'the join form',
  );
  await driver.type(field('Prénom'), 'Hugo', 'Prénom');
  await driver.type(field('Nom'), 'Bernard', 'Nom');
  await driver.type(field('E-mail'), `cercle-hugo-${engine}@example.org`, 'E-mail');
  await driver.click(control('button', 'Rejoindre le village'), 'Rejoindre le village');
  await until(driver, `location.pathname === ${JSON.stringify(`/dashboard/villages/${village.id}/home`)}`, 'the village home', 30_000);

  // The home: whom the village helps, the next slot to take, the news.
  await until(
    driver,
    `document.querySelector('main h1') && document.querySelector('main h1').textContent.trim() === 'Jeanne Roy'`,
    'her name',
  );
  const slots = section('Créneaux à pourvoir');
  await until(driver, `${slots} && ${slots}.textContent.includes('Dîner')`, 'the next open slot');
  await until(
    driver,
    `${section('Dernières nouvelles')} && ${section('Dernières nouvelles')}.textContent.includes(${JSON.stringify(NEWS)})`,
    'the news',
  );

  // One tap: the slot is Hugo's on the server.
  await driver.click(
    `${slots} && Array.from(${slots}.querySelectorAll('button')).find((b) => b.textContent.startsWith('Je m’en occupe'))`,
    'Je m’en occupe',
  );
  const hugoToken = await driver.run<string>(`localStorage.getItem('ga-token')`);
  const hugo = (await api(app.base, hugoToken, 'GET', '/v1/users/me')).body.data as { id: string; first_name: string; last_name: string };
  expect(hugo).toMatchObject({ first_name: 'Hugo', last_name: 'Bernard' });
  const helps = async () => {
    const { villagers, helps } = (await api(app.base, hugoToken, 'GET', `/v1/villages/${village.id}?include=villagers,helps`)).body
      .data as { villagers: { id: string; user_id: string | null }[]; helps: { helper_id: string; start_date: string }[] };
    const hugoVillager = villagers.find((v) => v.user_id === hugo.id)?.id;
    return helps.map((h) => [
      h.helper_id === hugoVillager ? 'Hugo' : h.helper_id,
      DateTime.fromISO(h.start_date).setZone('Europe/Paris').toFormat('yyyy-MM-dd HH:mm'),
    ]);
  };
  await expect.poll(helps, { timeout: 20_000 }).toEqual([['Hugo', `${dinnerDay.toISODate()} 19:00`]]);

  // And the news, read by the helper through the API: Claire's, once.
  expect(await serverNews(hugoToken)).toHaveLength(1);
  return { newsReturnMs };
}
