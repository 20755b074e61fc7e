import { IANAZone } from 'luxon';

// Zones change offset on a quarter hour of UTC (Lord Howe at 15:30, half an hour at a time): the finest step looked up.
const QUARTER = 900_000;
export const DAY = 86_400_000;
/** A bound on what a page keeps: some ten years of day boundaries, and the quarter hours of their changes of time. */
const MAX_REMEMBERED = 8_000;

const byZone = new Map<string, (ms: number) => number>();

/**
 * The offset of `zone` (milliseconds to add to UTC) at an instant. A zone changes offset at most once a day,
 * so a UTC day whose two ends share an offset has it throughout: one lookup per day boundary, and only the
 * days of a change of time are looked up quarter hour by quarter hour. Luxon asks Intl for each
 * lookup, which was a tenth of a month's render (bench:planning's profile); the answers are kept for the page's
 * life, as a zone's rules do not change under it.
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

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** A minute of the day as the planning says it: "9 h", "19 h 30". */
export function clockText(minute: number): string {
  const h = Math.floor(minute / 60) % 24;
  const m = minute % 60;
  return m ? `${h} h ${pad(m)}` : `${h} h`;
}

/** An instant as the wall clock of `zone` reads it: its day number (from 1970-01-01) and the minute of that day. */
export function wallClock(ms: number, offsetAt: (ms: number) => number) {
  const local = ms + offsetAt(ms);
  const day = Math.floor(local / DAY);
  return { day, minute: Math.floor((local - day * DAY) / 60_000) };
}
