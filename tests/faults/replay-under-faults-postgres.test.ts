import { describe, it } from 'vitest';
import { postgresReader, run, serverInstances, throwawayPostgres, TITLE } from './replay-run';

const postgres = throwawayPostgres();
const instance = serverInstances();

describe(TITLE, () => {
  it('on PostgreSQL', async () => {
    const url = postgres().database('one_instance');
    const { server } = await instance(url);
    await run('PostgreSQL', [server], [server, server], postgresReader(url));
  }, 240_000);
});
