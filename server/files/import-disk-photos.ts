import { readdir, readFile, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { FileStore } from './store';

const PHOTO_FILE = /^[a-z0-9-]+\.webp$/;

/**
 * Moves the photos an earlier version kept on this instance's disk (DATA_DIR/uploads) into the shared store,
 * at start. Each file is deleted once stored, so a photo removed later is not brought back by the next start;
 * the folder goes when empty. Nothing there (the usual case): nothing done.
 */
export async function importDiskPhotos(dir: string, store: FileStore, logger: Logger): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let moved = 0;
  for (const name of names) {
    if (!PHOTO_FILE.test(name)) continue;
    const path = join(dir, name);
    // Another instance sharing this folder may have moved it meanwhile: then there is nothing left to do.
    const data = await readFile(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!data) continue;
    await store.put(name, data);
    await rm(path, { force: true });
    moved += 1;
  }
  if (moved > 0) logger.info({ moved, from: dir }, 'photos moved from the disk into the database');
  await rmdir(dir).catch(() => undefined);
  return moved;
}
