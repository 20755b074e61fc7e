import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { v7 as uuidv7 } from 'uuid';
import { actions, helps, invitations, needCategories, sessions, users, villageNeeds, villagers, villages } from '../../db/schema';
import { newToken } from '../../auth/tokens';
import { newShareCode } from '../../villages/share-code';
import { sharedSecret } from '../../events/shared-secret';
import { UNSUBSCRIBE_SECRET, unsubscribeToken } from '../../mail/unsubscribe-token';
import { TEST_PASSWORD, type Answer, type World } from '../world';

/** The callers every operation is tried as: the kinds the permission matrix probes, cut to those that differ in what they reach. */
export const ACTORS = ['anonymous', 'outsider', 'helper', 'organiser'] as const;
export type ActorName = (typeof ACTORS)[number];

export interface Actor {
  name: ActorName;
  token?: string;
  userId: string;
  /** Their address, to sign in with (TEST_PASSWORD); the organiser's for the anonymous caller. */
  email: string;
  /** Their villager in village A; the organiser's for those who have none (acting in another's name). */
  villagerId: string;
}

/** One village's rows an operation can name. */
export interface SceneVillage {
  id: string;
  shareCode: string;
  needId: string;
  /** The member's help, and the creator's own: each actor edits their own help, and refuses the member's. */
  helpId: string;
  ownHelpId: string;
  invitationId: string;
  /** A member who is not its creator: the target of role changes and bans. */
  memberId: string;
  /** A post of its news with a photo and the member's comment, for the operations on a post (addExtras). */
  news?: { newsId: string; photoId: string; commentId: string };
}

/**
 * What one operation is fuzzed against: village A (organiser and helper, a need, a help, an invitation), and
 * village B of the outsider, whose ids are "another village's". Each operation gets its own, so that what one
 * operation's requests change (a ban, a deleted account, a schedule that freezes reads) stays with it.
 */
export interface Scene {
  actors: Record<ActorName, Actor>;
  a: SceneVillage;
  b: SceneVillage;
  subscriptionId: string;
  otherSubscriptionId: string;
  calendarFile: string;
  unsubscribeToken: string;
  otherUnsubscribeToken: string;
  eventTicket: string;
  categoryId: string;
}

async function ok(answer: Promise<Answer>, what: string): Promise<Answer> {
  const res = await answer;
  if (res.status >= 300) throw new Error(`fuzz scene, ${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** The template's people and villages, built once per world through the API, then copied for each operation. */
interface Template {
  scene: Scene;
  people: string[];
  villageIds: string[];
  rows: {
    users: (typeof users.$inferSelect)[];
    villages: (typeof villages.$inferSelect)[];
    villagers: (typeof villagers.$inferSelect)[];
    needs: (typeof villageNeeds.$inferSelect)[];
    helps: (typeof helps.$inferSelect)[];
    actions: (typeof actions.$inferSelect)[];
    invitations: (typeof invitations.$inferSelect)[];
  };
}
const templates = new WeakMap<World, Promise<Template>>();

async function buildTemplate(world: World): Promise<Template> {
  const [organiser, helper, outsider, bMember] = [
    await world.user('Orla'),
    await world.user('Hector'),
    await world.user('Octave'),
    await world.user('Berthe'),
  ];
  const post = (token: string, path: string, json: unknown, what: string) => ok(world.request('POST', path, { token, json }), what);

  async function village(owner: typeof organiser, member: typeof helper) {
    const v = await world.village(owner);
    const memberId = await world.join(member, v.shareCode);
    const need = await post(owner.token, `/v1/villages/${v.id}/needs`, { villager_id: v.creatorVillagerId, name: 'Courses' }, 'need');
    const help = await post(
      member.token,
      `/v1/villages/${v.id}/needs/${need.body.data.id}/helps`,
      { helper_id: memberId, start_date: '2026-12-01T10:00:00.000Z' },
      'help',
    );
    const ownHelp = await post(
      owner.token,
      `/v1/villages/${v.id}/needs/${need.body.data.id}/helps`,
      { helper_id: v.creatorVillagerId, start_date: '2026-12-02T10:00:00.000Z' },
      'own help',
    );
    const invitation = await post(
      owner.token,
      `/v1/villages/${v.id}/invitations`,
      { inviter_id: v.creatorVillagerId, emails: [`invite.${v.id.slice(-6)}@exemple.fr`] },
      'invitation',
    );
    return {
      village: {
        id: v.id,
        shareCode: v.shareCode,
        needId: need.body.data.id,
        helpId: help.body.data.id,
        ownHelpId: ownHelp.body.data.id,
        invitationId: invitation.body.data[0].id,
        memberId,
      },
      creatorVillagerId: v.creatorVillagerId,
    };
  }
  const a = await village(organiser, helper);
  const b = await village(outsider, bMember);
  const [category] = await world.db.select({ id: needCategories.id }).from(needCategories).limit(1);
  const scene: Scene = {
    actors: {
      anonymous: { name: 'anonymous', email: organiser.email, userId: organiser.id, villagerId: a.creatorVillagerId },
      outsider: { name: 'outsider', email: outsider.email, token: outsider.token, userId: outsider.id, villagerId: a.creatorVillagerId },
      helper: { name: 'helper', email: helper.email, token: helper.token, userId: helper.id, villagerId: a.village.memberId },
      organiser: {
        name: 'organiser',
        email: organiser.email,
        token: organiser.token,
        userId: organiser.id,
        villagerId: a.creatorVillagerId,
      },
    },
    a: a.village,
    b: b.village,
    subscriptionId: '',
    otherSubscriptionId: '',
    calendarFile: '',
    unsubscribeToken: '',
    otherUnsubscribeToken: '',
    eventTicket: '',
    categoryId: category.id,
  };
  const people = [organiser.id, helper.id, outsider.id, bMember.id];
  const villageIds = [a.village.id, b.village.id];
  const db = world.db;
  // Signing in checks the password at the parameters stored with its hash: cheap ones keep sign-in's inputs fast.
  await db.update(users).set({ passwordHash: cheapHash() }).where(inArray(users.id, people));
  return {
    scene,
    people,
    villageIds,
    rows: {
      users: await db.select().from(users).where(inArray(users.id, people)),
      villages: await db.select().from(villages).where(inArray(villages.id, villageIds)),
      villagers: await db.select().from(villagers).where(inArray(villagers.villageId, villageIds)),
      needs: await db.select().from(villageNeeds).where(inArray(villageNeeds.villageId, villageIds)),
      helps: await db.select().from(helps).where(inArray(helps.villageId, villageIds)),
      actions: await db.select().from(actions).where(inArray(actions.villageId, villageIds)),
      invitations: await db.select().from(invitations).where(inArray(invitations.villageId, villageIds)),
    },
  };
}

let copies = 0;

/** A scrypt hash of TEST_PASSWORD at N=1024 instead of 2^17 (some 1 s a check on this machine). */
function cheapHash() {
  const salt = randomBytes(16);
  const hash = scryptSync(TEST_PASSWORD.normalize('NFKC'), salt, 32, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 1024, 8, 1, salt.toString('base64'), hash.toString('base64')].join('$');
}

/**
 * A scene for one operation: the template's rows copied under new ids, with new people and sessions (an
 * operation may delete its organiser's account or end their session), in one transaction: some 30 ms
 * where building it through the API took 300-500. The rest only for the operations that name it.
 */
export async function buildScene(world: World, path: string): Promise<Scene> {
  let template = templates.get(world);
  if (!template) templates.set(world, (template = buildTemplate(world)));
  const t = await template;
  copies += 1;
  const copiedEmail = (email: string) => `copie.${copies}.${email}`;
  const ids = new Map<string, string>();
  const id = (old: string) => {
    if (!ids.has(old)) ids.set(old, uuidv7());
    return ids.get(old)!;
  };
  const tokens = new Map(t.people.map((person) => [person, newToken()]));
  const { rows } = t;
  const shareCodes = new Map(rows.villages.map((v) => [v.id, newShareCode()]));
  await world.db.transaction(async (tx) => {
    await tx.insert(users).values(rows.users.map((u) => ({ ...u, id: id(u.id), uuid: randomUUID(), email: copiedEmail(u.email) })));
    await tx
      .insert(sessions)
      .values(t.people.map((person) => ({ tokenHash: tokens.get(person)!.hash, userId: id(person), lastUsedAt: world.clock.now() })));
    await tx.insert(villages).values(rows.villages.map((v) => ({ ...v, id: id(v.id), shareCode: shareCodes.get(v.id)!, revision: 1 })));
    await tx
      .insert(villagers)
      .values(rows.villagers.map((v) => ({ ...v, id: id(v.id), villageId: id(v.villageId), userId: v.userId && id(v.userId) })));
    await tx.insert(villageNeeds).values(rows.needs.map((n) => ({ ...n, id: id(n.id), villageId: id(n.villageId) })));
    await tx.insert(helps).values(
      rows.helps.map((h) => ({
        ...h,
        id: id(h.id),
        villageId: id(h.villageId),
        villageNeedId: id(h.villageNeedId),
        helperId: id(h.helperId),
      })),
    );
    await tx
      .insert(actions)
      .values(rows.actions.map((a) => ({ ...a, id: uuidv7(), villageId: id(a.villageId), villagerId: a.villagerId && id(a.villagerId) })));
    await tx.insert(invitations).values(
      rows.invitations.map((i) => ({
        ...i,
        id: id(i.id),
        villageId: id(i.villageId),
        inviterId: id(i.inviterId),
        tokenHash: newToken().hash,
      })),
    );
  });
  const copy = (v: SceneVillage): SceneVillage => ({
    id: id(v.id),
    shareCode: shareCodes.get(v.id)!,
    needId: id(v.needId),
    helpId: id(v.helpId),
    ownHelpId: id(v.ownHelpId),
    invitationId: id(v.invitationId),
    memberId: id(v.memberId),
  });
  const actor = (a: Actor): Actor => ({
    ...a,
    userId: id(a.userId),
    email: copiedEmail(a.email),
    villagerId: id(a.villagerId),
    token: a.token && tokens.get(a.userId)!.token,
  });
  const scene: Scene = {
    ...t.scene,
    actors: Object.fromEntries(Object.entries(t.scene.actors).map(([name, a]) => [name, actor(a)])) as Scene['actors'],
    a: copy(t.scene.a),
    b: copy(t.scene.b),
  };
  await addExtras(world, scene, path);
  return scene;
}

/** What only some operations name: push subscriptions, a calendar feed, an event ticket, unsubscribe tokens. */
async function addExtras(world: World, scene: Scene, path: string) {
  const { organiser, outsider } = scene.actors;
  const post = (token: string, to: string, json: unknown, what: string) => ok(world.request('POST', to, { token, json }), what);
  if (path.includes('push_subscriptions')) {
    const subscribe = (token: string) =>
      post(
        token,
        '/v1/users/me/push_subscriptions',
        { endpoint: `https://push.exemple.fr/send/${uuidv7()}`, keys: PUSH_KEYS },
        'push subscription',
      );
    scene.subscriptionId = (await subscribe(organiser.token!)).body.data.id;
    scene.otherSubscriptionId = (await subscribe(outsider.token!)).body.data.id;
  }
  if (path.startsWith('/v1/calendar/')) {
    const calendar = await post(organiser.token!, '/v1/users/me/calendar', undefined, 'calendar');
    scene.calendarFile = new URL(calendar.body.data.url as string).pathname.split('/').pop()!;
  }
  if (path.endsWith('/events')) {
    scene.eventTicket = (
      await post(organiser.token!, `/v1/villages/${scene.a.id}/events/ticket`, undefined, 'event ticket')
    ).body.data.ticket;
  }
  if (path.includes('/news/{newsId}')) {
    scene.a.news = await newsPost(world, scene.a, organiser, scene.actors.helper);
    scene.b.news = await newsPost(world, scene.b, outsider);
  }
  if (path.startsWith('/v1/mail/unsubscribe/')) {
    const secret = await sharedSecret(world.db, UNSUBSCRIBE_SECRET)();
    scene.unsubscribeToken = unsubscribeToken(secret, organiser.userId, 'chat');
    scene.otherUnsubscribeToken = unsubscribeToken(secret, outsider.userId, 'chat');
  }
}

/** A post by the village's creator, with a photo and a comment (the member's when given, else the creator's). */
async function newsPost(world: World, v: SceneVillage, creator: Actor, member?: Actor): Promise<NonNullable<SceneVillage['news']>> {
  const [creatorVillager] = await world.db
    .select({ id: villagers.id })
    .from(villagers)
    .where(and(eq(villagers.villageId, v.id), eq(villagers.isCreator, true)));
  const path = `/v1/villages/${v.id}/news`;
  const created = await ok(
    world.request('POST', path, { token: creator.token, json: { author_id: creatorVillager.id, body: 'Nouvelle' } }),
    'news',
  );
  const newsId: string = created.body.data.id;
  const form = new FormData();
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  form.set('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  form.set('updater_id', creatorVillager.id);
  const photo = await ok(world.request('POST', `${path}/${newsId}/photos`, { token: creator.token, body: form }), 'news photo');
  const [token, authorId] = member ? [member.token, v.memberId] : [creator.token, creatorVillager.id];
  const comment = await ok(
    world.request('POST', `${path}/${newsId}/comments`, { token, json: { author_id: authorId, body: 'Courage' } }),
    'news comment',
  );
  return { newsId, photoId: photo.body.data.photos[0].id, commentId: comment.body.data.id };
}

export const PUSH_KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

/** The value of a path parameter that names the scene's own row, as `actor` would send it. */
export function pathValue(scene: Scene, path: string, name: string, actor: Actor): string {
  if (name === 'id' && path.startsWith('/v1/users/')) return actor.userId;
  if (name === 'id' && path.startsWith('/v1/villagers/')) return actor.villagerId;
  if (name === 'villagerId') return path.endsWith('/leave') ? actor.villagerId : scene.a.memberId;
  if (name === 'subscriptionId') return scene.subscriptionId;
  if (name === 'file') return scene.calendarFile;
  if (name === 'token') return scene.unsubscribeToken;
  if (name === 'helpId' && actor.name === 'organiser' && !path.endsWith('/refuse')) return scene.a.ownHelpId;
  return villageRow(scene.a, name) ?? uuidv7();
}

/** The same parameter naming another village's (or another person's) row. */
export function otherPathValue(scene: Scene, path: string, name: string): string | undefined {
  if (name === 'id' && path.startsWith('/v1/users/')) return scene.actors.outsider.userId;
  if (name === 'id' && path.startsWith('/v1/villagers/')) return scene.b.memberId;
  if (name === 'villagerId') return scene.b.memberId;
  if (name === 'subscriptionId') return scene.otherSubscriptionId;
  if (name === 'token') return scene.otherUnsubscribeToken;
  return villageRow(scene.b, name);
}

function villageRow(v: SceneVillage, name: string): string | undefined {
  return ({ id: v.id, needId: v.needId, helpId: v.helpId, invitationId: v.invitationId, ...v.news } as Record<string, string>)[name];
}
