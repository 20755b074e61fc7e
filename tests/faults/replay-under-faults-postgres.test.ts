import { describe, expect, it } from 'vitest';
import { postgresReader, run, serverInstances, throwawayPostgres, TITLE } from './replay-run';

const postgres = throwawayPostgres();
const instance = serverInstances();

describe(TITLE, () => {
  it('on PostgreSQL', async () => {
    // The checks are replay-run.ts's: the test fails if none of them ran.
    expect.hasAssertions();
    const url = postgres().database('one_instance');
    const { server } = await instance(url);
    await run('PostgreSQL', [server], [server, server], postgresReader(url));
  }, 240_000);
});
