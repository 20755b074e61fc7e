import { DAY } from '../../contract/zone-offsets';

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
