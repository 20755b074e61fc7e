import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/**
 * The Node flags of package.json's `start` script (`node <flags> server/build/start.mjs`): the tests and the
 * benches that start the server in its own process run it with them too, as `npm start` does.
 */
export const startNodeFlags: readonly string[] = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start as string)
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));
