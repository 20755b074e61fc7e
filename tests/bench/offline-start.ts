/**
 * `npm run bench:offline-start`: the warm start of a village's planning, online and with the server gone,
 * against the 300 ms target. The app's production build (its own directory, DIST_DIR) is served by the real
 * server as `npm start` runs it; Debian's Chromium (playwright-core, a persistent profile so the worker and
 * IndexedDB behave as installed) signs in, opens the planning of a village with a few helps and waits for the
 * worker to control the page. Then the planning is reloaded N times with the server up, and N times with its
 * process stopped (the surest "offline": the worker's own requests fail too). Each time is measured in the
 * page from its navigation start (performance.now()) to the first help in the DOM (a MutationObserver), which
 * covers the shell, the guards (a session already loaded opens from IndexedDB in the root route's guard, with no
 * detour through the bootstrap page), the screen's chunks through the worker, and the planning read from IndexedDB.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { chromium, type Page } from 'playwright-core';
import { phoneContext } from '../support/chromium';
import { freePort } from '../support/free-port';
import { startNodeFlags } from '../support/start-script';

const TARGET_MS = 300;
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const root = join(import.meta.dirname, '..', '..');
/** How the planning writes a help's hours ("9 h – 9 h 20", with the non-breaking spaces of src/contract/french-time.ts). */
const HELP_HOURS = /\d{1,2}\sh(\s\d\d)?\s–\s\d{1,2}\sh/;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (n: number) => `${n.toFixed(0)} ms`.padStart(7);

async function run(command: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, command, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${command.join(' ')} failed (${code}):\n${output}`);
}

/** The real server on its own port, data directory and build; stopping its process is the "offline". */
function appServer(port: number, dataDir: string, distDir: string) {
  const base = `http://localhost:${port}`;
  let child: ChildProcess | undefined;
  return {
    base,
    async start() {
      child = spawn(process.execPath, [...startNodeFlags, '--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DIST_DIR: distDir, PUBLIC_URL: base, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error('the server exited');
        if (
          await fetch(`${base}/v1/health`).then(
            (r) => r.ok,
            () => false,
          )
        )
          return;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('the server did not start');
    },
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function api(base: string, token: string | null, method: string, path: string, json?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text).data;
}

/**
 * A user, an open village of theirs, a need and four helps tomorrow, or late today on a Sunday: the planning
 * opens on the current Monday-to-Sunday week, and a help cannot start in the past.
 */
async function seed(base: string) {
  const { token } = await api(base, null, 'POST', '/v1/auth/register', {
    email: 'bench-offline@example.org',
    password: 'motdepasse-solide-1',
    first_name: 'Claire',
    last_name: 'Durand',
  });
  const created = await api(base, token, 'POST', '/v1/villages', { creation_mode: 2, first_name: 'Jeanne', name: 'Le village de Jeanne' });
  const villagerId: string = created.villagers[0].id;
  await api(base, token, 'PUT', `/v1/villages/${created.id}/fc`, { creator_id: villagerId });
  await api(base, token, 'PUT', `/v1/villages/${created.id}/vo`, { villager_id: villagerId });
  const need = await api(base, token, 'POST', `/v1/villages/${created.id}/needs`, { villager_id: villagerId, name: 'Courses' });
  const today = DateTime.now().setZone('Europe/Paris').startOf('day');
  const sunday = today.weekday === 7;
  const day = sunday ? today : today.plus({ days: 1 });
  for (const [hour, minute] of sunday
    ? [
        [23, 0],
        [23, 10],
        [23, 20],
        [23, 30],
      ]
    : [
        [9, 0],
        [11, 0],
        [14, 0],
        [17, 0],
      ]) {
    await api(base, token, 'POST', `/v1/villages/${created.id}/needs/${need.id}/helps`, {
      helper_id: villagerId,
      start_date: day.set({ hour, minute }).toUTC().toISO(),
      end_date: day
        .set({ hour, minute: minute + 20 })
        .toUTC()
        .toISO(),
    });
  }
  return { token, villageId: created.id as string };
}

/** What the page logs, with the time, when the first help is in its DOM. */
const FIRST_HELP = 'bench:first-help ';

/**
 * One reload of the planning: milliseconds from the navigation's start to the first help in the DOM. The page
 * says it on its console: polling it (waitForFunction) put Playwright's own script, some 330 KB, into the page
 * while it loaded, a 33–56 ms task inside the time measured (a Chromium trace of the start).
 */
async function timedLoad(page: Page, url: string) {
  const shown = page.waitForEvent('console', { predicate: (message) => message.text().startsWith(FIRST_HELP), timeout: 30_000 });
  await page.goto(url, { waitUntil: 'commit' });
  const firstHelpAt = Number((await shown).text().slice(FIRST_HELP.length));
  if (process.env.BENCH_STEPS) {
    console.log('   ', (await page.evaluate(() => (window as { steps?: string[] }).steps ?? [])).join(' → '));
    if (process.env.BENCH_STEPS === 'resources')
      console.log(
        (
          await page.evaluate(() =>
            performance
              .getEntriesByType('resource')
              .map(
                (r) =>
                  `${r.name.replace(/^https?:\/\/[^/]+/, '').slice(0, 60)} ${r.startTime.toFixed(0)}–${(r as PerformanceResourceTiming).responseEnd.toFixed(0)}`,
              ),
          )
        ).join('\n'),
      );
  }
  return firstHelpAt;
}

async function series(page: Page, url: string) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await timedLoad(page, url));
  return times;
}

function report(label: string, times: number[]) {
  const median = percentile(times, 50);
  const p90 = percentile(times, 90);
  console.log(
    `  ${label} : médiane ${ms(median)}, p90 ${ms(p90)}, min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))}  [${times.map((t) => t.toFixed(0)).join(', ')}]`,
  );
  return { median, p90 };
}

async function main() {
  const work = await mkdtemp(join(tmpdir(), 'village-bench-offline-'));
  const distDir = join(work, 'dist');
  const { NODE_ENV: _ignored, ...env } = process.env;
  await run([join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], {
    ...env,
    VITE_BUILD_ID: 'bench-offline-start',
  });
  const server = appServer(await freePort(), join(work, 'data'), distDir);
  await server.start();
  const context = await chromium.launchPersistentContext(join(work, 'profile'), phoneContext);
  try {
    const { token, villageId } = await seed(server.base);
    // Before any script of the page: the first time a help's hours are in the document.
    await context.addInitScript(
      ([pattern, said]: string[]) => {
        const hours = new RegExp(pattern);
        const w = window as { firstHelpAt?: number; steps?: string[] };
        // Where the time goes: the document parsed, and each address the router goes through (the bootstrap page).
        w.steps = [];
        document.addEventListener('DOMContentLoaded', () => w.steps!.push(`DOM ${performance.now().toFixed(0)}`));
        for (const name of ['pushState', 'replaceState'] as const) {
          const original = history[name].bind(history);
          history[name] = (data, unused, url) => {
            w.steps!.push(
              `${String(url ?? '')
                .replace(/^https?:\/\/[^/]+/, '')
                .slice(0, 24)} ${performance.now().toFixed(0)}`,
            );
            original(data, unused, url);
          };
        }
        const observer = new MutationObserver(() => {
          if (w.firstHelpAt === undefined && hours.test(document.body?.textContent ?? '')) {
            w.firstHelpAt = performance.now();
            observer.disconnect();
            console.log(said + w.firstHelpAt);
          }
        });
        observer.observe(document, { childList: true, subtree: true, characterData: true });
      },
      [HELP_HOURS.source, FIRST_HELP],
    );
    const page = await context.newPage();
    await page.goto(`${server.base}/auth/login`);
    await page.evaluate((t) => localStorage.setItem('ga-token', t), token);
    const planning = `${server.base}/dashboard/villages/${villageId}/planning`;
    await timedLoad(page, planning);
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 30_000 });
    // Once more with the worker in control, so both series start from the same warm state.
    await timedLoad(page, planning);

    console.log(
      `Démarrage à chaud du planning (4 aides), ${RUNS} rechargements par série (Chromium ${context.browser()?.version() ?? ''}, build de production, worker actif)`,
    );
    console.log('Mesure : du début de la navigation à la première aide dans le DOM (performance.now() et MutationObserver dans la page).');
    const online = report('serveur joignable', await series(page, planning));
    await server.stop();
    const offline = report('serveur arrêté   ', await series(page, planning));
    const ratio = offline.median / TARGET_MS;
    console.log(
      `\nHors ligne : médiane ${offline.median.toFixed(0)} ms, p90 ${offline.p90.toFixed(0)} ms pour une cible de ${TARGET_MS} ms (rapport ${ratio.toFixed(2)}, p90 ${(offline.p90 / TARGET_MS).toFixed(2)}) : ${offline.p90 <= TARGET_MS ? 'tenue' : 'MANQUÉE'} ; hors ligne ÷ en ligne ${(offline.median / online.median).toFixed(2)}.`,
    );
    console.log(
      `Charge de la machine (1, 5, 15 min) : ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    await context.close();
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
