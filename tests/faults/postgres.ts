/**
 * A throwaway PostgreSQL server of the fault tests' own (made by .ci/start-postgres.sh, Debian's package), which
 * a test may kill and start again under a running app: TEST_DATABASE_URL's server is shared, so never that one.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

export interface ThrowawayPostgres {
  url: string;
  /** The server killed at once (`pg_ctl stop -m immediate`: no shutdown checkpoint, as a crash). */
  kill(): void;
  /** Started again on the same port and data. */
  start(): void;
  /** Stopped for good and its directory removed. */
  remove(): Promise<void>;
  /** An empty database of its own on this server, by name. */
  database(name: string): string;
}

const bin = () => {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
  return join('/usr/lib/postgresql', versions.at(-1)!, 'bin');
};

// As root, PostgreSQL refuses to run: the server belongs to the postgres user, as the script set it up.
const asOwner = (command: string) =>
  process.getuid?.() === 0
    ? execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', command], { stdio: 'pipe' })
    : execFileSync('bash', ['-c', command], { stdio: 'pipe' });

export async function startPostgres(): Promise<ThrowawayPostgres> {
  const dir = await mkdtemp(join(tmpdir(), 'village-faults-pg-'));
  const url = execFileSync('bash', [join(root, '.ci', 'start-postgres.sh'), dir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
  const port = new URL(url).port;
  const ctl = `${bin()}/pg_ctl -D ${dir}`;
  const psql = (sql: string) => execFileSync(`${bin()}/psql`, [url, '-qAtc', sql], { stdio: 'pipe' });
  return {
    url,
    kill: () => asOwner(`${ctl} -m immediate -w stop`),
    start: () =>
      asOwner(`${ctl} -o '-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off' -l ${dir}/log -w start`),
    async remove() {
      try {
        asOwner(`${ctl} -m immediate -w stop`);
      } catch {
        // already stopped
      }
      await rm(dir, { recursive: true, force: true });
    },
    database(name) {
      psql(`CREATE DATABASE "${name}"`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      return target.toString();
    },
  };
}
