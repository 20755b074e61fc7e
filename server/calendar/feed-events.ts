import { and, eq, gte } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { helps, users, villageNeeds, villagers, villages } from '../db/schema';
import { villageSlots } from '../slots/village-slots';
import type { CalendarEvent } from './icalendar';
import { eventDescription } from './practical-details';
import { openSlotEvents } from './open-slot-events';
import { audienceFrom, needRowFor, type NeedAudience } from '../needs/need-audience';
import type { VillagerRow } from '../membership';

const HOUR_MS = 3600 * 1000;
// Old slots only weigh on every refresh of every subscribed app: a year back is history enough.
const HISTORY_MS = 365 * 24 * HOUR_MS;
/** How far ahead a village calendar shows the slots still to fill. */
export const OPEN_SLOTS_AHEAD_DAYS = 90;

type Row = {
  help: typeof helps.$inferSelect;
  need: typeof villageNeeds.$inferSelect;
};

/** The need's helps screen in the app, where the slot can be seen and changed. */
const helpsScreen = (publicUrl: string, help: Row['help']) =>
  `${publicUrl}/dashboard/villages/${help.villageId}/needs/${help.villageNeedId}/helps`;

function toEvent(publicUrl: string, row: Row, summary: string): CalendarEvent {
  const { help, need } = row;
  return {
    uid: `${help.id}@village`,
    start: help.startDate,
    // A slot without an end still needs a length to show in a calendar: one hour.
    end: help.endDate ?? new Date(help.startDate.getTime() + HOUR_MS),
    summary,
    description: eventDescription(help.comment, need),
    location: need.address,
    url: helpsScreen(publicUrl, help),
  };
}

const activeHelper = and(eq(villagers.isOut, false), eq(villagers.isBan, false));

/** The slots a user took, in the villages where they are still an active villager. */
export async function userEvents(db: Executor, publicUrl: string, userId: string, now: Date) {
  const rows = await db
    .select({ help: helps, need: villageNeeds, villager: villagers, villageFirstName: villages.firstName, villageName: villages.name })
    .from(helps)
    .innerJoin(villagers, eq(villagers.id, helps.helperId))
    .innerJoin(villageNeeds, eq(villageNeeds.id, helps.villageNeedId))
    .innerJoin(villages, eq(villages.id, helps.villageId))
    .where(and(eq(villagers.userId, userId), activeHelper, gte(helps.startDate, new Date(now.getTime() - HISTORY_MS))))
    .orderBy(helps.startDate);
  // Their own slots, but a need's address and door code only while they hold one of its helps not yet past.
  const audiences = new Map<string, NeedAudience>();
  const audienceOf = (villager: VillagerRow) => {
    let audience = audiences.get(villager.id);
    if (!audience) {
      const own = rows.filter((row) => row.villager.id === villager.id);
      // Every need here is one they hold a help of: seen, organisers-only or not.
      const held = own.map((row) => ({ needId: row.need.id, until: row.help.endDate ?? row.help.startDate, organisersOnly: true }));
      audience = audienceFrom(villager, held, now);
      audiences.set(villager.id, audience);
    }
    return audience;
  };
  return rows.map((row) => {
    const village = row.villageFirstName ? `village de ${row.villageFirstName}` : (row.villageName ?? 'village');
    const need = needRowFor(audienceOf(row.villager), row.need) ?? row.need;
    return toEvent(publicUrl, { help: row.help, need }, `${row.need.name} (${village})`);
  });
}

/**
 * A village's planning: the slots of its active villagers, and the occurrences of its scheduled needs
 * that still have a free place over the next 90 days, as "À pourvoir" events.
 */
export async function villageEvents(
  db: Executor,
  publicUrl: string,
  village: { id: string; timeZone: string },
  audience: NeedAudience,
  now: Date,
) {
  const rows = await db
    .select({ help: helps, need: villageNeeds, helperName: users.firstName })
    .from(helps)
    .innerJoin(villagers, eq(villagers.id, helps.helperId))
    .innerJoin(villageNeeds, eq(villageNeeds.id, helps.villageNeedId))
    .leftJoin(users, eq(users.id, villagers.userId))
    .where(and(eq(helps.villageId, village.id), activeHelper, gte(helps.startDate, new Date(now.getTime() - HISTORY_MS))))
    .orderBy(helps.startDate);
  // As the village read: needs this reader may not see are left out, details they may not read too.
  const taken = rows.flatMap((row) => {
    const need = needRowFor(audience, row.need);
    return need ? [toEvent(publicUrl, { help: row.help, need }, `${need.name} — ${row.helperName ?? 'un membre'}`)] : [];
  });
  const until = new Date(now.getTime() + OPEN_SLOTS_AHEAD_DAYS * 24 * HOUR_MS);
  const { slots, needs } = await villageSlots(db, village, now, until, now);
  const shown = needs.flatMap((row) => needRowFor(audience, row) ?? []);
  const open = openSlotEvents(publicUrl, village.id, slots, shown);
  // Stable sort: at one instant the taken slots come before the open ones, as they did before.
  return [...taken, ...open].sort((a, b) => a.start.getTime() - b.start.getTime());
}
