/**
 * The world `npm run bench:load` runs on: 24 accounts written straight into the database before the server
 * starts (registering through the API would trip its per-address rate limit), then through the API four
 * villages that every account joins, each with 20 needs and 150 helps, so every read of a village is a full
 * view of a real size and writes spread over several villages and authors.
 */
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../server/db/client';
import { prepare } from '../../server/db/open';
import { sessions, users } from '../../server/db/schema';
import { hashPassword } from '../../server/auth/passwords';
import { newToken } from '../../server/auth/tokens';
import { call } from './bench-server';

export const USERS = 24;
const VILLAGES = 4;
const NEEDS = 20;
const HELPS = 150;

export interface LoadWorld {
  villages: { id: string; needIds: string[]; members: { token: string; villagerId: string }[] }[];
}

export async function seedAccounts(database: Database): Promise<string[]> {
  await prepare(database);
  const passwordHash = await hashPassword('motdepasse-bench');
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const id = uuidv7();
    await database.db
      .insert(users)
      .values({ id, email: `charge.${i}.${id}@exemple.fr`, passwordHash, firstName: `Prénom${i}`, lastName: 'Charge' });
    const { token, hash } = newToken();
    await database.db.insert(sessions).values({ tokenHash: hash, userId: id });
    tokens.push(token);
  }
  await database.close();
  return tokens;
}

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

/** Helps start in the future whatever day the bench runs: from tomorrow on, an hour each. */
export function helpTimes(n: number) {
  const start = new Date(Date.now() + (1 + (n % 60)) * 24 * 3600_000);
  start.setUTCHours(7 + (n % 11), 0, 0, 0);
  return { start_date: start.toISOString(), end_date: new Date(start.getTime() + 3600_000).toISOString() };
}

export async function seedVillages(base: string, tokens: string[]): Promise<LoadWorld> {
  const world: LoadWorld = { villages: [] };
  for (let v = 0; v < VILLAGES; v++) {
    const owner = tokens[v];
    const village = (
      await call(base, 'POST', '/v1/villages', owner, { creation_mode: 2, first_name: 'Jeanne', name: `Village de charge ${v}` })
    ).data;
    const creatorId = village.villagers[0].id as string;
    await call(base, 'PUT', `/v1/villages/${village.id}/fc`, owner, { creator_id: creatorId });
    await call(base, 'PUT', `/v1/villages/${village.id}/vo`, owner, { villager_id: creatorId });
    const members = [{ token: owner, villagerId: creatorId }];
    await inBatches(
      tokens.filter((t) => t !== owner),
      8,
      async (token) => {
        const joined = (await call(base, 'PUT', '/v1/villages/join/helper', token, { share_code: village.share_code })).data;
        members.push({ token, villagerId: joined.id });
      },
    );
    const needIds: string[] = [];
    await inBatches(
      Array.from({ length: NEEDS }, (_, i) => i),
      10,
      async (i) => {
        needIds.push(
          (
            await call(base, 'POST', `/v1/villages/${village.id}/needs`, owner, {
              villager_id: creatorId,
              name: `Besoin n° ${i}`,
              description: 'Courses, repas, une visite : ce qui aide cette semaine.',
            })
          ).data.id,
        );
      },
    );
    await inBatches(
      Array.from({ length: HELPS }, (_, i) => i),
      20,
      async (i) => {
        const who = members[i % members.length];
        await call(base, 'POST', `/v1/villages/${village.id}/needs/${needIds[i % needIds.length]}/helps`, who.token, {
          helper_id: who.villagerId,
          ...helpTimes(i),
          comment: 'Je peux passer en fin de matinée.',
        });
      },
    );
    world.villages.push({ id: village.id, needIds, members });
  }
  return world;
}
