import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { v7 as uuidv7 } from 'uuid';
import { messages, VILLAGE_STATE, type VillageInclude } from '../../src/contract';
import type { QueryOf } from '../../src/contract/endpoint';
import { createVillage, getVillage, listUserVillages, listVillages, updateVillage } from '../../src/contract/endpoints/villages';
import type { AppEnv, Deps } from '../deps';
import type { Executor } from '../db/client';
import { villageNeeds, villagers, villages } from '../db/schema';
import { releaseRemovedSlots } from '../needs/schedule-edit';
import { conflict, invalid, text } from '../http/errors';
import { plainAnswer } from '../http/plain-answer';
import { checkedPhone } from '../http/checked-phone';
import { route, type App } from '../http/route';
import { write } from '../http/write';
import { ownAccountOnly } from '../users/own-account';
import { recordAction } from '../actions/record';
import type { VillageRow, VillagerRow } from '../membership';
import { actingAs, canManage, canRead, loadMembership, readMembership } from '../policy';
import type { Serializers } from '../serialize';
import { newShareCode } from './share-code';
import { includeKey, parseVillageIncludes } from './includes';
import { buildVillageJson, buildVillageView } from './view';
import { createHelpJsonCache } from './help-json-cache';
import { noteSeen } from '../villagers/last-seen';
import type { VillageViewCache } from './view-cache';
import { createHeldNeedsCache } from '../needs/held-needs-cache';
import type { NeedAudience } from '../needs/need-audience';

/** The villages themselves: list, create, read (the hot path, cached) and update. */
export function villageRoutes(app: App, deps: Deps, serialize: Serializers, cache: VillageViewCache) {
  const helpJson = createHelpJsonCache();
  const held = createHeldNeedsCache();
  // Readers ask with a handful of include strings: each is parsed once (it was 3 % of a read's time).
  const readings = new Map<string, { include: Set<VillageInclude>; key: string; from?: Date }>();
  const reading = (rawInclude: string | undefined, helpsFrom: string | undefined) => {
    const asked = `${rawInclude ?? ''}|${helpsFrom ?? ''}`;
    let known = readings.get(asked);
    if (!known) {
      const include = parseVillageIncludes(rawInclude);
      // Readers of one day ask for the same window: they share its view.
      const windowed = helpsFrom !== undefined && include.has('helps');
      known = {
        include,
        key: windowed ? `${includeKey(include)};from=${helpsFrom}` : includeKey(include),
        from: windowed ? new Date(`${helpsFrom}T00:00:00Z`) : undefined,
      };
      if (readings.size >= 1_000) readings.clear();
      readings.set(asked, known);
    }
    return known;
  };
  // Kept by audience (need-audience.ts): organisers share one answer, helpers without details to read
  // another, and helpers holding a slot of a need with details one per set of such needs.
  const viewJson = async (db: Executor, village: VillageRow, reader: VillagerRow, rawInclude: string | undefined, helpsFrom?: string) => {
    const { include, key, from } = reading(rawInclude, helpsFrom);
    const audience: NeedAudience = await held.audience(db, village, reader, deps.clock.now());
    const audienceKey = `${key};${audience.key}`;
    const view = await cache.getOrBuild(village.id, village.revision, audienceKey, () =>
      buildVillageJson(db, serialize, helpJson, village, include, from, audience),
    );
    return { ...view, etag: `W/"${village.id}:${view.revision}:${audienceKey}"` };
  };

  const villagesOf = async (c: Context<AppEnv>, userId: string, q: QueryOf<typeof listVillages>) => {
    const rows = await deps.db
      .select({ village: villages, villager: villagers })
      .from(villagers)
      .innerJoin(villages, eq(villages.id, villagers.villageId))
      .where(
        and(
          eq(villagers.userId, userId),
          eq(villagers.isOut, false),
          eq(villagers.isBan, false),
          q.state === undefined ? undefined : eq(villages.state, q.state),
        ),
      )
      .orderBy(asc(villages.createdAt));
    const parts: Buffer[] = [];
    for (const row of rows) parts.push((await viewJson(deps.db, row.village, row.villager, q.include)).village);
    const list = Buffer.concat([Buffer.from('{"data":['), ...parts.flatMap((part, i) => (i ? [COMMA, part] : [part])), Buffer.from(']}')]);
    return c.body(bytes(list), 200, { 'Content-Type': 'application/json; charset=UTF-8' });
  };

  route(app, listVillages, (c, { user, query }) => villagesOf(c, user.id, query));
  route(app, listUserVillages, ownAccountOnly, (c, { user, query }) => villagesOf(c, user.id, query));

  route(app, createVillage, async (c, { user, body: input }) => {
    const phone = checkedPhone(input.phone);
    return write(c, deps, 201, async (tx) => {
      const now = deps.clock.now();
      const id = input.id?.toLowerCase() ?? uuidv7();
      const { id: _ignored, villager_id: creatorVillagerId, creation_mode, gap_horizon_days: _horizon, ...fields } = input;
      let village: VillageRow | undefined;
      for (let attempt = 0; !village && attempt < 5; attempt++) {
        const [taken] = await tx.select({ id: villages.id }).from(villages).where(eq(villages.id, id));
        if (taken) throw conflict(text.idTaken);
        [village] = await tx
          .insert(villages)
          .values({
            id,
            state: VILLAGE_STATE.creation,
            creationMode: creation_mode,
            ...columns({ ...fields, phone }),
            // Absent: the column's default, Europe/Paris.
            timeZone: input.time_zone,
            gapHorizonDays: input.gap_horizon_days,
            shareCode: newShareCode(),
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning();
      }
      if (!village) throw new Error('no free share code after 5 attempts');
      const villagerId = creatorVillagerId?.toLowerCase() ?? uuidv7();
      const [creator] = await tx
        .insert(villagers)
        .values({
          id: villagerId,
          villageId: village.id,
          userId: user.id,
          isCreator: true,
          isNeedy: creation_mode === 1,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: villagers.id });
      if (!creator) throw conflict(text.idTaken);
      await recordAction(tx, { villageId: village.id, villagerId, type: 'village_created' }, now);
      const [fresh] = await tx.select().from(villages).where(eq(villages.id, village.id));
      return buildVillageView(tx, serialize, fresh, parseVillageIncludes('villagers'));
    });
  });

  const ids = { id: text.villageNotFound };

  route(app, getVillage, { ids }, async (c, { user, params: { id }, query }) => {
    const membership = await readMembership(deps, id, user.id);
    const reader = canRead(membership);
    const view = await viewJson(deps.db, membership.village, reader, query.include, query.helps_from);
    // The reader opened the village (a 304 too), once the request proved good: the chat digest will not tell
    // them what it showed.
    await noteSeen(deps, reader.id);
    const headers: Record<string, string> = { ETag: view.etag, 'Cache-Control': 'private, no-cache', Vary: 'Accept-Encoding' };
    if (c.req.header('If-None-Match') === view.etag) return plainAnswer(null, 304, headers);
    headers['Content-Type'] = 'application/json; charset=UTF-8';
    // The village is the largest answer of the API (hundreds of KiB with its helps): sent compressed when
    // accepted, Brotli once its copy is made (every browser asks for it), else gzip.
    const accepted = c.req.header('Accept-Encoding') ?? '';
    if (view.brotli && /\bbr\b/.test(accepted)) return plainAnswer(bytes(view.brotli), 200, { ...headers, 'Content-Encoding': 'br' });
    if (/\bgzip\b/.test(accepted)) return plainAnswer(bytes(view.gzipped), 200, { ...headers, 'Content-Encoding': 'gzip' });
    return plainAnswer(bytes(view.body), 200, headers);
  });

  route(app, updateVillage, { ids }, async (c, { user, params: { id }, body: input }) => {
    const phone = checkedPhone(input.phone);
    return write(c, deps, 200, async (tx) => {
      const m = await loadMembership(tx, id, user.id);
      canManage(m);
      const actor = actingAs(m, input.updater_id);
      const { updater_id: _updater, gap_horizon_days: _horizon, ...fields } = input;
      // A zone is never null (the contract's TimeZone): absent leaves it as it is.
      const changes = {
        ...columns({ ...fields, phone }),
        ...(input.time_zone ? { timeZone: input.time_zone } : {}),
        ...(input.gap_horizon_days !== undefined ? { gapHorizonDays: input.gap_horizon_days } : {}),
      };
      const merged = { ...m.village, ...changes };
      if (merged.startDate && merged.endDate && merged.endDate < merged.startDate) {
        throw invalid([{ field: 'end_date', message: messages.endBeforeStart }]);
      }
      const now = deps.clock.now();
      if (Object.keys(changes).length)
        await tx
          .update(villages)
          .set({ ...changes, updatedAt: now })
          .where(eq(villages.id, id));
      // Another zone moves every slot in time: the helps no longer on one are released and told, as for a schedule edit.
      if (input.time_zone && input.time_zone !== m.village.timeZone) await releaseAfterZoneChange(tx, id, input.time_zone, actor.id, now);
      await recordAction(tx, { villageId: id, villagerId: actor.id, type: 'village_updated', data: { fields: Object.keys(fields) } }, now);
      const [fresh] = await tx.select().from(villages).where(eq(villages.id, id));
      return serialize.village(fresh);
    });
  });
}

/** Each scheduled need of the village checked against its slots in the new zone. */
async function releaseAfterZoneChange(tx: Executor, villageId: string, zone: string, actorId: string, now: Date) {
  const scheduled = await tx
    .select({ id: villageNeeds.id, name: villageNeeds.name, schedule: villageNeeds.schedule })
    .from(villageNeeds)
    .where(and(eq(villageNeeds.villageId, villageId), isNotNull(villageNeeds.schedule)));
  for (const need of scheduled) {
    if (need.schedule) await releaseRemovedSlots(tx, { villageId, zone, need, schedule: need.schedule, actorId, now });
  }
}

const COMMA = Buffer.from(',');
/** The buffer's bytes without a copy. */
const bytes = (b: Buffer) => new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength);

/** Contract field names to database columns, keeping only what was sent. */
function columns(fields: Partial<Record<string, string | null | undefined>>) {
  const map = {
    name: 'name',
    reason: 'reason',
    infos: 'infos',
    home_infos: 'homeInfos',
    phone: 'phone',
    start_date: 'startDate',
    end_date: 'endDate',
    first_name: 'firstName',
    last_name: 'lastName',
    relationship: 'relationship',
  } as const;
  const out: Partial<Record<(typeof map)[keyof typeof map], string | null>> = {};
  for (const [field, column] of Object.entries(map)) {
    const value = fields[field];
    if (value !== undefined) out[column] = value;
  }
  return out;
}
