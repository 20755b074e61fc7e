import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';

const database = await createTestDatabase();
afterAll(() => database.close());

describe('listening to the database', () => {
  it('serves several subscribers that start together, each hearing its channels, without a query sent while another runs', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      const heard: string[] = [];
      const down: string[] = [];
      const up = new Set<string>();
      // As the server starts: the live updates, the push dispatch and the mail dispatch, all at once.
      await Promise.all(
        ['village_changed', 'push_due', 'mail_due'].map((channel) =>
          database.listen(
            {
              [channel]: (payload) => heard.push(`${channel}:${payload}`),
              [`${channel}_too`]: (payload) => heard.push(`${channel}_too:${payload}`),
            },
            (healthy) => (healthy ? up.add(channel) : down.push(channel)),
          ),
        ),
      );
      expect([...up].sort()).toEqual(['mail_due', 'push_due', 'village_changed']);
      expect(down).toEqual([]);
      for (const channel of ['village_changed', 'push_due', 'mail_due', 'mail_due_too'])
        await database.db.execute(sql`select pg_notify(${channel}, 'x')`);
      await expect.poll(() => [...heard].sort()).toEqual(['mail_due:x', 'mail_due_too:x', 'push_due:x', 'village_changed:x']);
      // Node reports warnings on the next turn.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
