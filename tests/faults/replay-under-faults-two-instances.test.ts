import { describe, expect, it } from 'vitest';
import { postgresReader, run, serverInstances, throwawayPostgres, TITLE } from './replay-run';

const postgres = throwawayPostgres();
const instance = serverInstances();

describe(TITLE, () => {
  it('across two instances on one PostgreSQL, the proxy taking them in turn, each killed once', async () => {
    // The checks are replay-run.ts's: the test fails if none of them ran.
    expect.hasAssertions();
    const url = postgres().database('two_instances');
    const [one, two] = await Promise.all([instance(url), instance(url)]);
    await run('PostgreSQL, two instances', [one.server, two.server], [one.server, two.server], postgresReader(url));
  }, 240_000);
});
