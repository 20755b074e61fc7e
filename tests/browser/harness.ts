/**
 * Browser tests' world: the real server as `npm start` runs it, on a data directory (a copy of the run's
 * migrated template, tests/support/server-start.ts) and a port of its own, and Debian's Chromium driven by
 * playwright-core with a fresh profile. Each test file makes its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, afterEach, expect } from 'vitest';
import { phoneContext, watchContentSecurityPolicy } from '../support/chromium';
import { stopChild } from '../support/child-process';
import { freePort } from '../support/free-port';
import { seedDataDir, serverCommand } from '../support/server-start';
import { runAppBuild } from './pwa-build';

export interface AppServer {
  base: string;
  port: number;
  dataDir: string;
  /** Starts (again) the server process on the same port and data: stopping it is the surest "offline". */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The mails written to DATA_DIR/mail, oldest first, as raw .eml text. */
  mails(): Promise<string[]>;
  output(): string;
}

/** The app (the run's build unless DIST_DIR says) and its API on one origin, on a fresh embedded database. */
export async function startApp(env: Record<string, string> = {}): Promise<AppServer> {
  env = { DIST_DIR: runAppBuild(), ...env };
  const dataDir = await mkdtemp(join(tmpdir(), 'village-browser-'));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  let child: ChildProcess | undefined;
  let output = '';
  const server: AppServer = {
    base,
    port,
    dataDir,
    async start() {
      if (!env.DATABASE_URL) await seedDataDir(dataDir);
      const { command, args, cwd, env: testEnv } = serverCommand();
      child = spawn(command, args, {
        cwd,
        env: { ...process.env, ...testEnv, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'warn', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (d) => (output += d));
      child.stderr!.on('data', (d) => (output += d));
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
        try {
          if ((await fetch(`${base}/v1/health`)).ok) return;
        } catch {
          // not up yet
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      // Not left running on the port and data directory.
      await stopChild(child, 'SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    },
    async stop() {
      if (child) await stopChild(child);
    },
    async mails() {
      const dir = join(dataDir, 'mail');
      const names = (await readdir(dir).catch(() => [] as string[])).sort();
      return Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')));
    },
    output: () => output,
  };
  // Registered before the first start: a start that fails or times out still leaves no server behind.
  afterAll(async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });
  await server.start();
  return server;
}

/**
 * Chromium with a fresh profile (persistent, so that service workers and storage behave as installed). A test
 * fails on any Content-Security-Policy violation in its pages or service workers (the server's policy must
 * allow everything the app does); `cspViolations` hands over those seen so far, for a test that makes one.
 */
export async function openBrowser(): Promise<{ context: BrowserContext; browser: Browser | null; cspViolations: () => string[] }> {
  const profile = await mkdtemp(join(tmpdir(), 'village-chromium-'));
  const context = await chromium.launchPersistentContext(profile, phoneContext);
  const cspViolations = watchContentSecurityPolicy(context);
  afterEach(() => expect(cspViolations(), 'Content-Security-Policy violations').toEqual([]));
  afterAll(async () => {
    const late = cspViolations();
    await context.close();
    await rm(profile, { recursive: true, force: true });
    expect(late, 'Content-Security-Policy violations').toEqual([]);
  });
  return { context, browser: context.browser(), cspViolations };
}

/** A user registered through the API (fast path for tests whose subject is not registration). */
export async function registerUser(base: string, who: { email: string; password: string; first_name: string; last_name: string }) {
  const res = await fetch(`${base}/v1/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return (await res.json()).data as { token: string; user: { id: string } };
}

/** One call to the API as a given user (test set-up and checks, not the subject under test). */
export async function api(base: string, token: string, method: string, path: string, json?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** An open village (state 3) created through the API; answers its id, share code and the creator's villager id. */
export async function createOpenVillage(base: string, token: string, fields: Record<string, unknown> = {}) {
  const created = await api(base, token, 'POST', '/v1/villages', {
    creation_mode: 2,
    first_name: 'Jeanne',
    name: 'Le village de Jeanne',
    ...fields,
  });
  if (created.status !== 201) throw new Error(`village not created: ${JSON.stringify(created.body)}`);
  const id: string = created.body.data.id;
  const villagerId: string = created.body.data.villagers[0].id;
  await api(base, token, 'PUT', `/v1/villages/${id}/fc`, { creator_id: villagerId });
  await api(base, token, 'PUT', `/v1/villages/${id}/vo`, { villager_id: villagerId });
  return { id, shareCode: created.body.data.share_code as string, villagerId };
}

/**
 * Claire's open village that Hugo, a helper, has joined by its share code (`tag` keeps their addresses apart
 * within a file): the world most tests of a village's screens start from.
 */
export async function villageWithHelper(base: string, tag: string) {
  const password = 'motdepasse-solide-1';
  const claire = await registerUser(base, { email: `${tag}-claire@example.org`, password, first_name: 'Claire', last_name: 'Durand' });
  const village = await createOpenVillage(base, claire.token);
  const hugo = await registerUser(base, { email: `${tag}-hugo@example.org`, password, first_name: 'Hugo', last_name: 'Bernard' });
  const joined = await api(base, hugo.token, 'PUT', '/v1/villages/join/helper', { share_code: village.shareCode });
  if (joined.status >= 300) throw new Error(`join failed: ${JSON.stringify(joined.body)}`);
  return { claire, hugo, village, hugoVillagerId: joined.body.data.id as string };
}
