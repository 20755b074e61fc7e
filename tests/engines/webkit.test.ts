/**
 * The core journey in WebKit (WebKitGTK's MiniBrowser, the engine of Safari on iPhone), which has no
 * Background Sync: the page's own drain is the only replay. Sign in through the form, open a village,
 * lose the server, reload a deep link from the worker's cache, write a need, a help and a chat message
 * offline, reload still offline, and see each write reach the server exactly once when it is back; a
 * write the server refuses (its need deleted meanwhile on another device) lands in the list of changes
 * not sent, with the server's French message. And what WebKit lacks (push here, `navigator.storage.persist`)
 * is said or done without, not a broken screen.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { DateTime } from 'luxon';
import { describe, expect, it, onTestFinished } from 'vitest';
import { api, createOpenVillage, registerUser, startApp } from '../browser/harness';
import { runAppBuild } from '../browser/pwa-build';
import { serverCommand } from '../support/server-start';
import { startWebKit, type ElementRef, type Session } from '../support/webdriver';
import { clickControl, control, field, typeInto, waitForText, waitInPage } from './webkit-page';

// The run's build of the app (pwa-build.ts): served and read here, never written.
const dist = runAppBuild();
const app = await startApp({ DIST_DIR: dist });
let session: Session;

/** A browser of its own for each test (a fresh profile: no storage, no worker), gone at the test's end. */
async function freshWebKit() {
  const webkit = await startWebKit({ timeZone: 'Europe/Paris' });
  onTestFinished(() => webkit.quit());
  session = webkit.session;
}

const PASSWORD = 'motdepasse-solide-1';
const tomorrow = DateTime.now().setZone('Europe/Paris').plus({ days: 1 });

/**
 * Another device, while this one has no network: the same data served on another port (another origin,
 * out of this page's reach), used through the API, then stopped.
 */
async function onAnotherDevice(work: (base: string) => Promise<void>) {
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
  const base = `http://localhost:${port}`;
  const { command, args, cwd, env: testEnv } = serverCommand();
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...testEnv, PORT: String(port), DATA_DIR: app.dataDir, DIST_DIR: dist, PUBLIC_URL: base, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    await expect
      .poll(
        () =>
          fetch(`${base}/v1/health`).then(
            (r) => r.ok,
            () => false,
          ),
        { timeout: 60_000, interval: 200 },
      )
      .toBe(true);
    await work(base);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * The field's value, read until it shows what was typed (5 s at most): a field that never shows it still fails.
 * Read once, right after "Element Send Keys" answered, a CI run found 2026-11-29 where 11/30/2026 had been typed
 * on the 29th: what the field holds when only the month's keys have been handled (the form's default is
 * today). Awaiting the value also covers keys the page handles after the driver answered.
 */
async function expectValue(el: ElementRef, value: string) {
  await expect.poll(() => session.execute<string>('return arguments[0].value', [el]), { timeout: 5_000, interval: 100 }).toBe(value);
}

/**
 * WebKitGTK's date field is made of segments in the locale's order (month/day/year under the C locale of
 * these machines); a typed separator moves to the next segment, so it is typed as the user sees it.
 */
async function fillDate(label: string, date: DateTime) {
  const el = await field(session, label);
  await session.clear(el);
  await session.sendKeys(el, date.toFormat('MM/dd/yyyy'));
  await expectValue(el, date.toISODate()!);
}

/** Its time field: hours (24 h here), a separator, minutes. */
async function fillTime(label: string, hours: number) {
  const el = await field(session, label);
  await session.clear(el);
  await session.sendKeys(el, `${String(hours).padStart(2, '0')}:00`);
  await expectValue(el, `${String(hours).padStart(2, '0')}:00`);
}

async function offerHelp(needName: string) {
  await clickControl(session, 'a', needName);
  await clickControl(session, 'a', 'Proposer mon aide');
  await fillDate('Date', tomorrow);
  await fillTime('Début', 14);
  await fillTime('Fin', 16);
  await clickControl(session, 'button', 'Proposer mon aide');
  await waitForText(session, '14 h – 16 h');
}

async function serverVillage(token: string, villageId: string) {
  const village = await api(app.base, token, 'GET', `/v1/villages/${villageId}?include=needs,helps`);
  const messages = await api(app.base, token, 'GET', `/v1/villages/${villageId}/messages`);
  const data = village.body.data as { needs: { id: string; name: string }[]; helps: { village_need_id: string; start_date: string }[] };
  return {
    needs: data.needs.map((n) => n.name),
    helps: data.helps,
    messages: (messages.body.data as { body: string }[]).map((m) => m.body),
  };
}

describe('WebKit, with no Background Sync', () => {
  it('says what this engine lacks instead of breaking: push, and the Web Locks and storage persistence the outbox uses when present', async () => {
    await freshWebKit();
    const { token } = await registerUser(app.base, {
      email: 'webkit-push@example.org',
      password: PASSWORD,
      first_name: 'Hugo',
      last_name: 'Martin',
    });
    await session.navigate(`${app.base}/auth/login`);
    await session.execute('localStorage.setItem("ga-token", arguments[0])', [token]);
    // The first screen of a device loads the user's data, then shows their villages.
    await session.navigate(`${app.base}/`);
    await waitForText(session, 'Mes villages');
    // A second full load right after the first: the reload test below is about that.
    await session.navigate(`${app.base}/account/notifications`);
    await waitForText(session, 'Sur cet appareil');
    const engine = await session.executeAsync<{ locks: boolean; persist: string; push: boolean; notification: boolean }>(
      `const done = arguments[arguments.length - 1];
       const persist = navigator.storage && navigator.storage.persist ? navigator.storage.persist().then(String, (e) => 'rejected: ' + e) : Promise.resolve('absent');
       persist.then((p) => done({ locks: !!navigator.locks, persist: p, push: 'PushManager' in window, notification: 'Notification' in window }));`,
    );
    console.info('WebKitGTK here:', JSON.stringify(engine));
    if (engine.push && engine.notification) await control(session, 'button', 'Activer les notifications sur cet appareil');
    else await waitForText(session, 'Ce navigateur ne peut pas recevoir de notifications.');
    await session.screenshot('/tmp/webkit-notifications.png');
  }, 120_000);

  it('opens a new address right after the first screen, time after time, although the first page is cached with reads in flight', async () => {
    // WebKit kept a page put in its back/forward cache with an IndexedDB transaction suspended, and every
    // later transaction, in the next page too, waited behind it: « Chargement… » for ever, in 1 to 4 of 5 tries.
    const { token } = await registerUser(app.base, {
      email: 'webkit-reload@example.org',
      password: PASSWORD,
      first_name: 'Inès',
      last_name: 'Roux',
    });
    await createOpenVillage(app.base, token);
    for (let attempt = 0; attempt < 6; attempt++) {
      const webkit = await startWebKit({ timeZone: 'Europe/Paris' });
      try {
        session = webkit.session;
        await session.navigate(`${app.base}/auth/login`);
        await session.execute('localStorage.setItem("ga-token", arguments[0])', [token]);
        await session.navigate(`${app.base}/`);
        await waitForText(session, 'Mes villages', 20_000);
        await session.navigate(`${app.base}/account/notifications`);
        await waitForText(session, 'Ce que vous recevez', 20_000);
        // Back to the cached page: its cut reads are started again, and it shows the villages.
        await session.back();
        await waitForText(session, 'Mes villages', 20_000);
      } finally {
        await webkit.quit();
      }
    }
  }, 240_000);

  it('keeps the village usable offline and sends each write made offline exactly once when the server is back', async () => {
    const { token } = await registerUser(app.base, {
      email: 'webkit@example.org',
      password: PASSWORD,
      first_name: 'Claire',
      last_name: 'Durand',
    });
    const { id, villagerId } = await createOpenVillage(app.base, token);
    const walk = await api(app.base, token, 'POST', `/v1/villages/${id}/needs`, { villager_id: villagerId, name: 'Promenade' });
    expect(walk.status).toBe(201);
    await freshWebKit();
    expect(await session.execute('return typeof SyncManager')).toBe('undefined');

    // Sign in through the form.
    await session.navigate(`${app.base}/auth/login`);
    await typeInto(session, 'Email', 'webkit@example.org');
    await typeInto(session, 'Mot de passe', PASSWORD);
    await clickControl(session, 'button', 'Se connecter');
    await waitForText(session, 'Mes villages');

    // Open the village from the list, as a user would.
    const card = await waitInPage<ElementRef>(
      session,
      `Array.from(document.querySelectorAll('a')).find((a) => a.getAttribute('href').includes(${JSON.stringify(id)}) && a.offsetParent !== null)`,
      'the village in the list',
    );
    await session.click(card);
    // A village opens on its home; its needs are the next tab.
    await clickControl(session, 'a', 'Besoins');
    await waitForText(session, 'Besoins du village');
    await waitForText(session, 'Promenade');
    await waitInPage(
      session,
      `navigator.serviceWorker.controller && navigator.serviceWorker.controller.state === 'activated'`,
      'the worker controlling the page',
    );

    await app.stop();
    // Whatever happens below, the server is up again for what follows.
    onTestFinished(async () => {
      if (
        !(await fetch(`${app.base}/v1/health`).then(
          (r) => r.ok,
          () => false,
        ))
      )
        await app.start();
    });
    // A deep link with no server: the worker's shell, the guards and the local store bring the need back.
    await session.navigate(`${app.base}/dashboard/villages/${id}/needs/${walk.body.data.id}`);
    await control(session, 'a', 'Proposer mon aide');
    await waitForText(session, 'Promenade');

    // Offline writes: a help on the walk (its need will be deleted meanwhile), a new need, a help on it, a message.
    await clickControl(session, 'a', 'Proposer mon aide');
    await fillDate('Date', tomorrow);
    await fillTime('Début', 14);
    await fillTime('Fin', 16);
    await clickControl(session, 'button', 'Proposer mon aide');
    await waitForText(session, '14 h – 16 h');

    await session.navigate(`${app.base}/dashboard/villages/${id}/needs`);
    await clickControl(session, 'a', 'Ajouter un besoin');
    await session.click(await field(session, 'Un autre besoin, que je décris'));
    await typeInto(session, 'Nom du besoin', 'Courses du jeudi');
    await clickControl(session, 'button', 'Ajouter ce besoin');
    await waitForText(session, 'Courses du jeudi');
    await offerHelp('Courses du jeudi');

    await session.navigate(`${app.base}/dashboard/villages/${id}/chat`);
    await waitForText(session, 'Discussion');
    const box = await field(session, 'Votre message');
    await session.sendKeys(box, 'Je passe jeudi vers 14 h\uE007');
    await waitForText(session, "En attente d'envoi");
    await waitInPage(
      session,
      `Array.from(document.querySelectorAll('[role="status"]')).some((e) => e.textContent.trim() === '4 modifications en attente')`,
      '4 writes waiting',
    );

    // Reloaded, still offline: everything is still there, still waiting.
    await session.refresh();
    await waitForText(session, 'Je passe jeudi vers 14 h');
    await session.navigate(`${app.base}/dashboard/villages/${id}/needs`);
    await waitForText(session, 'Courses du jeudi');
    await waitForText(session, '1 aide prévue');
    // The status line reads the queue after the screen's data: it may come a moment later.
    await waitInPage(
      session,
      `Array.from(document.querySelectorAll('[role="status"]')).some((e) => e.textContent.trim() === '4 modifications en attente')`,
      '4 writes still waiting after the reload',
    );

    await onAnotherDevice(async (base) => {
      expect((await api(base, token, 'DELETE', `/v1/villages/${id}/needs/${walk.body.data.id}?villager_id=${villagerId}`)).status).toBe(
        204,
      );
    });
    expect(await serverVillage(token, id).catch(() => null)).toBeNull();
    await app.start();

    // The connection is back: the page drains its queue itself.
    await session.execute(`window.dispatchEvent(new Event('online'))`);
    await expect.poll(async () => (await serverVillage(token, id)).messages.length, { timeout: 30_000 }).toBe(1);
    const failed = await control(session, 'button', "1 modification n'a pas pu être envoyée", 30_000);
    const village = await serverVillage(token, id);
    expect(village.needs).toEqual(['Courses du jeudi']);
    expect(village.helps).toHaveLength(1);
    expect(DateTime.fromISO(village.helps[0].start_date).setZone('Europe/Paris').toFormat('yyyy-MM-dd HH:mm')).toBe(
      `${tomorrow.toISODate()} 14:00`,
    );
    expect(village.messages).toEqual(['Je passe jeudi vers 14 h']);
    await waitInPage(
      session,
      `!Array.from(document.querySelectorAll('[role="status"]')).some((e) => /en attente/.test(e.textContent))`,
      'no write waiting',
    );

    await session.click(failed);
    await waitForText(session, 'Modifications non envoyées');
    await waitForText(session, "Ce besoin a été supprimé par quelqu'un d'autre.");
    await session.screenshot('/tmp/webkit-failed.png');

    // Asking again sends nothing twice.
    await session.execute(`window.dispatchEvent(new Event('online'))`);
    await new Promise((r) => setTimeout(r, 1_000));
    const again = await serverVillage(token, id);
    expect([again.needs.length, again.helps.length, again.messages.length]).toEqual([1, 1, 1]);
  }, 240_000);
});
