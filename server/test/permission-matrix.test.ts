/**
 * The permission matrix: every call of the API × the eight kinds of caller, each with the status the
 * policy must give. Every row gets its own village with every role in it (a "scene"); write-once calls
 * (fc, vo) get one per case, and calls that consume something (a need, a help, a member to ban, a
 * session) prepare it first. Every refused write is checked to have changed nothing in the database.
 *
 * One scene is built through the API (joins, a ban, a leave, a need, helps); the others are copies of
 * its rows under new ids, with the same people, which costs a few inserts instead of a dozen calls.
 * Rows whose calls change the people themselves (deleting one's account) or list every village of a
 * person get a scene of their own through the API.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { actions, helps, newsPosts, sessions, users, villageNeeds, villagers, villages } from '../db/schema';
import { newToken } from '../auth/tokens';
import { newShareCode } from '../villages/share-code';
import { createWorld, TEST_PASSWORD, type Answer, type TestUser, type World } from './world';

/** A co-organiser is a helper the creator made a manager (PUT …/villagers/{id}, is_manager). */
const ROLES = ['anonymous', 'outsider', 'banned', 'left', 'helper', 'coorganiser', 'needy', 'creator'] as const;
type Role = (typeof ROLES)[number];
type Member = 'banned' | 'left' | 'helper' | 'coorganiser' | 'needy' | 'creator';
type Statuses = [
  anonymous: number,
  outsider: number,
  banned: number,
  left: number,
  helper: number,
  coorganiser: number,
  needy: number,
  creator: number,
];

/** The expected statuses, in the order of ROLES. */
const statuses = (...s: Statuses) => Object.fromEntries(ROLES.map((role, i) => [role, s[i]])) as Record<Role, number>;
const READERS = statuses(401, 403, 403, 403, 200, 200, 200, 200);
const MANAGERS = statuses(401, 403, 403, 403, 403, 200, 200, 200);
/** The creator and the needy person only: naming co-organisers. */
const APPOINTERS = statuses(401, 403, 403, 403, 403, 403, 200, 200);
const SIGNED_IN = statuses(401, 200, 200, 200, 200, 200, 200, 200);
/** Someone acting in another's name: refused whoever they are. */
const NOBODY = statuses(401, 403, 403, 403, 403, 403, 403, 403);
const with201 = (s: Record<Role, number>) => mapStatuses(s, (n) => (n === 200 ? 201 : n));
const with204 = (s: Record<Role, number>) => mapStatuses(s, (n) => (n === 200 ? 204 : n));
function mapStatuses(s: Record<Role, number>, f: (n: number) => number) {
  return Object.fromEntries(ROLES.map((r) => [r, f(s[r])])) as Record<Role, number>;
}

let world: World;
let png: Buffer;
beforeAll(async () => {
  world = await createWorld();
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
});

/** A village (mode 2, so its creator is not needy) with one user in each role, a need and some helps. */
interface Scene {
  villageId: string;
  shareCode: string;
  users: Record<Exclude<Role, 'anonymous'>, TestUser>;
  villagerIds: Record<Member, string>;
  needId: string;
  /** Helps added by these villagers while they were active (the banned and left ones' were released since). */
  helpOf: Record<'banned' | 'left' | 'helper', string>;
}

/** Who calls, and the ids they send: their own where they have one, someone else's otherwise. */
interface Actor {
  role: Role;
  token?: string;
  userId: string;
  villagerId: string;
  /** Another active villager's id of the same village, to act in someone else's name. */
  otherVillagerId: string;
  otherUserId: string;
}

const START = '2026-12-01T10:00:00.000Z';

async function ok(answer: Promise<Answer>, what: string): Promise<Answer> {
  const res = await answer;
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

async function addNeed(villageId: string, creator: TestUser, creatorVillagerId: string, name = 'Courses du mardi') {
  const res = await ok(
    world.request('POST', `/v1/villages/${villageId}/needs`, { token: creator.token, json: { villager_id: creatorVillagerId, name } }),
    'need',
  );
  return res.body.data.id as string;
}

async function addHelp(s: Scene, token: string, helperId: string) {
  const res = await ok(
    world.request('POST', `/v1/villages/${s.villageId}/needs/${s.needId}/helps`, {
      token,
      json: { helper_id: helperId, start_date: START },
    }),
    'help',
  );
  return res.body.data.id as string;
}

const setRole = (villageId: string, token: string, updaterId: string, villagerId: string, isManager: boolean) =>
  world.request('PUT', `/v1/villages/${villageId}/villagers/${villagerId}`, {
    token,
    json: { is_manager: isManager, updater_id: updaterId },
  });

/** A second session for a user, for calls that end the one they are made with. */
async function newSession(userId: string) {
  const { token, hash } = newToken();
  await world.db.insert(sessions).values({ tokenHash: hash, userId, lastUsedAt: world.clock.now() });
  return token;
}

async function buildScene(): Promise<Scene> {
  const [creator, helper, needy, banned, left, outsider, coorganiser] = await Promise.all(
    ['Camille', 'Hugo', 'Nadia', 'Bruno', 'Lea', 'Olivier', 'Corinne'].map((name) => world.user(name)),
  );
  const village = await world.village(creator, { mode: 2, state: 3 });
  const villagerIds: Record<Member, string> = {
    creator: village.creatorVillagerId,
    helper: await world.join(helper, village.shareCode),
    coorganiser: await world.join(coorganiser, village.shareCode),
    needy: await world.join(needy, village.shareCode),
    banned: await world.join(banned, village.shareCode),
    left: await world.join(left, village.shareCode),
  };
  await world.makeNeedy(villagerIds.needy);
  await ok(setRole(village.id, creator.token, villagerIds.creator, villagerIds.coorganiser, true), 'co-organiser');
  const needId = await addNeed(village.id, creator, villagerIds.creator);
  const scene: Scene = {
    villageId: village.id,
    shareCode: village.shareCode,
    users: { creator, helper, coorganiser, needy, banned, left, outsider },
    villagerIds,
    needId,
    helpOf: { banned: '', left: '', helper: '' },
  };
  for (const role of ['banned', 'left', 'helper'] as const) {
    scene.helpOf[role] = await addHelp(scene, scene.users[role].token, villagerIds[role]);
  }
  await ok(
    world.request('DELETE', `/v1/villages/${village.id}/villagers/${villagerIds.banned}?deleter_id=${villagerIds.creator}`, {
      token: creator.token,
    }),
    'ban',
  );
  await ok(world.request('PUT', `/v1/villages/${village.id}/villagers/${villagerIds.left}/leave`, { token: left.token }), 'leave');
  return scene;
}

let template: Promise<{ scene: Scene; village: typeof villages.$inferSelect; rows: TemplateRows }> | undefined;
interface TemplateRows {
  villagers: (typeof villagers.$inferSelect)[];
  needs: (typeof villageNeeds.$inferSelect)[];
  helps: (typeof helps.$inferSelect)[];
  actions: (typeof actions.$inferSelect)[];
}

/** A new village, copied from the one scene built through the API: same people, same roles, new ids. */
async function cloneScene(state: 1 | 2 | 3 = 3): Promise<Scene> {
  template ??= (async () => {
    const scene = await buildScene();
    const db = world.db;
    const [village] = await db.select().from(villages).where(eq(villages.id, scene.villageId));
    const rows = {
      villagers: await db.select().from(villagers).where(eq(villagers.villageId, scene.villageId)),
      needs: await db.select().from(villageNeeds).where(eq(villageNeeds.villageId, scene.villageId)),
      helps: await db.select().from(helps).where(eq(helps.villageId, scene.villageId)),
      actions: await db.select().from(actions).where(eq(actions.villageId, scene.villageId)),
    };
    return { scene, village, rows };
  })();
  const t = await template;
  const ids = new Map<string, string>();
  const newId = (old: string) => {
    if (!ids.has(old)) ids.set(old, uuidv7());
    return ids.get(old)!;
  };
  const villageId = newId(t.village.id);
  const shareCode = newShareCode();
  await world.db.transaction(async (tx) => {
    await tx.insert(villages).values({ ...t.village, id: villageId, shareCode, state, revision: 1 });
    await tx.insert(villagers).values(t.rows.villagers.map((v) => ({ ...v, id: newId(v.id), villageId })));
    await tx.insert(villageNeeds).values(t.rows.needs.map((n) => ({ ...n, id: newId(n.id), villageId })));
    await tx
      .insert(helps)
      .values(
        t.rows.helps.map((h) => ({ ...h, id: newId(h.id), villageId, villageNeedId: newId(h.villageNeedId), helperId: newId(h.helperId) })),
      );
    await tx
      .insert(actions)
      .values(t.rows.actions.map((a) => ({ ...a, id: uuidv7(), villageId, villagerId: a.villagerId && newId(a.villagerId) })));
  });
  const { scene } = t;
  return {
    villageId,
    shareCode,
    users: scene.users,
    villagerIds: Object.fromEntries(Object.entries(scene.villagerIds).map(([role, id]) => [role, newId(id)])) as Scene['villagerIds'],
    needId: newId(scene.needId),
    helpOf: Object.fromEntries(Object.entries(scene.helpOf).map(([role, id]) => [role, newId(id)])) as Scene['helpOf'],
  };
}

/** Signing in checks the password at the parameters stored with its hash: cheap ones keep the test fast. */
let cheapHash: string | undefined;
async function withCheapPassword(userId: string) {
  if (!cheapHash) {
    const salt = randomBytes(16);
    const hash = scryptSync(TEST_PASSWORD.normalize('NFKC'), salt, 32, { N: 1024, r: 8, p: 1 });
    cheapHash = ['scrypt', 1024, 8, 1, salt.toString('base64'), hash.toString('base64')].join('$');
  }
  await world.db.update(users).set({ passwordHash: cheapHash }).where(eq(users.id, userId));
}

function actorFor(s: Scene, role: Role): Actor {
  const { creator, needy } = s.villagerIds;
  if (role === 'anonymous') {
    return { role, userId: s.users.creator.id, villagerId: creator, otherVillagerId: creator, otherUserId: s.users.creator.id };
  }
  const user = s.users[role];
  const base = { role, token: user.token, userId: user.id };
  if (role === 'outsider') return { ...base, villagerId: creator, otherVillagerId: creator, otherUserId: s.users.creator.id };
  return {
    ...base,
    villagerId: s.villagerIds[role],
    otherVillagerId: role === 'creator' ? needy : creator,
    otherUserId: role === 'creator' ? s.users.helper.id : s.users.creator.id,
  };
}

/** Everything a call could change, read straight from the database in one query. */
async function snapshot(s: Scene) {
  const id = s.villageId;
  const people = sql.join(
    Object.values(s.users).map((u) => sql`${u.id}`),
    sql`, `,
  );
  const rowsOf = (table: string, where: ReturnType<typeof sql>, order: string) =>
    sql`(select coalesce(json_agg(t order by t.${sql.raw(order)}), '[]'::json) from ${sql.raw(table)} t where ${where})`;
  const result = await world.db.execute(sql`select json_build_object(
    'village', (select row_to_json(t) from villages t where t.id = ${id}),
    'villagers', ${rowsOf('villagers', sql`t.village_id = ${id}`, 'id')},
    'needs', ${rowsOf('village_needs', sql`t.village_id = ${id}`, 'id')},
    'helps', ${rowsOf('helps', sql`t.village_id = ${id}`, 'id')},
    'actions', ${rowsOf('actions', sql`t.village_id = ${id}`, 'id')},
    'users', ${rowsOf('users', sql`t.id in (${people})`, 'id')},
    'news', ${rowsOf('news_posts', sql`t.village_id = ${id}`, 'id')},
    'news_photos', ${rowsOf('news_photos', sql`t.news_id in (select id from news_posts where village_id = ${id})`, 'id')},
    'news_hearts', ${rowsOf('news_hearts', sql`t.news_id in (select id from news_posts where village_id = ${id})`, 'villager_id')},
    'news_comments', ${rowsOf('news_comments', sql`t.news_id in (select id from news_posts where village_id = ${id})`, 'id')},
    'sessions', ${rowsOf('sessions', sql`t.user_id in (${people})`, 'token_hash')},
    'totals', json_build_array(
      (select count(*) from villages), (select count(*) from villagers), (select count(*) from village_needs),
      (select count(*) from helps), (select count(*) from actions), (select count(*) from users),
      (select count(*) from sessions), (select count(*) from reset_tokens)
    )
  ) as snap`);
  return { db: (result as unknown as { rows: { snap: unknown }[] }).rows[0].snap, files: [...world.files.files.keys()].sort() };
}

type Ctx = Record<string, string>;
interface Call {
  /** The call as the spec writes it, e.g. `PUT /v1/villages/{id}/fc`. */
  call: string;
  /** What is special about this row, e.g. "with someone else's updater_id". */
  variant?: string;
  expect: Partial<Record<Role, number>>;
  /** A new scene for every case instead of one for the row (write-once calls). */
  fresh?: boolean;
  /** A scene built through the API with people of its own, not a copy sharing the template's people. */
  ownPeople?: boolean;
  /** The state the village is copied in: 3 (open) unless told. */
  state?: 1 | 2 | 3;
  /** Builds what the case consumes, before the database is snapshotted. */
  prepare?: (s: Scene, a: Actor) => Promise<Ctx>;
  run: (s: Scene, a: Actor, ctx: Ctx) => Promise<Answer>;
  /** More about the answer or its effect, once the status is right. */
  check?: (s: Scene, a: Actor, res: Answer, ctx: Ctx) => Promise<void> | void;
  /** Also check that nothing changed on these successful statuses (an idempotent no-op). */
  noOpOn?: Partial<Record<Role, true>>;
}

const req = (a: Actor, method: string, path: string, options: { json?: unknown; body?: BodyInit } = {}) =>
  world.request(method, path, { ...options, token: a.token });

const photoForm = (fields: Record<string, string> = {}) => {
  const form = new FormData();
  form.set('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
};

/** The scene's village is listed to active members only. */
const listsTheVillage = (s: Scene, a: Actor, res: Answer) => {
  const ids = (res.body.data as { id: string }[]).map((v) => v.id);
  const active = a.role === 'helper' || a.role === 'coorganiser' || a.role === 'needy' || a.role === 'creator';
  expect(ids.includes(s.villageId)).toBe(active);
};

const helpPath = (s: Scene, ctx: Ctx) => `/v1/villages/${s.villageId}/helps/${ctx.helpId}`;

/** A help to remove: the caller's own if they are or were a member, the helper's otherwise. */
const ownHelp = async (s: Scene, a: Actor): Promise<Ctx> => {
  if (a.role === 'banned' || a.role === 'left') return { helpId: s.helpOf[a.role] };
  if (a.role === 'helper' || a.role === 'coorganiser' || a.role === 'needy' || a.role === 'creator') {
    return { helpId: await addHelp(s, a.token!, a.villagerId) };
  }
  return { helpId: await addHelp(s, s.users.helper.token, s.villagerIds.helper) };
};
const helpersHelp = async (s: Scene): Promise<Ctx> => ({ helpId: await addHelp(s, s.users.helper.token, s.villagerIds.helper) });
const freshNeed = async (s: Scene): Promise<Ctx> => ({
  needId: await addNeed(s.villageId, s.users.creator, s.villagerIds.creator, 'À retirer'),
});
/** A new helper, to be banned. */
const freshMember = async (s: Scene): Promise<Ctx> => {
  const target = await world.user('Cible');
  return { targetId: await world.join(target, s.shareCode) };
};

/** A new helper the creator names co-organiser: to be removed, or to lose the role. */
const freshCoOrganiser = async (s: Scene): Promise<Ctx> => {
  const { targetId } = await freshMember(s);
  await ok(setRole(s.villageId, s.users.creator.token, s.villagerIds.creator, targetId, true), 'co-organiser');
  return { targetId };
};
/** Another member's help, whoever calls (for the helper, not their own). */
const anotherMembersHelp = async (s: Scene): Promise<Ctx> => {
  const other = await world.user('Autre');
  const otherId = await world.join(other, s.shareCode);
  return { helpId: await addHelp(s, other.token, otherId), ownerId: otherId };
};
/** A post by the creator, for the calls on a post. */
const creatorsPost = async (s: Scene): Promise<Ctx> => {
  const res = await ok(
    world.request('POST', `/v1/villages/${s.villageId}/news`, {
      token: s.users.creator.token,
      json: { author_id: s.villagerIds.creator, body: 'Maman va mieux.' },
    }),
    'news',
  );
  return { newsId: res.body.data.id };
};
const newsPath = (s: Scene, ctx: Ctx) => `/v1/villages/${s.villageId}/news/${ctx.newsId}`;
/** A comment on the creator's post: the caller's own when they are an active member, the helper's otherwise. */
const commentBy = async (s: Scene, a: Actor, own: boolean): Promise<Ctx> => {
  const ctx = await creatorsPost(s);
  const active = a.role === 'helper' || a.role === 'coorganiser' || a.role === 'needy' || a.role === 'creator';
  const [token, authorId] = own && active ? [a.token!, a.villagerId] : [s.users.helper.token, s.villagerIds.helper];
  const res = await ok(
    world.request('POST', `${newsPath(s, ctx)}/comments`, { token, json: { author_id: authorId, body: 'Courage !' } }),
    'comment',
  );
  return { ...ctx, commentId: res.body.data.id };
};
const newsRow = async (id: string) => (await world.db.select().from(newsPosts).where(eq(newsPosts.id, id)))[0];
const rolePath = (s: Scene, villagerId: string) => `/v1/villages/${s.villageId}/villagers/${villagerId}`;
const villagerRow = async (id: string) => (await world.db.select().from(villagers).where(eq(villagers.id, id)))[0];

const calls: Call[] = [
  // ---- auth: public calls, the caller's session changes nothing (no 401, no 403) ----
  {
    call: 'POST /v1/auth/login',
    expect: statuses(200, 200, 200, 200, 200, 200, 200, 200),
    prepare: async (s, a) => {
      await withCheapPassword(a.role === 'anonymous' ? s.users.outsider.id : a.userId);
      return {};
    },
    run: (s, a) => {
      const email = a.role === 'anonymous' ? s.users.outsider.email : s.users[a.role].email;
      return req(a, 'POST', '/v1/auth/login', { json: { email, password: TEST_PASSWORD } });
    },
    check: (s, a, res) => expect(res.body.data.user.id).toBe(a.role === 'anonymous' ? s.users.outsider.id : a.userId),
  },
  {
    call: 'POST /v1/auth/register',
    expect: { anonymous: 201 },
    run: (_s, a) =>
      req(a, 'POST', '/v1/auth/register', {
        json: { email: `nouveau.${Date.now()}@exemple.fr`, password: 'un-mot-de-passe-solide', first_name: 'Nouveau', last_name: 'Compte' },
      }),
  },
  {
    call: 'POST /v1/auth/logout',
    expect: with204(SIGNED_IN),
    // A second session of the caller is ended, so that the one the scene uses stays.
    prepare: async (_s, a): Promise<Ctx> => (a.role === 'anonymous' ? {} : { token: await newSession(a.userId) }),
    run: (_s, _a, ctx) => world.request('POST', '/v1/auth/logout', { token: ctx.token }),
    check: async (_s, a, _res, ctx) => {
      expect((await world.request('GET', '/v1/users/me', { token: ctx.token })).status).toBe(401);
      expect((await world.request('GET', '/v1/users/me', { token: a.token })).status).toBe(200);
    },
  },
  {
    call: 'POST /v1/auth/reset-password',
    expect: statuses(204, 204, 204, 204, 204, 204, 204, 204),
    run: (s, a) =>
      req(a, 'POST', '/v1/auth/reset-password', {
        json: { email: a.role === 'anonymous' ? s.users.outsider.email : s.users[a.role].email },
      }),
  },
  {
    call: 'POST /v1/auth/check-reset-password-token',
    variant: 'with an unknown token',
    expect: statuses(400, 400, 400, 400, 400, 400, 400, 400),
    run: (_s, a) => req(a, 'POST', '/v1/auth/check-reset-password-token', { json: { token: 'inconnu-0123456789abcdef' } }),
  },
  {
    call: 'PUT /v1/auth/change-password',
    variant: 'with an unknown token',
    expect: statuses(400, 400, 400, 400, 400, 400, 400, 400),
    run: (_s, a) =>
      req(a, 'PUT', '/v1/auth/change-password', {
        json: {
          token: 'inconnu-0123456789abcdef',
          new_password: 'un-mot-de-passe-solide',
          new_password_confirmation: 'un-mot-de-passe-solide',
        },
      }),
  },

  // ---- users: only oneself ----
  {
    call: 'GET /v1/users/me',
    expect: SIGNED_IN,
    run: (_s, a) => req(a, 'GET', '/v1/users/me'),
    check: (_s, a, res) => expect(res.body.data.id).toBe(a.userId),
  },
  {
    call: 'GET /v1/users/me/notification_settings',
    expect: SIGNED_IN,
    run: (_s, a) => req(a, 'GET', '/v1/users/me/notification_settings'),
    check: (_s, _a, res) => expect(res.body.data.email.reminders).toBe(true),
  },
  {
    call: 'PUT /v1/users/me/notification_settings',
    expect: SIGNED_IN,
    run: (_s, a) => req(a, 'PUT', '/v1/users/me/notification_settings', { json: { email: { chat: true } } }),
    check: (_s, _a, res) => expect(res.body.data.email.chat).toBe(true),
  },
  {
    call: 'PUT /v1/users/{id}',
    variant: 'own account',
    expect: SIGNED_IN,
    run: (_s, a) => req(a, 'PUT', `/v1/users/${a.userId}`, { json: { first_name: 'Renommé' } }),
    check: (_s, _a, res) => expect(res.body.data.first_name).toBe('Renommé'),
  },
  {
    call: 'PUT /v1/users/{id}',
    variant: "someone else's account",
    expect: NOBODY,
    run: (_s, a) => req(a, 'PUT', `/v1/users/${a.otherUserId}`, { json: { first_name: 'Usurpé' } }),
  },
  {
    call: 'POST /v1/users/{id}/photo',
    variant: 'own account',
    expect: SIGNED_IN,
    run: (_s, a) => req(a, 'POST', `/v1/users/${a.userId}/photo`, { body: photoForm() }),
    check: (_s, _a, res) => expect(res.body.data.photo?.original_url).toMatch(/\/uploads\//),
  },
  {
    call: 'POST /v1/users/{id}/photo',
    variant: "someone else's account",
    expect: NOBODY,
    run: (_s, a) => req(a, 'POST', `/v1/users/${a.otherUserId}/photo`, { body: photoForm() }),
  },
  {
    call: 'DELETE /v1/users/{id}',
    variant: 'own account',
    expect: with204(SIGNED_IN),
    ownPeople: true,
    run: (_s, a) => req(a, 'DELETE', `/v1/users/${a.userId}`),
    check: async (s, a) => {
      expect(await world.db.select().from(users).where(eq(users.id, a.userId))).toEqual([]);
      // The village stays for the others, even when its creator goes.
      expect(await world.db.select({ id: villages.id }).from(villages).where(eq(villages.id, s.villageId))).toHaveLength(1);
    },
  },
  {
    call: 'DELETE /v1/users/{id}',
    variant: "someone else's account",
    expect: NOBODY,
    run: (_s, a) => req(a, 'DELETE', `/v1/users/${a.otherUserId}`),
  },
  {
    call: 'GET /v1/users/{id}/villages',
    variant: 'own account',
    expect: SIGNED_IN,
    ownPeople: true,
    run: (_s, a) => req(a, 'GET', `/v1/users/${a.userId}/villages`),
    check: listsTheVillage,
  },
  {
    call: 'GET /v1/users/{id}/villages',
    variant: "someone else's account",
    expect: NOBODY,
    run: (_s, a) => req(a, 'GET', `/v1/users/${a.otherUserId}/villages`),
  },

  // ---- catalogue and one's villages ----
  {
    call: 'GET /v1/need_categories',
    expect: SIGNED_IN,
    run: (_s, a) => req(a, 'GET', '/v1/need_categories?include=needs'),
    check: (_s, _a, res) => expect(res.body.data.length).toBeGreaterThan(0),
  },
  {
    call: 'GET /v1/villages',
    expect: SIGNED_IN,
    ownPeople: true,
    run: (_s, a) => req(a, 'GET', '/v1/villages'),
    check: listsTheVillage,
  },
  {
    call: 'POST /v1/villages',
    expect: with201(SIGNED_IN),
    run: (_s, a) => req(a, 'POST', '/v1/villages', { json: { creation_mode: 2, first_name: 'Paul', name: 'Chez Paul' } }),
    check: (_s, a, res) => expect(res.body.data.villagers[0]).toMatchObject({ user_id: a.userId, is_creator: true }),
  },

  // ---- reading a village: active villagers only ----
  {
    call: 'GET /v1/villages/{id}',
    expect: READERS,
    run: (s, a) => req(a, 'GET', `/v1/villages/${s.villageId}?include=needs,villagers,helps`),
    check: (s, _a, res) => expect(res.body.data.id).toBe(s.villageId),
  },
  {
    call: 'GET /v1/villages/{id}/actions',
    expect: READERS,
    run: (s, a) => req(a, 'GET', `/v1/villages/${s.villageId}/actions?per_page=10&page=1&sort=-created_at`),
    check: (_s, _a, res) => expect(res.body.pages).toBeGreaterThan(0),
  },

  // ---- managing a village: creator and needy ----
  {
    call: 'PUT /v1/villages/{id}',
    expect: MANAGERS,
    run: (s, a) => req(a, 'PUT', `/v1/villages/${s.villageId}`, { json: { updater_id: a.villagerId, reason: `Changé par ${a.role}` } }),
    check: (_s, a, res) => expect(res.body.data.reason).toBe(`Changé par ${a.role}`),
  },
  {
    call: 'PUT /v1/villages/{id}',
    variant: "with someone else's updater_id",
    expect: NOBODY,
    run: (s, a) => req(a, 'PUT', `/v1/villages/${s.villageId}`, { json: { updater_id: a.otherVillagerId, reason: 'Usurpé' } }),
  },
  {
    call: 'POST /v1/villages/{id}/photo',
    expect: MANAGERS,
    run: (s, a) => req(a, 'POST', `/v1/villages/${s.villageId}/photo`, { body: photoForm({ updater_id: a.villagerId }) }),
    check: (_s, _a, res) => expect(res.body.data.photo?.original_url).toMatch(/\/uploads\//),
  },
  {
    call: 'POST /v1/villages/{id}/photo',
    variant: "with someone else's updater_id",
    expect: NOBODY,
    run: (s, a) => req(a, 'POST', `/v1/villages/${s.villageId}/photo`, { body: photoForm({ updater_id: a.otherVillagerId }) }),
  },
  {
    call: 'POST /v1/villages/{id}/needs',
    expect: with201(MANAGERS),
    run: (s, a) => req(a, 'POST', `/v1/villages/${s.villageId}/needs`, { json: { villager_id: a.villagerId, name: 'Promener le chien' } }),
    check: (s, _a, res) => expect(res.body.data).toMatchObject({ village_id: s.villageId, name: 'Promener le chien' }),
  },
  {
    call: 'POST /v1/villages/{id}/needs',
    variant: "with someone else's villager_id",
    expect: NOBODY,
    run: (s, a) => req(a, 'POST', `/v1/villages/${s.villageId}/needs`, { json: { villager_id: a.otherVillagerId, name: 'Usurpé' } }),
  },
  {
    call: 'PUT /v1/villages/{id}/needs/{needId}',
    expect: MANAGERS,
    run: (s, a) =>
      req(a, 'PUT', `/v1/villages/${s.villageId}/needs/${s.needId}`, { json: { updater_id: a.villagerId, description: `Par ${a.role}` } }),
    check: (_s, a, res) => expect(res.body.data.description).toBe(`Par ${a.role}`),
  },
  {
    call: 'PUT /v1/villages/{id}/needs/{needId}',
    variant: "with someone else's updater_id",
    expect: NOBODY,
    run: (s, a) =>
      req(a, 'PUT', `/v1/villages/${s.villageId}/needs/${s.needId}`, { json: { updater_id: a.otherVillagerId, description: 'Usurpé' } }),
  },
  {
    call: 'DELETE /v1/villages/{id}/needs/{needId}',
    expect: with204(MANAGERS),
    prepare: freshNeed,
    run: (s, a, ctx) => req(a, 'DELETE', `/v1/villages/${s.villageId}/needs/${ctx.needId}`, { json: { villager_id: a.villagerId } }),
    check: async (_s, _a, _res, ctx) =>
      expect(await world.db.select().from(villageNeeds).where(eq(villageNeeds.id, ctx.needId))).toEqual([]),
  },
  {
    call: 'DELETE /v1/villages/{id}/needs/{needId}',
    variant: "with someone else's villager_id",
    expect: NOBODY,
    prepare: freshNeed,
    run: (s, a, ctx) => req(a, 'DELETE', `/v1/villages/${s.villageId}/needs/${ctx.needId}`, { json: { villager_id: a.otherVillagerId } }),
  },

  // ---- helps: any active villager adds one in their own name and removes their own ----
  {
    call: 'POST /v1/villages/{id}/needs/{needId}/helps',
    expect: with201(READERS),
    run: (s, a) =>
      req(a, 'POST', `/v1/villages/${s.villageId}/needs/${s.needId}/helps`, { json: { helper_id: a.villagerId, start_date: START } }),
    check: (_s, a, res) => expect(res.body.data.helper_id).toBe(a.villagerId),
  },
  {
    call: 'POST /v1/villages/{id}/needs/{needId}/helps',
    variant: "with someone else's helper_id",
    expect: NOBODY,
    run: (s, a) =>
      req(a, 'POST', `/v1/villages/${s.villageId}/needs/${s.needId}/helps`, { json: { helper_id: a.otherVillagerId, start_date: START } }),
  },
  {
    call: 'DELETE /v1/villages/{id}/helps/{helpId}',
    variant: 'own help',
    expect: with204(READERS),
    prepare: ownHelp,
    run: (s, a, ctx) => req(a, 'DELETE', helpPath(s, ctx), { json: { villager_id: a.villagerId } }),
    check: async (_s, _a, _res, ctx) => expect(await world.db.select().from(helps).where(eq(helps.id, ctx.helpId))).toEqual([]),
  },
  {
    call: 'DELETE /v1/villages/{id}/helps/{helpId}',
    variant: "own help, with someone else's villager_id",
    expect: NOBODY,
    prepare: ownHelp,
    run: (s, a, ctx) => req(a, 'DELETE', helpPath(s, ctx), { json: { villager_id: a.otherVillagerId } }),
  },
  {
    call: 'DELETE /v1/villages/{id}/helps/{helpId}',
    variant: "another helper's help",
    // The policy lets the managers remove any help; a plain helper only their own.
    expect: { helper: 403, coorganiser: 204, needy: 204, creator: 204 },
    prepare: async (s) => {
      const other = await world.user('Autre');
      const otherId = await world.join(other, s.shareCode);
      return { helpId: await addHelp(s, other.token, otherId) };
    },
    run: (s, a, ctx) => req(a, 'DELETE', helpPath(s, ctx), { json: { villager_id: a.villagerId } }),
  },
  {
    call: 'DELETE /v1/villages/{id}/helps/{helpId}',
    variant: "another helper's help, in that helper's name",
    // Sending the id of the help's own helper does not make the help one's own.
    expect: { helper: 403, coorganiser: 403, needy: 403, creator: 403 },
    prepare: async (s) => {
      const other = await world.user('Autre');
      const otherId = await world.join(other, s.shareCode);
      return { helpId: await addHelp(s, other.token, otherId), ownerId: otherId };
    },
    run: (s, a, ctx) => req(a, 'DELETE', helpPath(s, ctx), { json: { villager_id: ctx.ownerId } }),
  },
  {
    call: 'DELETE /v1/villages/{id}/helps/{helpId}/refuse',
    expect: with204(MANAGERS),
    // For the helper it is their own help: a helper withdraws it, only the managers refuse it.
    prepare: helpersHelp,
    run: (s, a, ctx) => req(a, 'DELETE', `${helpPath(s, ctx)}/refuse`, { json: { villager_id: a.villagerId } }),
    check: async (_s, _a, _res, ctx) => expect(await world.db.select().from(helps).where(eq(helps.id, ctx.helpId))).toEqual([]),
  },
  {
    call: 'DELETE /v1/villages/{id}/helps/{helpId}/refuse',
    variant: "with someone else's villager_id",
    expect: NOBODY,
    prepare: helpersHelp,
    run: (s, a, ctx) => req(a, 'DELETE', `${helpPath(s, ctx)}/refuse`, { json: { villager_id: a.otherVillagerId } }),
  },

  {
    call: 'PUT /v1/villages/{id}/helps/{helpId}',
    variant: 'own help',
    // The note of a help is its helper's only, whatever their role.
    expect: READERS,
    prepare: ownHelp,
    run: (s, a, ctx) => req(a, 'PUT', helpPath(s, ctx), { json: { updater_id: a.villagerId, comment: `Note de ${a.role}` } }),
    check: (_s, a, res) => expect(res.body.data.comment).toBe(`Note de ${a.role}`),
  },
  {
    call: 'PUT /v1/villages/{id}/helps/{helpId}',
    variant: "another member's help",
    expect: { helper: 403, coorganiser: 403, needy: 403, creator: 403 },
    prepare: anotherMembersHelp,
    run: (s, a, ctx) => req(a, 'PUT', helpPath(s, ctx), { json: { updater_id: a.villagerId, comment: 'Pas la mienne' } }),
  },
  {
    call: 'PUT /v1/villages/{id}/helps/{helpId}',
    variant: "with someone else's updater_id",
    expect: NOBODY,
    prepare: ownHelp,
    run: (s, a, ctx) => req(a, 'PUT', helpPath(s, ctx), { json: { updater_id: a.otherVillagerId, comment: 'Usurpé' } }),
  },

  // ---- replacements: asked by a help's own helper, taken over by any other active member ----
  {
    call: 'POST /v1/villages/{id}/helps/{helpId}/replacement',
    variant: 'own help',
    expect: with201(READERS),
    prepare: ownHelp,
    run: (s, a, ctx) => req(a, 'POST', `${helpPath(s, ctx)}/replacement`, { json: { helper_id: a.villagerId } }),
    check: (_s, _a, res) => expect(res.body.data.replacement_asked_at).toEqual(expect.any(String)),
  },
  {
    call: 'POST /v1/villages/{id}/helps/{helpId}/replacement',
    variant: "another member's help",
    // The helper keeps the slot until someone takes over: asking is theirs, not an organiser's.
    expect: { helper: 403, coorganiser: 403, needy: 403, creator: 403 },
    prepare: anotherMembersHelp,
    run: (s, a, ctx) => req(a, 'POST', `${helpPath(s, ctx)}/replacement`, { json: { helper_id: a.villagerId } }),
  },
  {
    call: 'POST /v1/villages/{id}/helps/{helpId}/take-over',
    variant: "another member's help whose helper asked",
    // The scene's helper already holds a help of that need at that start: one cannot take a slot twice.
    expect: { ...with201(READERS), helper: 409 },
    prepare: async (s) => {
      const other = await world.user('Autre');
      const otherId = await world.join(other, s.shareCode);
      const helpId = await addHelp(s, other.token, otherId);
      const path = `/v1/villages/${s.villageId}/helps/${helpId}/replacement`;
      await ok(world.request('POST', path, { token: other.token, json: { helper_id: otherId } }), 'replacement');
      return { helpId };
    },
    run: (s, a, ctx) => req(a, 'POST', `${helpPath(s, ctx)}/take-over`, { json: { helper_id: a.villagerId } }),
    check: async (_s, a, res, ctx) => {
      expect(res.body.data.helper_id).toBe(a.villagerId);
      expect(await world.db.select().from(helps).where(eq(helps.id, ctx.helpId))).toEqual([]);
    },
  },
  {
    call: 'POST /v1/villages/{id}/helps/{helpId}/take-over',
    variant: "with someone else's helper_id",
    expect: NOBODY,
    prepare: helpersHelp,
    run: (s, a, ctx) => req(a, 'POST', `${helpPath(s, ctx)}/take-over`, { json: { helper_id: a.otherVillagerId } }),
  },

  // ---- slots: read by active villagers ----
  {
    call: 'GET /v1/villages/{id}/slots',
    expect: READERS,
    prepare: async (s) => {
      const res = await ok(
        world.request('POST', `/v1/villages/${s.villageId}/needs`, {
          token: s.users.creator.token,
          json: {
            villager_id: s.villagerIds.creator,
            name: 'Dîner',
            schedule: { dtstart: '2026-12-02T19:00', duration_minutes: 90, rrule: null, exdates: [], places: 2 },
          },
        }),
        'scheduled need',
      );
      return { needId: res.body.data.id };
    },
    run: (s, a) => req(a, 'GET', `/v1/villages/${s.villageId}/slots?from=2026-11-20T00:00:00.000Z&to=2026-12-20T00:00:00.000Z`),
    check: (_s, _a, res, ctx) =>
      expect(res.body.data).toContainEqual(
        expect.objectContaining({ village_need_id: ctx.needId, start_date: '2026-12-02T18:00:00.000Z', places: 2, open: 2 }),
      ),
  },

  // ---- older helps: read by active villagers ----
  {
    call: 'GET /v1/villages/{id}/helps',
    expect: READERS,
    prepare: helpersHelp,
    run: (s, a) => req(a, 'GET', `/v1/villages/${s.villageId}/helps?before=2099-01-01T00:00:00.000Z&limit=500`),
    check: (_s, _a, res, ctx) => expect(res.body.data.map((h: { id: string }) => h.id)).toContain(ctx.helpId),
  },

  // ---- news: read by members, posted by the managers, answered by members ----
  {
    call: 'GET /v1/villages/{id}/news',
    expect: READERS,
    prepare: creatorsPost,
    run: (s, a) => req(a, 'GET', `/v1/villages/${s.villageId}/news`),
    check: (_s, _a, res, ctx) => expect(res.body.data.map((p: { id: string }) => p.id)).toContain(ctx.newsId),
  },
  {
    call: 'POST /v1/villages/{id}/news',
    expect: with201(MANAGERS),
    run: (s, a) => req(a, 'POST', `/v1/villages/${s.villageId}/news`, { json: { author_id: a.villagerId, body: `De ${a.role}` } }),
    check: (_s, a, res) => expect(res.body.data).toMatchObject({ author_id: a.villagerId, body: `De ${a.role}` }),
  },
  {
    call: 'POST /v1/villages/{id}/news',
    variant: "with someone else's author_id",
    expect: NOBODY,
    run: (s, a) => req(a, 'POST', `/v1/villages/${s.villageId}/news`, { json: { author_id: a.otherVillagerId, body: 'Usurpé' } }),
  },
  {
    call: 'PUT /v1/villages/{id}/news/{newsId}',
    variant: "the creator's post",
    expect: MANAGERS,
    prepare: creatorsPost,
    run: (s, a, ctx) => req(a, 'PUT', newsPath(s, ctx), { json: { updater_id: a.villagerId, body: `Relu par ${a.role}` } }),
    check: (_s, a, res) => expect(res.body.data.body).toBe(`Relu par ${a.role}`),
  },
  {
    call: 'PUT /v1/villages/{id}/news/{newsId}',
    variant: "with someone else's updater_id",
    expect: NOBODY,
    prepare: creatorsPost,
    run: (s, a, ctx) => req(a, 'PUT', newsPath(s, ctx), { json: { updater_id: a.otherVillagerId, body: 'Usurpé' } }),
  },
  {
    call: 'DELETE /v1/villages/{id}/news/{newsId}',
    expect: with204(MANAGERS),
    prepare: creatorsPost,
    run: (s, a, ctx) => req(a, 'DELETE', `${newsPath(s, ctx)}?villager_id=${a.villagerId}`),
    check: async (_s, _a, _res, ctx) => expect(await newsRow(ctx.newsId)).toBeUndefined(),
  },
  {
    call: 'POST /v1/villages/{id}/news/{newsId}/photos',
    expect: with201(MANAGERS),
    prepare: creatorsPost,
    run: (s, a, ctx) => req(a, 'POST', `${newsPath(s, ctx)}/photos`, { body: photoForm({ updater_id: a.villagerId }) }),
    check: (_s, _a, res) => expect(res.body.data.photos[0].original_url).toMatch(/\/uploads\//),
  },
  {
    call: 'POST /v1/villages/{id}/news/{newsId}/photos',
    variant: "with someone else's updater_id",
    expect: NOBODY,
    prepare: creatorsPost,
    run: (s, a, ctx) => req(a, 'POST', `${newsPath(s, ctx)}/photos`, { body: photoForm({ updater_id: a.otherVillagerId }) }),
  },
  {
    call: 'DELETE /v1/villages/{id}/news/{newsId}/photos/{photoId}',
    expect: with204(MANAGERS),
    prepare: async (s) => {
      const ctx = await creatorsPost(s);
      const res = await ok(
        world.request('POST', `${newsPath(s, ctx)}/photos`, {
          token: s.users.creator.token,
          body: photoForm({ updater_id: s.villagerIds.creator }),
        }),
        'photo',
      );
      return { ...ctx, photoId: res.body.data.photos[0].id };
    },
    run: (s, a, ctx) => req(a, 'DELETE', `${newsPath(s, ctx)}/photos/${ctx.photoId}?villager_id=${a.villagerId}`),
  },
  {
    call: 'POST /v1/villages/{id}/news/{newsId}/hearts',
    expect: with201(READERS),
    prepare: creatorsPost,
    run: (s, a, ctx) => req(a, 'POST', `${newsPath(s, ctx)}/hearts`, { json: { villager_id: a.villagerId } }),
    check: (_s, _a, res) => expect(res.body.data).toMatchObject({ hearts: 1, hearted_by_me: true }),
  },
  {
    call: 'POST /v1/villages/{id}/news/{newsId}/hearts',
    variant: "with someone else's villager_id",
    expect: NOBODY,
    prepare: creatorsPost,
    run: (s, a, ctx) => req(a, 'POST', `${newsPath(s, ctx)}/hearts`, { json: { villager_id: a.otherVillagerId } }),
  },
  {
    call: 'DELETE /v1/villages/{id}/news/{newsId}/hearts/{villagerId}',
    expect: with204(READERS),
    prepare: async (s, a) => {
      const ctx = await creatorsPost(s);
      if (a.token && a.role !== 'outsider' && a.role !== 'banned' && a.role !== 'left') {
        await ok(req(a, 'POST', `${newsPath(s, ctx)}/hearts`, { json: { villager_id: a.villagerId } }), 'heart');
      }
      return ctx;
    },
    run: (s, a, ctx) => req(a, 'DELETE', `${newsPath(s, ctx)}/hearts/${a.villagerId}`),
  },
  {
    call: 'DELETE /v1/villages/{id}/news/{newsId}/hearts/{villagerId}',
    variant: "someone else's heart",
    expect: NOBODY,
    prepare: async (s) => {
      const ctx = await creatorsPost(s);
      for (const role of ['creator', 'needy'] as const) {
        await ok(
          world.request('POST', `${newsPath(s, ctx)}/hearts`, { token: s.users[role].token, json: { villager_id: s.villagerIds[role] } }),
          'heart',
        );
      }
      return ctx;
    },
    run: (s, a, ctx) => req(a, 'DELETE', `${newsPath(s, ctx)}/hearts/${a.otherVillagerId}`),
  },
  {
    call: 'POST /v1/villages/{id}/news/{newsId}/comments',
    expect: with201(READERS),
    prepare: creatorsPost,
    run: (s, a, ctx) => req(a, 'POST', `${newsPath(s, ctx)}/comments`, { json: { author_id: a.villagerId, body: `Mot de ${a.role}` } }),
    check: (_s, a, res) => expect(res.body.data).toMatchObject({ author_id: a.villagerId, body: `Mot de ${a.role}` }),
  },
  {
    call: 'POST /v1/villages/{id}/news/{newsId}/comments',
    variant: "with someone else's author_id",
    expect: NOBODY,
    prepare: creatorsPost,
    run: (s, a, ctx) => req(a, 'POST', `${newsPath(s, ctx)}/comments`, { json: { author_id: a.otherVillagerId, body: 'Usurpé' } }),
  },
  {
    call: 'DELETE /v1/villages/{id}/news/{newsId}/comments/{commentId}',
    variant: 'own comment',
    expect: with204(READERS),
    prepare: (s, a) => commentBy(s, a, true),
    run: (s, a, ctx) => req(a, 'DELETE', `${newsPath(s, ctx)}/comments/${ctx.commentId}?villager_id=${a.villagerId}`),
  },
  {
    call: 'DELETE /v1/villages/{id}/news/{newsId}/comments/{commentId}',
    variant: "another member's comment",
    // The organisers remove any comment; a plain helper only their own.
    expect: { helper: 403, coorganiser: 204, needy: 204, creator: 204 },
    prepare: async (s) => {
      const ctx = await creatorsPost(s);
      const other = await world.user('Autre');
      const otherId = await world.join(other, s.shareCode);
      const res = await ok(
        world.request('POST', `${newsPath(s, ctx)}/comments`, { token: other.token, json: { author_id: otherId, body: 'Bonjour' } }),
        'comment',
      );
      return { ...ctx, commentId: res.body.data.id };
    },
    run: (s, a, ctx) => req(a, 'DELETE', `${newsPath(s, ctx)}/comments/${ctx.commentId}?villager_id=${a.villagerId}`),
  },

  // ---- members ----
  {
    call: 'DELETE /v1/villages/{id}/villagers/{villagerId}',
    expect: with204(MANAGERS),
    prepare: freshMember,
    run: (s, a, ctx) => req(a, 'DELETE', `/v1/villages/${s.villageId}/villagers/${ctx.targetId}?deleter_id=${a.villagerId}`),
    check: async (_s, _a, _res, ctx) => {
      const [target] = await world.db.select().from(villagers).where(eq(villagers.id, ctx.targetId));
      expect(target.isBan).toBe(true);
    },
  },
  {
    call: 'DELETE /v1/villages/{id}/villagers/{villagerId}',
    variant: "with someone else's deleter_id",
    expect: NOBODY,
    prepare: freshMember,
    run: (s, a, ctx) => req(a, 'DELETE', `/v1/villages/${s.villageId}/villagers/${ctx.targetId}?deleter_id=${a.otherVillagerId}`),
  },
  {
    call: 'DELETE /v1/villages/{id}/villagers/{villagerId}',
    variant: 'of a manager',
    // needy → the creator, creator → the needy person, helper and co-organiser → the creator.
    expect: { helper: 403, coorganiser: 403, needy: 403, creator: 403 },
    run: (s, a) => req(a, 'DELETE', `/v1/villages/${s.villageId}/villagers/${a.otherVillagerId}?deleter_id=${a.villagerId}`),
  },
  {
    call: 'DELETE /v1/villages/{id}/villagers/{villagerId}',
    variant: 'of a co-organiser',
    // Only those who name co-organisers remove one: two co-organisers cannot remove each other.
    expect: { helper: 403, coorganiser: 403, needy: 204, creator: 204 },
    prepare: freshCoOrganiser,
    run: (s, a, ctx) => req(a, 'DELETE', `/v1/villages/${s.villageId}/villagers/${ctx.targetId}?deleter_id=${a.villagerId}`),
    check: async (_s, _a, _res, ctx) => expect(await villagerRow(ctx.targetId)).toMatchObject({ isBan: true, isManager: false }),
  },
  {
    call: 'DELETE /v1/villages/{id}/villagers/{villagerId}',
    variant: 'of oneself',
    expect: { coorganiser: 403, creator: 403, needy: 403 },
    run: (s, a) => req(a, 'DELETE', `/v1/villages/${s.villageId}/villagers/${a.villagerId}?deleter_id=${a.villagerId}`),
  },
  {
    call: 'PUT /v1/villages/{id}/villagers/{villagerId}/leave',
    variant: 'own villager',
    // A village of its own for each case: the creator and the needy person each leave with the other still there.
    fresh: true,
    expect: READERS,
    run: (s, a) => req(a, 'PUT', `/v1/villages/${s.villageId}/villagers/${a.villagerId}/leave`),
    check: async (_s, a, res) => {
      expect(res.body.data).toMatchObject({ id: a.villagerId, is_out: true });
    },
  },
  {
    call: 'PUT /v1/villages/{id}/villagers/{villagerId}/leave',
    variant: 'the last manager',
    fresh: true,
    // The other managers have left first: nobody would manage the village after this one (409). A helper may
    // go, the creator being then the last manager.
    expect: { helper: 200, coorganiser: 409, needy: 409, creator: 409 },
    prepare: async (s, a) => {
      const leaving = a.role === 'helper' ? (['coorganiser', 'needy'] as const) : (['coorganiser', 'needy', 'creator'] as const);
      for (const other of leaving.filter((r) => r !== a.role)) {
        await ok(
          req({ ...a, token: s.users[other].token }, 'PUT', `/v1/villages/${s.villageId}/villagers/${s.villagerIds[other]}/leave`),
          'leave',
        );
      }
      return {};
    },
    run: (s, a) => req(a, 'PUT', `/v1/villages/${s.villageId}/villagers/${a.villagerId}/leave`),
  },
  {
    call: 'PUT /v1/villages/{id}/villagers/{villagerId}/leave',
    variant: "someone else's villager",
    expect: NOBODY,
    run: (s, a) => req(a, 'PUT', `/v1/villages/${s.villageId}/villagers/${a.otherVillagerId}/leave`),
  },
  {
    call: 'PUT /v1/villages/join/helper',
    // A banned user may not come back; one who left may; a member joining again changes nothing.
    expect: statuses(401, 201, 403, 200, 200, 200, 200, 200),
    run: (s, a) => req(a, 'PUT', '/v1/villages/join/helper', { json: { share_code: s.shareCode } }),
    check: async (s, a, res) => {
      expect(res.body.data).toMatchObject({ user_id: a.userId, is_out: false, is_ban: false });
      const rows = await world.db.select().from(villagers).where(eq(villagers.villageId, s.villageId));
      expect(rows.filter((v) => v.userId === a.userId)).toHaveLength(1);
    },
    noOpOn: { helper: true, coorganiser: true, needy: true, creator: true },
  },
  {
    call: 'PUT /v1/villages/join/helper',
    variant: 'with an unknown code',
    expect: { anonymous: 401, outsider: 404, helper: 404 },
    run: (_s, a) => req(a, 'PUT', '/v1/villages/join/helper', { json: { share_code: 'ZZZZ2222' } }),
  },

  // ---- co-organisers: named and taken back by the creator and the needy person ----
  {
    call: 'PUT /v1/villages/{id}/villagers/{villagerId}',
    variant: 'naming a helper',
    expect: APPOINTERS,
    prepare: freshMember,
    run: (s, a, ctx) => req(a, 'PUT', rolePath(s, ctx.targetId), { json: { is_manager: true, updater_id: a.villagerId } }),
    check: async (_s, _a, res, ctx) => {
      expect(res.body.data).toMatchObject({ id: ctx.targetId, is_manager: true });
      expect(await villagerRow(ctx.targetId)).toMatchObject({ isManager: true });
    },
  },
  {
    call: 'PUT /v1/villages/{id}/villagers/{villagerId}',
    variant: "with someone else's updater_id",
    expect: NOBODY,
    prepare: freshMember,
    run: (s, a, ctx) => req(a, 'PUT', rolePath(s, ctx.targetId), { json: { is_manager: true, updater_id: a.otherVillagerId } }),
  },
  {
    call: 'PUT /v1/villages/{id}/villagers/{villagerId}',
    variant: 'taking it back',
    expect: APPOINTERS,
    prepare: freshCoOrganiser,
    run: (s, a, ctx) => req(a, 'PUT', rolePath(s, ctx.targetId), { json: { is_manager: false, updater_id: a.villagerId } }),
    check: async (_s, _a, res, ctx) => expect(res.body.data).toMatchObject({ id: ctx.targetId, is_manager: false }),
  },
  {
    call: 'PUT /v1/villages/{id}/villagers/{villagerId}',
    variant: 'of someone who left',
    expect: { coorganiser: 403, needy: 409, creator: 409 },
    run: (s, a) => req(a, 'PUT', rolePath(s, s.villagerIds.left), { json: { is_manager: true, updater_id: a.villagerId } }),
  },
  {
    call: 'PUT /v1/villages/{id}/villagers/{villagerId}',
    variant: 'taking it from the creator',
    // The creator and the needy person manage the village whatever is asked.
    expect: { coorganiser: 403, needy: 409, creator: 409 },
    run: (s, a) => req(a, 'PUT', rolePath(s, s.villagerIds.creator), { json: { is_manager: false, updater_id: a.villagerId } }),
  },

  // ---- one's own villager ----
  {
    call: 'GET /v1/villagers/{id}',
    variant: 'own villager',
    // Reading one's own row, even once banned or out, is how the app learns it (is_ban, is_out).
    expect: statuses(401, 403, 200, 200, 200, 200, 200, 200),
    run: (_s, a) => req(a, 'GET', `/v1/villagers/${a.villagerId}`),
    check: (_s, a, res) => expect(res.body.data).toMatchObject({ id: a.villagerId, user_id: a.userId }),
  },
  {
    call: 'GET /v1/villagers/{id}',
    variant: "someone else's villager",
    expect: NOBODY,
    run: (_s, a) => req(a, 'GET', `/v1/villagers/${a.otherVillagerId}`),
  },
  {
    call: 'POST /v1/villagers/{id}',
    variant: 'own villager',
    expect: READERS,
    run: (_s, a) => req(a, 'POST', `/v1/villagers/${a.villagerId}`, { json: { last_check_notif_date: '2026-11-20T08:00:00.000Z' } }),
    check: (_s, _a, res) => expect(Date.parse(res.body.data.last_check_notif_date)).toBe(Date.parse('2026-11-20T08:00:00.000Z')),
  },
  {
    call: 'POST /v1/villagers/{id}',
    variant: "someone else's villager",
    expect: NOBODY,
    run: (_s, a) => req(a, 'POST', `/v1/villagers/${a.otherVillagerId}`, { json: { last_check_notif_date: '2026-11-20T08:00:00.000Z' } }),
  },

  // ---- the creation flow, by the managers (creator, needy): fc 1 → 2, vo 2 → 3, write-once ----
  {
    call: 'PUT /v1/villages/{id}/fc',
    expect: MANAGERS,
    fresh: true,
    state: 1,
    run: (s, a) => req(a, 'PUT', `/v1/villages/${s.villageId}/fc`, { json: { creator_id: a.villagerId } }),
    check: (_s, _a, res) => expect(res.body.data.state).toBe(2),
  },
  {
    call: 'PUT /v1/villages/{id}/fc',
    variant: "with someone else's creator_id",
    expect: NOBODY,
    fresh: true,
    state: 1,
    run: (s, a) => req(a, 'PUT', `/v1/villages/${s.villageId}/fc`, { json: { creator_id: a.otherVillagerId } }),
  },
  {
    call: 'PUT /v1/villages/{id}/fc',
    variant: 'in state 2',
    expect: { helper: 403, coorganiser: 409, needy: 409, creator: 409 },
    fresh: true,
    state: 2,
    run: (s, a) => req(a, 'PUT', `/v1/villages/${s.villageId}/fc`, { json: { creator_id: a.villagerId } }),
  },
  {
    call: 'PUT /v1/villages/{id}/fc',
    variant: 'in state 3',
    expect: { helper: 403, coorganiser: 409, needy: 409, creator: 409 },
    fresh: true,
    run: (s, a) => req(a, 'PUT', `/v1/villages/${s.villageId}/fc`, { json: { creator_id: a.villagerId } }),
  },
  {
    call: 'PUT /v1/villages/{id}/vo',
    expect: MANAGERS,
    fresh: true,
    state: 2,
    run: (s, a) => req(a, 'PUT', `/v1/villages/${s.villageId}/vo`, { json: { villager_id: a.villagerId } }),
    check: (_s, _a, res) => expect(res.body.data.state).toBe(3),
  },
  {
    call: 'PUT /v1/villages/{id}/vo',
    variant: "with someone else's villager_id",
    expect: NOBODY,
    fresh: true,
    state: 2,
    run: (s, a) => req(a, 'PUT', `/v1/villages/${s.villageId}/vo`, { json: { villager_id: a.otherVillagerId } }),
  },
  {
    call: 'PUT /v1/villages/{id}/vo',
    variant: 'in state 1',
    expect: { helper: 403, coorganiser: 409, needy: 409, creator: 409 },
    fresh: true,
    state: 1,
    run: (s, a) => req(a, 'PUT', `/v1/villages/${s.villageId}/vo`, { json: { villager_id: a.villagerId } }),
  },
  {
    call: 'PUT /v1/villages/{id}/vo',
    variant: 'in state 3',
    expect: { helper: 403, coorganiser: 409, needy: 409, creator: 409 },
    fresh: true,
    run: (s, a) => req(a, 'PUT', `/v1/villages/${s.villageId}/vo`, { json: { villager_id: a.villagerId } }),
  },
];

for (const c of calls) {
  const title = c.variant ? `${c.call} (${c.variant})` : c.call;
  describe(title, () => {
    let shared: Promise<Scene> | undefined;
    const build = () => (c.ownPeople ? buildScene() : cloneScene(c.state));
    const scene = () => (c.fresh ? build() : (shared ??= build()));
    for (const role of ROLES) {
      const status = c.expect[role];
      if (status === undefined) continue;
      it(`${title} as ${role} → ${status}`, async () => {
        const s = await scene();
        const a = actorFor(s, role);
        const ctx = (await c.prepare?.(s, a)) ?? {};
        const isWrite = !c.call.startsWith('GET ');
        const before = isWrite ? await snapshot(s) : undefined;
        const res = await c.run(s, a, ctx);
        expect(res.status, JSON.stringify(res.body)).toBe(status);
        if (status >= 400) {
          expect(res.body).toMatchObject({ http_code: status, message: expect.any(String) });
          if (before) expect(await snapshot(s)).toEqual(before);
        } else {
          if (c.noOpOn?.[role] && before) expect(await snapshot(s)).toEqual(before);
          await c.check?.(s, a, res, ctx);
        }
      });
    }
  });
}

describe('the acting id must be of this village', () => {
  it('POST /v1/villages/{id}/needs/{needId}/helps as helper with their villager id of another village → 403', async () => {
    const s = await cloneScene();
    const elsewhere = (await cloneScene()).villagerIds.helper;
    const before = await snapshot(s);
    const res = await world.request('POST', `/v1/villages/${s.villageId}/needs/${s.needId}/helps`, {
      token: s.users.helper.token,
      json: { helper_id: elsewhere, start_date: START },
    });
    expect(res.status).toBe(403);
    expect(await snapshot(s)).toEqual(before);
  });

  it('PUT /v1/villages/{id} as needy with their villager id of another village → 403', async () => {
    const s = await cloneScene();
    const other = await cloneScene();
    const before = await snapshot(s);
    const res = await world.request('PUT', `/v1/villages/${s.villageId}`, {
      token: s.users.needy.token,
      json: { updater_id: other.villagerIds.needy, name: 'Usurpé' },
    });
    expect(res.status).toBe(403);
    expect(await snapshot(s)).toEqual(before);
  });
});

describe('the needy creator of a mode 1 village', () => {
  it('PUT /v1/villages/{id}/fc as the needy creator (mode 1) → 200', async () => {
    const creator = await world.user('Martine');
    const village = await world.village(creator, { mode: 1, state: 1 });
    const res = await world.request('PUT', `/v1/villages/${village.id}/fc`, {
      token: creator.token,
      json: { creator_id: village.creatorVillagerId },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.state).toBe(2);
  });
});
