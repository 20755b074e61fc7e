import { asc, eq, inArray } from 'drizzle-orm';
import type { Village, VillageInclude, VillageNeed } from '../../src/contract';
import type { Executor } from '../db/client';
import { users, villageNeeds, villagers } from '../db/schema';
import type { HelpJsonCache } from './help-json-cache';
import type { KeptPart } from './gzip-parts';
import type { VillageRow } from '../membership';
import type { Serializers } from '../serialize';
import { FULL_AUDIENCE, needFor, type NeedAudience } from '../needs/need-audience';

/**
 * A village's JSON in stretches: what comes before its helps, the helps' chunks (kept between builds, none
 * empty, to be parted by commas), the rest.
 */
export interface VillageJson {
  head: string;
  helps?: KeptPart[];
  tail: string;
}

/**
 * A village's answer as JSON, with the relations asked for, as `audience` is sent it (need-audience.ts): the
 * same for every reader of one audience. With `helpsFrom`, only the helps that start from that instant on. Helps come as JSON kept per help
 * (help-json-cache.ts): a rebuild after a write serializes only the helps it has not seen, and reuses the
 * whole list when none changed.
 */
export async function buildVillageJson(
  db: Executor,
  serialize: Serializers,
  helpJson: HelpJsonCache,
  village: VillageRow,
  include: Set<VillageInclude>,
  helpsFrom: Date | undefined,
  audience: NeedAudience,
): Promise<VillageJson> {
  const { view, needs, hidden } = await readVillage(db, serialize, village, include, audience);
  const json = JSON.stringify(view);
  if (!include.has('helps')) return { head: json, tail: '' };
  // Helps of inactive villagers (out or banned) are ignored, as the spec says and as slots count them:
  // the village never shows them, so app and server agree on who helps and on each slot's places.
  const needJson = include.has('helps.villageNeed') ? new Map([...needs].map(([id, need]) => [id, JSON.stringify(need)])) : undefined;
  // The helps of needs this audience is not sent are not sent either: they would tell when and who.
  const helps = await helpJson.helpsChunks(db, serialize, village.id, helpsFrom, needJson, hidden);
  return { head: `${json.slice(0, -1)},"helps":[`, helps, tail: ']}' };
}

/** A village with its needs and villagers as asked (no helps): what a write answers with. */
export async function buildVillageView(
  db: Executor,
  serialize: Serializers,
  village: VillageRow,
  include: Set<VillageInclude>,
  audience: NeedAudience = FULL_AUDIENCE,
): Promise<Village> {
  return (await readVillage(db, serialize, village, include, audience)).view;
}

async function readVillage(
  db: Executor,
  serialize: Serializers,
  village: VillageRow,
  include: Set<VillageInclude>,
  audience: NeedAudience,
) {
  const view: Village = serialize.village(village);
  const needRows =
    include.has('needs') || include.has('helps.villageNeed') || (include.has('helps') && !audience.full)
      ? await db
          .select()
          .from(villageNeeds)
          .where(eq(villageNeeds.villageId, village.id))
          .orderBy(asc(villageNeeds.createdAt), asc(villageNeeds.id))
      : [];
  // Each need is serialized once, as this audience is sent it, then shared by the helps that carry it.
  const needs = new Map<string, VillageNeed>();
  const hidden = new Set<string>();
  for (const row of needRows) {
    const need = needFor(audience, serialize.need(row));
    if (need) needs.set(row.id, need);
    else hidden.add(row.id);
  }
  if (include.has('needs')) view.needs = [...needs.values()];
  if (include.has('villagers')) {
    const rows = await db
      .select()
      .from(villagers)
      .where(eq(villagers.villageId, village.id))
      .orderBy(asc(villagers.createdAt), asc(villagers.id));
    const userIds = rows.map((r) => r.userId).filter((id): id is string => !!id);
    const people =
      include.has('villagers.user') && userIds.length
        ? await db
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, photoKey: users.photoKey })
            .from(users)
            .where(inArray(users.id, userIds))
        : [];
    const byId = new Map(people.map((p) => [p.id, p]));
    view.villagers = rows.map((r) => {
      const villager = serialize.villager(r);
      if (!include.has('villagers.user')) return villager;
      const person = r.userId ? byId.get(r.userId) : undefined;
      const user = person ? serialize.publicUser(person) : null;
      if (user && !include.has('villagers.user.photo')) user.photo = null;
      return { ...villager, user };
    });
  }
  return { view, needs, hidden };
}
