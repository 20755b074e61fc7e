import { and, eq, like, sql } from 'drizzle-orm';
import { mailJobs, pushJobs } from '../db/schema';
import { parseMail, type ParsedMail } from './parse-mail';
import type { TestUser, World } from './world';

/** A wall-clock hour in Paris in autumn or winter (UTC+1) of a day, as an instant. */
export const parisWinterAt = (day: string, hour: number, minute = 0) =>
  new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), hour - 1, minute));

/** What a producer's tests read: the mails a person received whose subject matches, its keys, a village's queued pushes of a kind. */
export function producerReads(world: World, smtp: { received: Array<{ to: string[]; raw: string }> }) {
  return {
    mailsTo: (user: TestUser, subject: RegExp): ParsedMail[] =>
      smtp.received
        .filter((m) => m.to.includes(user.email))
        .map((m) => parseMail(m.raw))
        .filter((m) => subject.test(m.headers.get('subject')!)),
    keysLike: (prefix: string) =>
      world.db
        .select()
        .from(mailJobs)
        .where(like(mailJobs.key, `${prefix}%`)),
    pushesOf: (villageId: string, kind: string) =>
      world.db
        .select({ villageId: pushJobs.villageId, kind: pushJobs.kind, data: sql<Record<string, unknown>>`${pushJobs.data}` })
        .from(pushJobs)
        .where(and(eq(pushJobs.villageId, villageId), eq(pushJobs.kind, kind))),
  };
}

/** Claire's open village with these members joined as helpers, by first name. */
export async function villageWithMembers(world: World, names: string[]) {
  const creator = await world.user('Claire');
  const village = await world.village(creator);
  const members: Record<string, { user: TestUser; villager: string }> = {};
  for (const name of names) {
    const user = await world.user(name);
    members[name] = { user, villager: await world.join(user, village.shareCode) };
  }
  return { creator, village, members };
}
