import { IANAZone } from 'luxon';

// Zones change offset on a quarter hour of UTC (Lord Howe at 15:30, half an hour at a time): the finest step looked up.
const QUARTER = 900_000;
export const DAY = 86_400_000;
/** A bound on what is kept: some ten years of day boundaries, and the quarter hours of their changes of time. */
const MAX_REMEMBERED = 8_000;

const byZone = new Map<string, (ms: number) => number>();

/**
 * The offset of `zone` (milliseconds to add to UTC) at an instant. A zone changes offset at most once a day,
 * so a UTC day whose two ends share an offset has it throughout: one lookup per day boundary, and only the
 * days of a change of time are looked up quarter hour by quarter hour. Luxon asks Intl for each
 * lookup, which was a tenth of a month's render (bench:planning's profile) and, on the server, most of the time a
 * help's reminders took (bench:drain's profile); the answers are kept for the life of the page or the server, as a
 * zone's rules do not change under it.
 */
export function zoneOffsets(zone: string): (ms: number) => number {
  const known = byZone.get(zone);
  if (known) return known;
  const iana = IANAZone.create(zone);
  const atBoundary = new Map<number, number>();
  const atQuarter = new Map<number, number>();
  const remembered = (cache: Map<number, number>, key: number, at: number) => {
    let offset = cache.get(key);
    if (offset === undefined) {
      if (cache.size >= MAX_REMEMBERED) cache.clear();
      offset = iana.offset(at) * 60_000;
      cache.set(key, offset);
    }
    return offset;
  };
  const offsetAt = (ms: number) => {
    const day = Math.floor(ms / DAY);
    const offset = remembered(atBoundary, day, day * DAY);
    if (offset === remembered(atBoundary, day + 1, (day + 1) * DAY)) return offset;
    const quarter = Math.floor(ms / QUARTER);
    return remembered(atQuarter, quarter, quarter * QUARTER);
  };
  byZone.set(zone, offsetAt);
  return offsetAt;
}
