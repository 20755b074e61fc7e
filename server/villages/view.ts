import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Village, VillageInclude } from '../../src/contract';
import type { Executor } from '../db/client';
import { helps, users, villageNeeds, villagers } from '../db/schema';
import type { VillageRow } from '../policy';
import type { Serializers } from '../serialize';

/**
 * A village with the relations asked for; the same for every active villager who reads it. With
 * `helpsFrom`, only the helps that start from that instant on.
 */
export async function buildVillageView(
  db: Executor,
  serialize: Serializers,
  village: VillageRow,
  include: Set<VillageInclude>,
  helpsFrom?: Date,
): Promise<Village> {
  const view: Village = serialize.village(village);
  const needRows =
    include.has('needs') || include.has('helps.villageNeed')
      ? await db.select().from(villageNeeds).where(eq(villageNeeds.villageId, village.id)).orderBy(asc(villageNeeds.createdAt), asc(villageNeeds.id))
      : [];
  // Each need is serialized once, then shared by the helps that carry it.
  const needs = new Map(needRows.map((n) => [n.id, serialize.need(n)]));
  if (include.has('needs')) view.needs = [...needs.values()];
  if (include.has('villagers')) {
    const rows = await db.select().from(villagers).where(eq(villagers.villageId, village.id)).orderBy(asc(villagers.createdAt), asc(villagers.id));
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
  if (include.has('helps')) {
    // Helps of inactive villagers (out or banned) are ignored, as the spec says and as slots count them:
    // the village never shows them, so app and server agree on who helps and on each slot's places.
    const rows = await db
      .select({ help: helps })
      .from(helps)
      .innerJoin(villagers, eq(villagers.id, helps.helperId))
      .where(
        and(
          eq(helps.villageId, village.id),
          eq(villagers.isOut, false),
          eq(villagers.isBan, false),
          helpsFrom ? gte(helps.startDate, helpsFrom) : undefined,
        ),
      )
      .orderBy(asc(helps.startDate), asc(helps.id))
      .then((joined) => joined.map((j) => j.help));
    view.helps = rows.map((r) => {
      const help = serialize.help(r);
      const need = include.has('helps.villageNeed') ? needs.get(r.villageNeedId) : undefined;
      return need ? { ...help, village_need: need } : help;
    });
  }
  return view;
}
