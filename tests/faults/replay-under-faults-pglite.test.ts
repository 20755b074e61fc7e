import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openPglite } from '../../server/db/open';
import { dataDirState, run, serverInstances, TITLE } from './replay-run';
import { serverState } from './replay-world';

const instance = serverInstances();

describe(TITLE, () => {
  it('on PGlite', async () => {
    // The checks are replay-run.ts's: the test fails if none of them ran.
    expect.hasAssertions();
    const { server, dataDir } = await instance();
    await run('PGlite', [server], [server, server], async (expected) => {
      // The embedded database has one owner: read once the server is stopped.
      await server.stop();
      const database = await openPglite({ dataDir: join(dataDir, 'pglite') }).catch(async (error: unknown) => {
        throw new Error(
          `PGlite did not open the data directory the server left: ${String(error)}\n${await dataDirState(join(dataDir, 'pglite'))}\nserver output:\n${server.output().slice(-6000)}`,
        );
      });
      try {
        return await serverState(database, expected);
      } finally {
        await database.close();
      }
    });
  }, 240_000);
});
