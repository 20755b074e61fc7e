import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { users, villagers } from '../db/schema';
import { notFound, text } from '../http/errors';

/** A villager of this village with their first name (null once their account is deleted); 404 otherwise. */
export async function findVillager(tx: Executor, villageId: string, villagerId: string) {
  const [row] = await tx
    .select({ villager: villagers, firstName: users.firstName })
    .from(villagers)
    .leftJoin(users, eq(users.id, villagers.userId))
    .where(and(eq(villagers.id, villagerId), eq(villagers.villageId, villageId)));
  if (!row) throw notFound(text.villagerNotFound);
  return row;
}
