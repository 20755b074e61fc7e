import { zipSync, strToU8, type Zippable } from 'fflate';
import type { Context } from 'hono';
import type { VillagerRow } from '../membership';

/**
 * How many rows of one kind an export carries at most. An export reads each kind once with this limit, so its
 * memory stays bounded however old the account or the village; a file that hit it says so (`truncated`).
 */
export const EXPORT_ROW_CAP = 5_000;
/** How many news photos a village's archive carries at most (each up to 10 MB: src/contract/photo-rules.ts). */
export const EXPORT_PHOTO_CAP = 200;

export type ZipFiles = Record<string, string | Uint8Array>;

/** The files as one ZIP; text is UTF-8. Photos are already compressed: stored as they are. */
export function zipFiles(files: ZipFiles): Uint8Array {
  const entries: Zippable = {};
  for (const [name, content] of Object.entries(files)) {
    entries[name] = typeof content === 'string' ? strToU8(content) : [content, { level: 0 }];
  }
  return zipSync(entries, { level: 6 });
}

/** The ZIP as a download under a French file name; nobody caches a person's data on the way. */
export function zipAnswer(c: Context, zip: Uint8Array, fileName: string) {
  return c.body(zip.buffer.slice(zip.byteOffset, zip.byteOffset + zip.byteLength) as ArrayBuffer, 200, {
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': 'private, no-store',
  });
}

/** ISO text of a date, or null. */
export const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A member's roles under their wire names and when they joined, as both exports write them. */
export const membershipOf = (villager: VillagerRow) => ({
  roles: {
    is_creator: villager.isCreator,
    is_needy: villager.isNeedy,
    is_manager: villager.isManager,
    is_out: villager.isOut,
    is_ban: villager.isBan,
  },
  joined_at: iso(villager.createdAt),
});
