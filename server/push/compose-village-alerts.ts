import { eq } from 'drizzle-orm';
import { formatSlotStart } from '../../src/contract/french-time';
import { gapHorizonEnd } from '../../src/contract/gap-horizon';
import { storedChoice } from '../../src/contract/notification-settings';
import type { PushPayload } from '../../src/contract/push';
import { DateTime } from 'luxon';
import type { Executor } from '../db/client';
import { villages } from '../db/schema';
import { counted, villageTitle } from '../mail/kinds/digest-village';
import { openSlotsOf } from '../mail/kinds/open-slots';
import { NUDGE_WEEK_DAYS } from '../mail/kinds/nudge-producer';
import { nudgeSentence } from '../mail/kinds/nudge-mail';
import { readStoredSettingsOf } from '../mail/preferences';

type Member = {
  id: string;
  userId: string | null;
  isCreator: boolean;
  isNeedy: boolean;
  isManager: boolean;
  isOut: boolean;
  isBan: boolean;
};
type Told = { villagerIds: string[]; payload: Omit<PushPayload, 'kind' | 'village_id'> };

const DAY_MS = 24 * 3600_000;

/**
 * The pushes the clock queues for a village (gap-alert-producer.ts, nudge-producer.ts), composed when sent
 * from what is true then: the slots still open (none: nothing is sent), the members still there. `gaps` goes
 * to the organisers and to the members who turned it on by push; `nudges` to the members it names.
 */
export async function composeVillageAlert(
  db: Executor,
  job: { kind: string; data: Record<string, unknown> },
  village: { id: string; firstName: string | null; name: string | null; timeZone: string },
  label: string,
  members: Member[],
  now: Date,
): Promise<Told | null> {
  const active = members.filter((m) => !m.isOut && !m.isBan && m.userId);
  const base = `/dashboard/villages/${village.id}`;
  if (job.kind === 'gaps') {
    const [row] = await db.select({ horizon: villages.gapHorizonDays }).from(villages).where(eq(villages.id, village.id));
    const open = (
      await openSlotsOf(db, [{ villageId: village.id, timeZone: village.timeZone, to: gapHorizonEnd(now, row?.horizon) }], now)
    ).get(village.id);
    if (!open) return null;
    const stored = await readStoredSettingsOf(
      db,
      active.map((m) => m.userId!),
    );
    const organiser = (m: Member) => m.isCreator || m.isNeedy || m.isManager;
    const who = active.filter((m) => organiser(m) || storedChoice(stored.get(m.userId!), 'push', 'gaps') === true);
    const first = open[0];
    return {
      villagerIds: who.map((m) => m.id),
      payload: {
        title: `Créneaux urgents · ${label}`,
        body: `${counted(open.length, 'créneau encore sans personne', 'créneaux encore sans personne')}, le premier «\u00a0${first.need_name}\u00a0», ${formatSlotStart(first.start_date, village.timeZone, DateTime.fromJSDate(now))}.`,
        url: `${base}/planning?filtre=a-pourvoir`,
        tag: `gaps-${village.id}`,
      },
    };
  }
  if (job.kind === 'nudges') {
    const named = new Set(Array.isArray(job.data.villager_ids) ? job.data.villager_ids.map(String) : []);
    const open = (
      await openSlotsOf(
        db,
        [{ villageId: village.id, timeZone: village.timeZone, to: new Date(now.getTime() + NUDGE_WEEK_DAYS * DAY_MS) }],
        now,
      )
    ).get(village.id);
    if (!open) return null;
    return {
      villagerIds: active.filter((m) => named.has(m.id)).map((m) => m.id),
      payload: {
        title: label,
        body: `${nudgeSentence(villageTitle(village), open.length)}.`,
        url: `${base}/planning?filtre=a-pourvoir`,
        tag: `nudge-${village.id}`,
      },
    };
  }
  return null;
}
