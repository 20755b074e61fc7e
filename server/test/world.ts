import pino from 'pino';
import { v7 as uuidv7 } from 'uuid';
import { afterAll } from 'vitest';
import { createApp } from '../app';
import type { Clock, Deps } from '../deps';
import { sessions, users, villagers } from '../db/schema';
import { createMemoryMailer } from '../mail/mailer';
import { runScheduledMail } from '../mail/scheduled';
import { createMailDispatcher } from '../mail/dispatcher';
import { createMemoryStore } from '../files/store';
import { hashPassword, TEST_PASSWORD_COST } from '../auth/passwords';
import { newToken } from '../auth/tokens';
import { createTestDatabase } from './test-database';
import { touchVillage } from '../actions/record';

export const TEST_PASSWORD = 'motdepasse-de-test';
let passwordHash: Promise<string> | undefined;

export interface TestUser {
  id: string;
  email: string;
  token: string;
  firstName: string;
}

export interface Answer {
  status: number;
  body: ReturnType<typeof JSON.parse>; // JSON.parse's answer as is: each test reads into the body it expects
  headers: Headers;
}

/** A settable clock: tests move time instead of waiting for it. */
export function testClock(start = new Date('2026-11-20T09:00:00Z')): Clock & { set(d: Date): void; advance(ms: number): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    set: (d) => (now = d.getTime()),
    advance: (ms) => (now += ms),
  };
}

/**
 * One test file's world: its own database, mailbox, file store and clock, and the app built on them.
 * Closed after the file's tests.
 */
export async function createWorld(overrides: Partial<Deps> = {}) {
  const database = await createTestDatabase();
  const mail = createMemoryMailer();
  const files = createMemoryStore();
  const clock = testClock();
  const deps: Deps = {
    db: database.db,
    mail,
    files,
    clock,
    publicUrl: 'http://localhost:3333',
    logger: pino({ level: 'silent' }),
    listen: database.listen,
    passwordCost: TEST_PASSWORD_COST,
    ...overrides,
  };
  const app = createApp(deps);
  afterAll(() => database.close());
  // No timer and no LISTEN: a test sends the queued mails when it chooses, on its own clock.
  const mailDispatcher = createMailDispatcher({
    db: database.db,
    mailer: deps.mail,
    clock,
    logger: deps.logger,
    publicUrl: deps.publicUrl,
  });
  /** Sends every mail due by the test clock, as the dispatcher of a running server would; answers how many went. */
  const deliverMail = () => mailDispatcher.runDue();
  /** Queues the mails the clock makes due (reminders, digests), as each running instance does every minute; answers how many. */
  const runScheduledMails = () => runScheduledMail(database.db, clock.now(), deps.logger);

  async function request(
    method: string,
    path: string,
    options: { token?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body = options.body;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const res = await app.request(path, { method, headers, body });
    const raw = await res.text();
    let parsed: unknown = raw;
    try {
      parsed = raw ? JSON.parse(raw) : null;
    } catch {
      // not JSON: kept as text
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  let counter = 0;
  /**
   * A signed-in user, written straight to the database (registering through the API is tested on its own),
   * with a verified address unless told otherwise: most tests are not about verification.
   */
  async function user(firstName = 'Utilisateur', options: { verified?: boolean } = {}): Promise<TestUser> {
    counter += 1;
    const id = uuidv7();
    const email = `${firstName.toLowerCase()}.${counter}.${id.slice(-6)}@exemple.fr`;
    passwordHash ??= hashPassword(TEST_PASSWORD, deps.passwordCost);
    await database.db.insert(users).values({
      id,
      email,
      passwordHash: await passwordHash,
      firstName,
      lastName: 'Test',
      emailVerifiedAt: options.verified === false ? null : clock.now(),
    });
    const { token, hash } = newToken();
    await database.db.insert(sessions).values({ tokenHash: hash, userId: id, lastUsedAt: clock.now() });
    return { id, email, token, firstName };
  }

  /** A village through the API, opened (state 3) unless told otherwise; answers its id, share code and creator's villager. */
  async function village(creator: TestUser, options: { mode?: 1 | 2; state?: 1 | 2 | 3 } = {}) {
    const created = await request('POST', '/v1/villages', {
      token: creator.token,
      json: { creation_mode: options.mode ?? 2, first_name: 'Jeanne', name: 'Le village de Jeanne' },
    });
    if (created.status !== 201) throw new Error(`village not created: ${JSON.stringify(created.body)}`);
    const id: string = created.body.data.id;
    const creatorVillagerId: string = created.body.data.villagers[0].id;
    const state = options.state ?? 3;
    if (state >= 2) await request('PUT', `/v1/villages/${id}/fc`, { token: creator.token, json: { creator_id: creatorVillagerId } });
    if (state >= 3) await request('PUT', `/v1/villages/${id}/vo`, { token: creator.token, json: { villager_id: creatorVillagerId } });
    return { id, shareCode: created.body.data.share_code as string, creatorVillagerId };
  }

  /** Joins as helper through the API; answers the new villager's id. */
  async function join(helper: TestUser, shareCode: string): Promise<string> {
    const joined = await request('PUT', '/v1/villages/join/helper', { token: helper.token, json: { share_code: shareCode } });
    if (joined.status >= 300) throw new Error(`join failed: ${JSON.stringify(joined.body)}`);
    return joined.body.data.id;
  }

  /** Claire's open village with Hugo joined as a helper: the cast most tests of a village's writes need. */
  async function villageWithHelper() {
    const creator = await user('Claire');
    const helper = await user('Hugo');
    const opened = await village(creator);
    const helperVillager = await join(helper, opened.shareCode);
    return { creator, helper, village: opened, helperVillager };
  }

  /**
   * Marks a member as the needy person. No call of the spec does it for a member who is not the creator
   * (mode 1 makes the creator needy), so the test writes it directly to check the policy for that role.
   */
  async function makeNeedy(villagerId: string) {
    const { eq } = await import('drizzle-orm');
    const [row] = await database.db.update(villagers).set({ isNeedy: true }).where(eq(villagers.id, villagerId)).returning();
    // As every write does: the village's revision moves and the servers' caches hear of it.
    await touchVillage(database.db, row.villageId, clock.now());
  }

  return {
    app,
    deps,
    db: database.db,
    mail,
    deliverMail,
    runScheduledMails,
    files,
    clock,
    request,
    user,
    village,
    join,
    villageWithHelper,
    makeNeedy,
  };
}
export type World = Awaited<ReturnType<typeof createWorld>>;
