import { describe, expect, it } from 'vitest';
import { escapeText, fold } from './icalendar';

describe('the iCalendar writer', () => {
  it('folds at 75 octets without cutting an accented letter in two', () => {
    const line = `SUMMARY:${'é'.repeat(100)}`;
    const parts = fold(line).split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
  });

  it('escapes backslashes, separators and every kind of line break', () => {
    expect(escapeText('a\\b,c;d\r\ne\rf\ng')).toBe('a\\\\b\\,c\\;d\\ne\\nf\\ng');
  });
});
