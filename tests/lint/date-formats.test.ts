import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** Where people read dates: the screens, their parts, what they act on, and the mails and pushes of the server. */
const FOLDERS = ['src/features', 'src/components', 'src/domain', 'server/mail', 'server/push'];

/** A date or a time put into words by hand: luxon's, the browser's or Intl's own formats. */
const OWN_FORMAT = /\.toFormat\(|\.toLocale(?:Date|Time)?String\(|Intl\.DateTimeFormat|\.toRelative\(|\.toRelativeCalendar\(/;

const isSource = (name: string) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name);

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter(isSource)
    .map((file) => join(folder, file));
}

/** "src/features/chat/x.ts:12: …" for each line that formats a date on its own. */
function ownFormats(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => (OWN_FORMAT.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe('dates and times are put into words by src/contract/french-time.ts alone', () => {
  it('finds no screen, component, domain module, mail or push formatting a date on its own', () => {
    const files = FOLDERS.flatMap(sources);
    // The walk reads the real tree: hundreds of files, not an empty folder list that would pass by itself.
    expect(files.length).toBeGreaterThan(200);
    expect(files.some((file) => file.startsWith('server/mail/kinds/'))).toBe(true);
    const found = files.flatMap((file) => ownFormats(relative(root, join(root, file)), readFileSync(join(root, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it.each([
    ["at.toFormat('HH:mm')", 'luxon'],
    ['new Date(iso).toLocaleDateString("fr-FR")', 'the browser'],
    ['at.toLocaleTimeString()', 'the browser'],
    ["new Intl.DateTimeFormat('fr-FR', { day: 'numeric' })", 'Intl'],
    ['DateTime.fromISO(iso).toLocaleString(DateTime.DATE_FULL)', 'luxon'],
    ["at.toRelative({ locale: 'fr' })", 'luxon'],
  ])('would catch %s (%s)', (line) => {
    expect(ownFormats('src/features/x.ts', `const when = ${line};`)).toHaveLength(1);
  });

  it('leaves alone what only reads or computes dates', () => {
    const code = ['const day = DateTime.fromISO(iso, { zone }).toISODate();', 'const later = at.plus({ days: 1 }).toMillis();'].join('\n');
    expect(ownFormats('src/features/x.ts', code)).toEqual([]);
  });
});
