import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { parseMail } from '../../server/test/parse-mail';
import { entryPoint, errorLines, post, waitUntilUp } from './entry-point-process';

// The real entry point on a data directory of its own; `npm start`'s own command (the server's build) is
// npm-start-build.test.ts, a file of its own so that the two workers run them at once.
const { dataDir: newDataDir, start } = entryPoint();

describe('npm start', () => {
  it('refuses a wrong setting with a clear message', async () => {
    const server = start({ PORT: 'abc', DATABASE_URL: 'mysql://nope', MAIL_FROM: 'Village sans adresse' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT\u00a0: PORT doit être un nombre');
    expect(server.output()).toContain('DATABASE_URL\u00a0: DATABASE_URL doit commencer par postgres: ou postgresql://');
    expect(server.output()).toContain(
      'MAIL_FROM\u00a0: MAIL_FROM doit être une adresse, par exemple «\u00a0Village <no-reply@exemple.fr>\u00a0»',
    );
  });

  it('serves the API on its data directory, mails to .eml files, and stops cleanly on SIGTERM', async () => {
    const dataDir = await newDataDir('village-start-');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // An empty DIST_DIR: the API alone. Otherwise a start finding dist/ older than the sources builds the app in
    // the server's process, at the same time as another file's start may build it into the same dist/.
    const noApp = await newDataDir('village-no-app-');
    const env = { PORT: String(port), DATA_DIR: dataDir, DIST_DIR: noApp, PUBLIC_URL: 'https://village.example' };
    // A photo an earlier version kept on disk: moved into the database at start, then served from there.
    const oldPhoto = { key: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.webp', bytes: Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ') };
    await mkdir(join(dataDir, 'uploads'));
    await writeFile(join(dataDir, 'uploads', oldPhoto.key), oldPhoto.bytes);
    const first = start(env);
    await waitUntilUp(base, first);
    // The fresh data directory was made by a child process that exited (server/db/fresh-pglite.ts): PGlite's
    // initdb left about 780 MiB resident in the server for its whole life before, against 150–250 after.
    const status = await readFile(`/proc/${first.child.pid}/status`, 'utf8');
    const rssMib = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]) / 1024;
    expect(rssMib).toBeGreaterThan(0);
    expect(rssMib).toBeLessThan(500);
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
    await expect.poll(async () => (await outbox()).length, { timeout: 10_000 }).toBe(2);
    const mails = await Promise.all((await outbox()).map((name) => readFile(join(dataDir, 'mail', name), 'utf8')));
    const eml = mails.find((mail) => mail.includes('/auth/reset-password/')) ?? '';
    // Its body decoded: a French text with non-breaking spaces may be sent in base64 rather than quoted-printable.
    expect(
      mails.some((mail) => /https:\/\/village\.example\/auth\/verify-email\/[A-Za-z0-9_-]{20,}/.test(parseMail(mail).text ?? '')),
    ).toBe(true);
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
});
