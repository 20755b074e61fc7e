import { DAY } from '../../contract/zone-offsets';

/** An instant as the wall clock of `zone` reads it: its day number (from 1970-01-01) and the minute of that day. */
export function wallClock(ms: number, offsetAt: (ms: number) => number) {
  const local = ms + offsetAt(ms);
  const day = Math.floor(local / DAY);
  return { day, minute: Math.floor((local - day * DAY) / 60_000) };
}
