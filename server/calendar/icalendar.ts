/**
 * A small RFC 5545 writer for the published calendars: only what a read-only subscription needs.
 * Hand-written rather than a dependency because the rules are few and all of them are here: CRLF line
 * endings, lines folded at 75 octets, TEXT values escaped, times in UTC.
 */

export interface CalendarEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string | null;
  /** Where to go: the need's address. */
  location?: string | null;
  url?: string;
  /** An open slot, not a commitment: shown as tentative and free time in the subscriber's calendar. */
  tentative?: boolean;
}

export interface Calendar {
  name: string;
  /** DTSTAMP of every event: when this copy of the calendar was produced. */
  stamp: Date;
  events: CalendarEvent[];
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;
const encoder = new TextEncoder();

/** TEXT values: backslash, semicolon and comma are escaped, every kind of line break becomes `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** 20261120T090000Z: the UTC form, which every calendar app reads without a VTIMEZONE. */
export function utc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * Folds a content line at 75 octets (continuation lines start with one space, which counts), never
 * inside a UTF-8 sequence: an accent cut in two would show as garbage once unfolded.
 */
export function fold(line: string): string {
  if (encoder.encode(line).length <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function eventLines(event: CalendarEvent, stamp: string): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  // URL is a URI value, not TEXT: it is not escaped.
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push(
    event.tentative ? 'STATUS:TENTATIVE' : 'STATUS:CONFIRMED',
    event.tentative ? 'TRANSP:TRANSPARENT' : 'TRANSP:OPAQUE',
    'END:VEVENT',
  );
  return lines;
}

export function writeCalendar(calendar: Calendar): string {
  const stamp = utc(calendar.stamp);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    "PRODID:-//Village//Planning d'entraide//FR",
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    'X-WR-TIMEZONE:Europe/Paris',
    // Asks the apps that read it (Apple, Outlook) to come back every hour rather than once a day.
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...calendar.events.flatMap((event) => eventLines(event, stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(fold).join(CRLF) + CRLF;
}
