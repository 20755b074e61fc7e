import { and, eq, gte } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { helps, users, villageNeeds, villagers, villages } from '../db/schema';
import type { CalendarEvent } from './icalendar';

const HOUR_MS = 3600 * 1000;
// Old slots only weigh on every refresh of every subscribed app: a year back is history enough.
const HISTORY_MS = 365 * 24 * HOUR_MS;

type Row = {
  help: typeof helps.$inferSelect;
  needName: string;
};

/** The need's helps screen in the app, where the slot can be seen and changed. */
const helpsScreen = (publicUrl: string, help: Row['help']) =>
  `${publicUrl}/dashboard/villages/${help.villageId}/needs/${help.villageNeedId}/helps`;

function toEvent(publicUrl: string, row: Row, summary: string): CalendarEvent {
  const { help } = row;
  return {
    uid: `${help.id}@village`,
    start: help.startDate,
    // A slot without an end still needs a length to show in a calendar: one hour.
    end: help.endDate ?? new Date(help.startDate.getTime() + HOUR_MS),
    summary,
    description: help.comment,
    url: helpsScreen(publicUrl, help),
  };
}

const activeHelper = and(eq(villagers.isOut, false), eq(villagers.isBan, false));

/** The slots a user took, in the villages where they are still an active villager. */
export async function userEvents(db: Executor, publicUrl: string, userId: string, now: Date) {
  const rows = await db
    .select({ help: helps, needName: villageNeeds.name, villageFirstName: villages.firstName, villageName: villages.name })
    .from(helps)
    .innerJoin(villagers, eq(villagers.id, helps.helperId))
    .innerJoin(villageNeeds, eq(villageNeeds.id, helps.villageNeedId))
    .innerJoin(villages, eq(villages.id, helps.villageId))
    .where(and(eq(villagers.userId, userId), activeHelper, gte(helps.startDate, new Date(now.getTime() - HISTORY_MS))))
    .orderBy(helps.startDate);
  return rows.map((row) => {
    const village = row.villageFirstName ? `village de ${row.villageFirstName}` : (row.villageName ?? 'village');
    return toEvent(publicUrl, row, `${row.needName} (${village})`);
  });
}

/** A village's planning: the slots of its active villagers. */
export async function villageEvents(db: Executor, publicUrl: string, villageId: string, now: Date) {
  const rows = await db
    .select({ help: helps, needName: villageNeeds.name, helperName: users.firstName })
    .from(helps)
    .innerJoin(villagers, eq(villagers.id, helps.helperId))
    .innerJoin(villageNeeds, eq(villageNeeds.id, helps.villageNeedId))
    .leftJoin(users, eq(users.id, villagers.userId))
    .where(and(eq(helps.villageId, villageId), activeHelper, gte(helps.startDate, new Date(now.getTime() - HISTORY_MS))))
    .orderBy(helps.startDate);
  return rows.map((row) => toEvent(publicUrl, row, `${row.needName} — ${row.helperName ?? 'un membre'}`));
}
