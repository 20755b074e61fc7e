import fc from 'fast-check';

/**
 * The values a hostile client puts in a field, a query or a path: wrong types, sizes, depths and encodings.
 * Fixed lists for what must be tried on every operation, fast-check arbitraries for the rest.
 */

/** A JSON text nested `depth` levels deep, written without recursion (JSON.stringify would recurse). */
export const deepArrayText = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
export const deepObjectText = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
export const DEEP = 10_000;

/** Strings that are valid JSON but odd for a server: control characters, lone surrogates, direction marks. */
export const ODD_UNICODE: readonly [string, string][] = [
  ['NUL character', 'a\u0000b'],
  ['lone high surrogate', 'a\ud800b'],
  ['lone low surrogate', '\udc00'],
  ['right-to-left override and zero-width joiners', '\u202eevil\u200d\u200b\ufeff'],
  ['combining marks x 5000', `e${'\u0301'.repeat(5000)}`],
  ['line and paragraph separators', 'a\u2028b\u2029c'],
  ['emoji family and flags', '👨‍👩‍👧‍👦🇫🇷🏳️‍🌈'],
  ['fullwidth digits and homoglyphs', '１２３ аdmin'],
];

/** One value per JSON type and a few edges, for a field whose type is something else. */
export const WRONG_TYPES: readonly [string, unknown][] = [
  ['number', 12345],
  ['negative number', -1],
  ['float', 1.5],
  ['huge number', 1e308],
  ['boolean', true],
  ['null', null],
  ['empty string', ''],
  ['object', { a: 1 }],
  ['empty array', []],
  ['array of strings', ['a', 'b']],
];

export const HUGE_STRING = 200_000;
export const HUGE_ARRAY = 100_000;

/** Path segments that name nothing: malformed, oversized, encoded. */
export const HOSTILE_SEGMENTS: readonly [string, string][] = [
  ['malformed id', 'abc'],
  ['unknown uuid', '0190f3a2-7b1c-7d4e-8f00-0000000000aa'],
  ['nil uuid', '00000000-0000-0000-0000-000000000000'],
  ['uuid with trailing text', '0190f3a2-7b1c-7d4e-8f00-0000000000aa%20or%201=1'],
  ['10,000 characters', 'a'.repeat(10_000)],
  ['encoded NUL', '%00'],
  ['broken percent-encoding', '%E0%A4%A'],
  ['invalid percent-encoding', '%ZZ'],
  ['encoded traversal', '..%2F..%2Fetc%2Fpasswd'],
  ['encoded unicode', encodeURIComponent('\u202e👨‍👩‍👧')],
  ['SQL', encodeURIComponent("' or 1=1 --")],
];

/** Query values for any parameter, URL-encoded where they need it. */
export const HOSTILE_QUERY_VALUES: readonly [string, string][] = [
  ['empty', ''],
  ['letters', 'abc'],
  ['negative', '-1'],
  ['float', '1.5'],
  ['huge number', '99999999999999999999999999'],
  ['exponent', '1e308'],
  ['NaN', 'NaN'],
  ['null', 'null'],
  ['JSON array', encodeURIComponent('[1,2]')],
  ['20,000 characters', 'a'.repeat(20_000)],
  ['encoded NUL', '%00'],
  ['lone surrogate, encoded as its bytes', '%ED%A0%80'],
  ['invalid percent-encoding', '%ZZ'],
  ['odd unicode', encodeURIComponent('\u202e👨‍👩‍👧\u0301')],
  ['date far in the future', '275760-09-13T00:00:00.000Z'],
  ['date far in the past', '-271821-04-20T00:00:00.000Z'],
];

/** Schedules from issue 37: each never yields a day, so each must be refused (and none may freeze the server). */
export const NEVER_YIELDING_RULES = [
  'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31',
  'FREQ=MONTHLY;BYDAY=+99MO',
  'FREQ=YEARLY;BYYEARDAY=400',
  'FREQ=YEARLY;BYWEEKNO=54',
] as const;

/** Odd but meaningful rules: refused or expanded, quickly either way. */
export const ODD_RULES = [
  'FREQ=DAILY;COUNT=1000000',
  'FREQ=DAILY;UNTIL=99991231T000000Z',
  'FREQ=WEEKLY;INTERVAL=1000000',
  'FREQ=YEARLY;BYSETPOS=-1;BYDAY=MO',
  'FREQ=MONTHLY;BYMONTHDAY=-31',
  'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
  'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR,SA,SU;BYMONTHDAY=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31',
  `FREQ=DAILY;${'BYMONTH=1;'.repeat(40)}`,
] as const;

const RRULE_PARTS = {
  FREQ: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY', 'HOURLY', 'SECONDLY', 'NEVER'),
  INTERVAL: fc.integer({ min: -2, max: 5000 }).map(String),
  COUNT: fc.integer({ min: -1, max: 2_000_000 }).map(String),
  BYMONTH: fc.array(fc.integer({ min: -1, max: 14 }), { minLength: 1, maxLength: 4 }).map((a) => a.join(',')),
  BYMONTHDAY: fc.array(fc.integer({ min: -33, max: 33 }), { minLength: 1, maxLength: 4 }).map((a) => a.join(',')),
  BYYEARDAY: fc.array(fc.integer({ min: -400, max: 400 }), { minLength: 1, maxLength: 3 }).map((a) => a.join(',')),
  BYWEEKNO: fc.array(fc.integer({ min: -55, max: 55 }), { minLength: 1, maxLength: 3 }).map((a) => a.join(',')),
  BYDAY: fc
    .array(fc.tuple(fc.option(fc.integer({ min: -99, max: 99 }), { nil: undefined }), fc.constantFrom('MO', 'TU', 'WE', 'SU', 'XX')), {
      minLength: 1,
      maxLength: 3,
    })
    .map((a) => a.map(([n, d]) => `${n === undefined ? '' : n > 0 ? `+${n}` : n}${d}`).join(',')),
  BYSETPOS: fc.array(fc.integer({ min: -400, max: 400 }), { minLength: 1, maxLength: 3 }).map((a) => a.join(',')),
  WKST: fc.constantFrom('MO', 'SU', 'ZZ'),
  UNTIL: fc.constantFrom('20270101T000000Z', '99991231T235959Z', '19000101T000000Z', 'demain'),
};

/** A rule of any frequency with any BY* parts, odd values included: the shape the issue's property test draws. */
export const randomRule: fc.Arbitrary<string> = fc
  .record(
    Object.fromEntries(
      Object.entries(RRULE_PARTS).map(([k, arb]) => [k, k === 'FREQ' ? arb : fc.option(arb, { nil: undefined, freq: 2 })]),
    ) as {
      [K in keyof typeof RRULE_PARTS]: fc.Arbitrary<string | undefined>;
    },
  )
  .map((parts) =>
    Object.entries(parts)
      .filter((e): e is [string, string] => e[1] !== undefined)
      .map(([k, value]) => `${k}=${value}`)
      .join(';'),
  );

/** A string a client could send: printable, odd unicode, huge or empty. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...ODD_UNICODE.map(([, s]) => s)),
  fc.integer({ min: 1, max: 5000 }).map((n) => 'é'.repeat(n)),
);

/** Any value in place of a field: any JSON, or one of the fixed hostile ones. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 3 },
  { arbitrary: hostileString, weight: 2 },
  { arbitrary: fc.constantFrom(...WRONG_TYPES.map(([, value]) => value)), weight: 2 },
  { arbitrary: fc.constantFrom(...NEVER_YIELDING_RULES, ...ODD_RULES), weight: 1 },
);

/** Content types for a JSON body, and whether the server must refuse it (415: issue 37, finding 12). */
export const CONTENT_TYPES: readonly [string, string | undefined, boolean][] = [
  ['text/plain with a JSON body', 'text/plain', true],
  ['a form content type with a JSON body', 'application/x-www-form-urlencoded', true],
  ['no content type', undefined, true],
  ['application/xml', 'application/xml', true],
  ['JSON with another charset', 'application/json; charset=iso-8859-1', false],
  ['a vendor JSON type', 'application/vnd.api+json', false],
];

/** encodeURIComponent, which throws on a lone surrogate: that one is written as the bytes a lax encoder would send (WTF-8). */
export function encodeAny(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0xd800 || c > 0xdfff) out += encodeURIComponent(ch);
    else out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
  }
  return out;
}
