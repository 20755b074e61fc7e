import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stopsChildrenAfterEachTest } from '../support/child-process';
import { freePort } from '../support/free-port';

// The real entry point, as `npm start` runs it, on a data directory of its own.
const root = join(import.meta.dirname, '..', '..');
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});
// Every server a test starts is stopped after it, also when the test times out or fails before its own stop.
const stoppedAfterTheTest = stopsChildrenAfterEachTest();

/** package.json's `start`, run as npm runs it: a shell (replaced by the command), node_modules/.bin first on the PATH. */
const npmStart = async (env: Record<string, string>) => {
  const command = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')).scripts.start as string;
  return stoppedAfterTheTest(
    spawn(`exec ${command}`, {
      shell: true,
      cwd: root,
      env: { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH}`, LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
};

/** The entry point through tsx, as the other tests and the benchmarks start it. */
const start = (env: Record<string, string>) =>
  watch(
    stoppedAfterTheTest(
      spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        env: { ...process.env, LOG_LEVEL: 'info', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    ),
  );

function watch(child: ChildProcess) {
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitUntilUp(base: string, server: { exited: Promise<unknown>; output(): string }) {
  const deadline = Date.now() + 60_000;
  let ended = false;
  void server.exited.then(() => (ended = true));
  while (Date.now() < deadline && !ended) {
    try {
      if ((await fetch(`${base}/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start:\n${server.output()}`);
}

/** pino's lines at level error (50) or fatal (60). */
const errorLines = (output: string) => output.split('\n').filter((line) => /"level":(50|60)\b/.test(line));

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('npm start', () => {
  it('refuses a wrong setting with a clear message', async () => {
    const server = start({ PORT: 'abc', DATABASE_URL: 'mysql://nope', MAIL_FROM: 'Village sans adresse' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT : PORT doit être un nombre');
    expect(server.output()).toContain('DATABASE_URL : DATABASE_URL doit commencer par postgres: ou postgresql://');
    expect(server.output()).toContain('MAIL_FROM : MAIL_FROM doit être une adresse, par exemple « Village <no-reply@exemple.fr> »');
  });

  it('serves the API on its data directory, mails to .eml files, and stops cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'village-start-'));
    dirs.push(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: 'https://village.example' };
    // A photo an earlier version kept on disk: moved into the database at start, then served from there.
    const oldPhoto = { key: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.webp', bytes: Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ') };
    await mkdir(join(dataDir, 'uploads'));
    await writeFile(join(dataDir, 'uploads', oldPhoto.key), oldPhoto.bytes);
    const first = start(env);
    await waitUntilUp(base, first);
    const photo = await fetch(`${base}/uploads/${oldPhoto.key}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await photo.arrayBuffer()).equals(oldPhoto.bytes)).toBe(true);
    await expect(readdir(join(dataDir, 'uploads'))).rejects.toThrow();

    const reset = await post(`${base}/v1/auth/register`, {
      email: 'ines@exemple.fr',
      password: 'motdepasse1',
      first_name: 'Inès',
      last_name: 'Morel',
    });
    expect(reset.status).toBe(201);
    expect((await post(`${base}/v1/auth/reset-password`, { email: 'ines@exemple.fr' })).status).toBe(204);
    // Queued with the reset token, the mail is written by the server's mail dispatcher just after.
    const outbox = () => readdir(join(dataDir, 'mail')).catch(() => [] as string[]);
    // The sign-up's verification mail and the reset mail.
    await expect.poll(async () => (await outbox()).length).toBe(2);
    const mails = await Promise.all((await outbox()).map((name) => readFile(join(dataDir, 'mail', name), 'utf8')));
    const eml = mails.find((mail) => mail.includes('/auth/reset-password/')) ?? '';
    expect(mails.some((mail) => /https:\/\/village\.example\/auth\/verify-email\/[A-Za-z0-9_-]{20,}/.test(mail))).toBe(true);
    expect(eml).toMatch(/^To: ines@exemple\.fr$/m);
    expect(eml).toMatch(/^From: Village <no-reply@localhost>$/m);
    expect(eml).toMatch(/^Message-ID: <[0-9a-f-]{36}@village\.example>$/m);
    expect(eml).toMatch(/https:\/\/village\.example\/auth\/reset-password\/[A-Za-z0-9_-]{20,}/);

    // A request in flight when SIGTERM arrives (registering hashes a password: it takes a while) still gets its answer.
    const inFlight = post(`${base}/v1/auth/register`, {
      email: 'paul@exemple.fr',
      password: 'motdepasse2',
      first_name: 'Paul',
      last_name: 'Morel',
    });
    await new Promise((r) => setTimeout(r, 100));
    first.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(201);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('stopped cleanly');
    // Nothing at error level on the way out: the mail queued by that request and the other background runs
    // end before the database closes.
    expect(errorLines(first.output())).toEqual([]);

    // Nothing was lost: the account made during shutdown is there after a restart.
    const second = start(env);
    await waitUntilUp(base, second);
    const login = await post(`${base}/v1/auth/login`, { email: 'paul@exemple.fr', password: 'motdepasse2' });
    expect(login.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(errorLines(second.output())).toEqual([]);
    // Two starts of the server through tsx and three passwords hashed at the production cost: 45 s at a load of
    // 8.5 on 2 cores (each start may take up to waitUntilUp's 60 s before the test says why it failed).
  }, 120_000);

  it("serves with `npm start`'s own command: the server's build, run by plain Node", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'village-npm-start-'));
    dirs.push(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // An empty DIST_DIR: the API alone, so this test never rebuilds the repository's dist/ for the app.
    const env = { PORT: String(port), DATA_DIR: dataDir, DIST_DIR: dataDir };
    const server = watch(await npmStart(env));
    await waitUntilUp(base, server);
    expect(server.output()).toContain('Village écoute sur');
    const register = await post(`${base}/v1/auth/register`, {
      email: 'lea@exemple.fr',
      password: 'motdepasse3',
      first_name: 'Léa',
      last_name: 'Morel',
    });
    expect(register.status).toBe(201);
    expect((await post(`${base}/v1/auth/login`, { email: 'lea@exemple.fr', password: 'motdepasse3' })).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('stopped cleanly');
    expect(errorLines(server.output())).toEqual([]);
    // A start of the server's build and two passwords hashed at the production cost: 17 s at a load of 8.5 on 2 cores.
  }, 120_000);
});
