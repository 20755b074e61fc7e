import fc from 'fast-check';
import { v7 as uuidv7 } from 'uuid';
import { bodyProblems, type SentAnswer } from './answer-checks';
import { ACTORS, otherPathValue, type Scene } from './fuzz-scene';
import { INTERNAL_PUSH_ENDPOINTS } from '../internal-push-endpoints';
import {
  CONTENT_TYPES,
  DEEP,
  HOSTILE_QUERY_VALUES,
  HOSTILE_SEGMENTS,
  HUGE_ARRAY,
  HUGE_STRING,
  NEVER_YIELDING_RULES,
  ODD_RULES,
  ODD_UNICODE,
  WRONG_TYPES,
  hostileString,
  hostileValue,
  randomRule,
  encodeAny,
} from './hostile-values';
import { VALID_SCHEDULE, validDraft, type Draft, type Operation } from './valid-request';
import { deepValueText, DEEP_ARRAY, DEEP_OBJECT, setAt, removeAt, fieldPaths, type Path } from './json-paths';

/** One hostile request of an operation, and what its answer must be beyond the shared checks. */
export interface FuzzInput {
  label: string;
  draft: Draft;
  /** Sent just before, for inputs that are a sequence (one Idempotency-Key used twice). */
  prelude?: Draft;
  /** A 2xx answer to this input is this problem. */
  mustRefuse?: string;
  /** Problems a 2xx answer can hide (a batch's items, a replayed answer). */
  inspect?: (answer: SentAnswer, prelude?: SentAnswer) => string[];
}

export interface InputContext {
  seed: number;
  /** Generated inputs per operation, on top of the fixed ones. */
  runs: number;
  photo: () => FormData;
  png: Buffer;
}

const WRITES = new Set(['POST', 'PUT', 'DELETE']);
const encode = encodeAny;

/** Every input of one operation: the fixed probes, the generated ones, then the valid request as each actor. */
export function inputsFor(op: Operation, index: number, scene: Scene, ctx: InputContext): FuzzInput[] {
  const organiser = scene.actors.organiser;
  const base = () => validDraft(op, scene, organiser, ctx.photo);
  const inputs: FuzzInput[] = [];
  const add = (label: string, change: (d: Draft) => void, more: Partial<FuzzInput> = {}) => {
    const draft = base();
    change(draft);
    inputs.push({ label, draft, ...more });
  };

  // ---- path ids: malformed, unknown, encoded, another village's ----
  for (const name of op.pathParams) {
    for (const [label, segment] of HOSTILE_SEGMENTS) add(`path ${name}: ${label}`, (d) => (d.params[name] = segment));
    add(`path ${name}: upper case`, (d) => (d.params[name] = d.params[name].toUpperCase()));
    const other = otherPathValue(scene, op.path, name);
    if (other !== undefined) {
      for (const actor of ['organiser', 'helper'] as const) {
        const draft = validDraft(op, scene, scene.actors[actor], ctx.photo);
        draft.params[name] = encode(other);
        inputs.push({ label: `path ${name}: another village's or person's, as ${actor}`, draft });
      }
    }
  }

  // ---- query: bad values, duplicated keys, missing, unknown ----
  for (const q of op.query) {
    for (const [label, value] of HOSTILE_QUERY_VALUES) add(`query ${q.name}: ${label}`, (d) => setQuery(d, q.name, value));
    add(`query ${q.name}: twice, valid then bad`, (d) => d.query.push([q.name, 'abc']));
    add(`query ${q.name}: twice, bad then valid`, (d) => d.query.unshift([q.name, 'abc']));
    add(`query ${q.name}: as a bracketed array`, (d) => setQuery(d, `${q.name}[]`, 'x', q.name));
    if (q.required) add(`query ${q.name}: missing`, (d) => (d.query = d.query.filter(([k]) => k !== q.name)));
  }
  add('query: an unknown parameter', (d) => d.query.push(['zzz', '1']));
  add('query: 2,000 repeated pairs', (d) =>
    d.query.push(
      ...Array.from({ length: 2000 }, (_, i): [string, string] => [op.query[i % Math.max(op.query.length, 1)]?.name ?? 'a', String(i)]),
    ),
  );

  // ---- headers: the token, the Idempotency-Key ----
  add('Authorization: a 10,000-character token', (d) => (d.headers.Authorization = `Bearer ${'x'.repeat(10_000)}`));
  add('Authorization: another scheme', (d) => (d.headers.Authorization = 'Basic b3JsYTptb3RkZXBhc3Nl'));
  add('Authorization: the scheme alone', (d) => (d.headers.Authorization = 'Bearer'));
  if (WRITES.has(op.method)) {
    add('Idempotency-Key: empty', (d) => (d.headers['Idempotency-Key'] = ''));
    add('Idempotency-Key: 201 characters', (d) => (d.headers['Idempotency-Key'] = 'k'.repeat(201)));
    add('Idempotency-Key: 8,000 characters', (d) => (d.headers['Idempotency-Key'] = 'k'.repeat(8000)));
  }

  if (op.body?.kind === 'json') inputs.push(...jsonBodyInputs(op, base, ctx));
  if (op.body?.kind === 'multipart') inputs.push(...photoInputs(base, ctx));
  if (op.method === 'DELETE' && op.query.length) inputs.push(...deleteBodyInputs(op, base));

  // ---- generated: any actor, any part changed at once ----
  inputs.push(...generatedInputs(op, index, scene, ctx, base));

  // ---- one key, two bodies: the second must not be answered with the first's answer ----
  const reused = reusedKeyInput(op, base);
  if (reused) inputs.push(reused);

  // ---- last, since they may change the scene (a ban, a leave, a deletion): the valid request as each actor ----
  for (const actor of ACTORS)
    inputs.push({ label: `the valid request as ${actor}`, draft: validDraft(op, scene, scene.actors[actor], ctx.photo) });

  if (isBatch(op)) {
    inputs.push(...batchInputs(scene, base));
    return inputs.map((input) => ({ ...input, inspect: both(input.inspect, batchItemProblems) }));
  }
  return inputs;
}

function setQuery(d: Draft, name: string, value: string, replaces = name) {
  d.query = d.query.filter(([k]) => k !== replaces);
  d.query.push([name, value]);
}

const both =
  (a: FuzzInput['inspect'], b: NonNullable<FuzzInput['inspect']>): NonNullable<FuzzInput['inspect']> =>
  (answer, prelude) => [...(a?.(answer, prelude) ?? []), ...b(answer, prelude)];

const jsonOf = (d: Draft) => (d.body && 'json' in d.body ? d.body.json : undefined);
const withJson = (d: Draft, json: unknown) => (d.body = { json });
/** A body as text under `contentType`, JSON's unless told (`null`: none at all). */
const rawJson = (d: Draft, raw: string, contentType: string | null = 'application/json') =>
  (d.body = { raw, contentType: contentType ?? undefined });

function jsonBodyInputs(op: Operation, base: () => Draft, ctx: InputContext): FuzzInput[] {
  const inputs: FuzzInput[] = [];
  const add = (label: string, change: (d: Draft) => void, more: Partial<FuzzInput> = {}) => {
    const draft = base();
    change(draft);
    inputs.push({ label, draft, ...more });
  };
  // The whole body.
  add('body: malformed JSON', (d) => rawJson(d, '{"a": '));
  add('body: empty', (d) => rawJson(d, ''));
  for (const [label, value] of [
    ['null', 'null'],
    ['an array', '[]'],
    ['a string', '"texte"'],
    ['a number', '42'],
    ['true', 'true'],
  ]) {
    add(`body: ${label}`, (d) => rawJson(d, value));
  }
  add(`body: arrays nested ${DEEP} deep`, (d) => rawJson(d, deepValueText(DEEP_ARRAY)));
  add(`body: objects nested ${DEEP} deep`, (d) => rawJson(d, deepValueText(DEEP_OBJECT)));
  add('body: 1.5 MB, over the limit', (d) => withJson(d, { ...(jsonOf(d) as object), padding: 'x'.repeat(1_500_000) }));
  add(
    'body: invalid UTF-8 bytes',
    (d) =>
      (d.body = {
        raw: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d]),
        contentType: 'application/json',
      }),
  );
  add('body: a byte order mark first', (d) => rawJson(d, `\ufeff${JSON.stringify(jsonOf(d))}`));
  add('body: an unknown field', (d) => withJson(d, { ...(jsonOf(d) as object), zzz_unknown: 1 }));
  add('body: __proto__ and constructor keys', (d) =>
    rawJson(d, JSON.stringify(jsonOf(d)).replace(/^\{/, '{"__proto__":{"is_admin":true},"constructor":{"prototype":{"x":1}},')),
  );
  add('body: the same key twice, the second of another type', (d) =>
    rawJson(d, JSON.stringify(jsonOf(d)).replace(/^\{"([^"]+)":/, '{"$1":12345,"$1":')),
  );
  for (const [label, contentType, refused] of CONTENT_TYPES) {
    add(
      `content type: ${label}`,
      (d) => rawJson(d, JSON.stringify(jsonOf(d)), contentType ?? null),
      refused ? { mustRefuse: 'a JSON body under a content type that is not JSON was accepted' } : {},
    );
  }
  add('content type: a form', (d) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(jsonOf(d) as object)) form.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    d.body = { form };
  });
  add('content type: a form-encoded body', (d) =>
    rawJson(
      d,
      new URLSearchParams(Object.entries(jsonOf(d) as object).map(([k, v]) => [k, String(v)])).toString(),
      'application/x-www-form-urlencoded',
    ),
  );

  // Each field, nested ones included.
  const example = jsonOf(base()) as Record<string, unknown>;
  const schemaFields = Object.keys((op.body as { schema: { properties?: object } }).schema.properties ?? {});
  let fieldIndex = 0;
  for (const path of fieldPaths(example, schemaFields)) {
    const name = path.join('.');
    add(`field ${name}: missing`, (d) => withJson(d, removeAt(jsonOf(d), path)));
    for (const [label, value] of WRONG_TYPES) add(`field ${name}: ${label}`, (d) => withJson(d, setAt(jsonOf(d), path, value)));
    add(`field ${name}: a ${HUGE_STRING.toLocaleString('en')}-character string`, (d) =>
      withJson(d, setAt(jsonOf(d), path, 'é'.repeat(HUGE_STRING))),
    );
    add(`field ${name}: an array of ${HUGE_ARRAY.toLocaleString('en')} items`, (d) =>
      withJson(
        d,
        setAt(
          jsonOf(d),
          path,
          Array.from({ length: HUGE_ARRAY }, (_, i) => i),
        ),
      ),
    );
    add(`field ${name}: arrays nested ${DEEP} deep`, (d) => withJson(d, setAt(jsonOf(d), path, DEEP_ARRAY)));
    // Three of the odd strings per field, a different three for the next field: each is sent to every operation with
    // three fields or more, at a third of the requests (a register that succeeds costs a full password hash).
    for (let k = 0; k < 3; k++) {
      const [label, value] = ODD_UNICODE[(fieldIndex * 3 + k) % ODD_UNICODE.length];
      add(`field ${name}: ${label}`, (d) => withJson(d, setAt(jsonOf(d), path, value)));
    }
    fieldIndex += 1;
  }

  if (schemaFields.includes('schedule')) inputs.push(...scheduleInputs(op, base, ctx));
  if (schemaFields.includes('endpoint')) {
    for (const endpoint of INTERNAL_PUSH_ENDPOINTS) {
      add(`push endpoint on an internal address: ${endpoint}`, (d) => withJson(d, setAt(jsonOf(d), ['endpoint'], endpoint)), {
        mustRefuse: 'a push endpoint on an internal address was accepted',
      });
    }
  }
  return inputs;
}

function scheduleInputs(op: Operation, base: () => Draft, ctx: InputContext): FuzzInput[] {
  const inputs: FuzzInput[] = [];
  const withSchedule = (label: string, schedule: object, more: Partial<FuzzInput> = {}) => {
    const draft = base();
    withJson(draft, setAt(jsonOf(draft), ['schedule'], { ...VALID_SCHEDULE, ...schedule }));
    inputs.push({ label, draft, ...more });
  };
  for (const rrule of NEVER_YIELDING_RULES) {
    withSchedule(
      `schedule that never yields a day: ${rrule}`,
      { rrule },
      { mustRefuse: 'a schedule that never yields a day was accepted' },
    );
  }
  for (const rrule of ODD_RULES) withSchedule(`odd schedule: ${rrule.slice(0, 80)}`, { rrule });
  const exdates = Array.from({ length: 1000 }, (_, i) => new Date(Date.UTC(2027, 2, 15 + i, 18)).toISOString().slice(0, 16));
  withSchedule(
    'schedule with 1,000 exdates',
    { rrule: 'FREQ=DAILY', exdates },
    { mustRefuse: 'a need with 1,000 exdates was accepted (issue 37 bounds them, say 366)' },
  );
  withSchedule('schedule starting in year 9999', { dtstart: '9999-12-31T23:00', rrule: 'FREQ=DAILY' });
  withSchedule('schedule starting in year 1', { dtstart: '0001-01-01T00:00', rrule: 'FREQ=DAILY' });
  withSchedule('schedule starting in 1900, daily, no end', { dtstart: '1900-01-01T10:00', rrule: 'FREQ=DAILY' });
  const rules = fc.sample(randomRule, { seed: ctx.seed + 7919 * op.key.length, numRuns: Math.ceil(ctx.runs / 3) });
  for (const rrule of rules) withSchedule(`generated rule: ${rrule}`, { rrule });
  return inputs;
}

/** A DELETE takes its acting id from the query or, when the query has none, from a JSON body. */
function deleteBodyInputs(op: Operation, base: () => Draft): FuzzInput[] {
  const names = op.query.map((q) => q.name);
  const moved = (label: string, body: (valid: Record<string, string>) => Draft['body']): FuzzInput => {
    const draft = base();
    const valid = Object.fromEntries(draft.query.map(([k, v]) => [k, decodeURIComponent(v)]));
    draft.query = [];
    draft.body = body(valid);
    return { label: `DELETE body instead of the query: ${label}`, draft };
  };
  return [
    moved('malformed JSON', () => ({ raw: '{"', contentType: 'application/json' })),
    moved(`arrays nested ${DEEP} deep`, () => ({ raw: deepValueText(DEEP_ARRAY), contentType: 'application/json' })),
    moved('the id as a number', () => ({ json: Object.fromEntries(names.map((n) => [n, 5])) })),
    moved('the id nested deep', () => ({ json: Object.fromEntries(names.map((n) => [n, DEEP_OBJECT])) })),
    moved('a text/plain body', (valid) => ({ raw: JSON.stringify(valid), contentType: 'text/plain' })),
  ];
}

function photoInputs(base: () => Draft, ctx: InputContext): FuzzInput[] {
  const form = (parts: [string, string | Blob, string?][]) => {
    const f = new FormData();
    for (const [name, value, file] of parts) {
      if (typeof value === 'string') f.append(name, value);
      else f.append(name, value, file);
    }
    return { form: f };
  };
  const png = new Uint8Array(ctx.png);
  const cases: [string, Draft['body']][] = [
    ['a JSON body', { json: { photo: 'abc' } }],
    ['no body', undefined],
    ['text/plain', { raw: 'photo', contentType: 'text/plain' }],
    ['a form without photo', form([['autre', 'x']])],
    ['the photo as a text field', form([['photo', 'abc']])],
    [
      'bytes that are no image, said to be PNG',
      form([['photo', new Blob(['ceci n’est pas une image'], { type: 'image/png' }), 'photo.png']]),
    ],
    [
      'an SVG',
      form([
        [
          'photo',
          new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], { type: 'image/svg+xml' }),
          'photo.svg',
        ],
      ]),
    ],
    ['a truncated PNG', form([['photo', new Blob([png.subarray(0, 40)], { type: 'image/png' }), 'photo.png']])],
    [
      'two photos',
      form([
        ['photo', new Blob([png], { type: 'image/png' }), 'a.png'],
        ['photo', new Blob([png], { type: 'image/png' }), 'b.png'],
      ]),
    ],
    ['a file name of odd unicode', form([['photo', new Blob([png], { type: 'image/png' }), '\u202egnp.exe\u0000.png']])],
    ['10,000 other fields', form(Array.from({ length: 10_000 }, (_, i): [string, string] => [`f${i}`, 'x']))],
    ['a 10.5 MB file', form([['photo', new Blob([new Uint8Array(10.5 * 1024 * 1024)], { type: 'image/png' }), 'photo.png']])],
    [
      'a broken multipart body',
      { raw: '--x\r\nContent-Disposition: form-data; name="photo"', contentType: 'multipart/form-data; boundary=x' },
    ],
    ['multipart without a boundary', { raw: 'abc', contentType: 'multipart/form-data' }],
  ];
  return cases.map(([label, body]) => {
    const draft = base();
    draft.body = body;
    return { label: `photo: ${label}`, draft };
  });
}

/** A generated change that takes the field out rather than setting it (null is a value to send). */
const REMOVED = Symbol('removed');

function generatedInputs(op: Operation, index: number, scene: Scene, ctx: InputContext, base: () => Draft): FuzzInput[] {
  const example = jsonOf(base());
  const schemaFields = op.body?.kind === 'json' ? Object.keys(op.body.schema.properties ?? {}) : [];
  const paths = example && typeof example === 'object' ? fieldPaths(example as Record<string, unknown>, schemaFields) : [];
  const segment = fc.oneof(
    fc.constantFrom(...HOSTILE_SEGMENTS.map(([, s]) => s)),
    fc.string({ maxLength: 30 }).map(encode),
    fc.uuid().map(String),
  );
  const queryValue = fc.oneof(fc.constantFrom(...HOSTILE_QUERY_VALUES.map(([, s]) => s)), hostileString.map(encode));
  const change = fc.record({
    actor: fc.constantFrom(...ACTORS),
    param: op.pathParams.length ? fc.option(fc.tuple(fc.constantFrom(...op.pathParams), segment), { freq: 3 }) : fc.constant(null),
    query: fc.array(fc.tuple(fc.constantFrom(...op.query.map((q) => q.name), 'zzz'), queryValue), { maxLength: 3 }),
    fields: paths.length
      ? fc.array(fc.tuple(fc.constantFrom(...paths), fc.option(hostileValue, { nil: REMOVED, freq: 5 })), { minLength: 1, maxLength: 3 })
      : fc.constant([] as [Path, unknown][]),
    contentType: fc.option(fc.constantFrom(...CONTENT_TYPES.map(([, t]) => t)), { freq: 6 }),
    key: WRITES.has(op.method) ? fc.option(fc.string({ minLength: 1, maxLength: 60 }), { freq: 3 }) : fc.constant(null),
  });
  return fc.sample(change, { seed: ctx.seed + index, numRuns: ctx.runs }).map((c, i) => {
    const draft = validDraft(op, scene, scene.actors[c.actor], ctx.photo);
    const parts: string[] = [`as ${c.actor}`];
    if (c.param) {
      draft.params[c.param[0]] = c.param[1];
      parts.push(`path ${c.param[0]}=${c.param[1].slice(0, 60)}`);
    }
    for (const [name, value] of c.query) setQuery(draft, name, value);
    if (c.query.length) parts.push(`query ${c.query.map(([k, v]) => `${k}=${v.slice(0, 40)}`).join('&')}`);
    let json = jsonOf(draft);
    for (const [path, value] of c.fields) json = value === REMOVED ? removeAt(json, path) : setAt(json, path, value);
    if (c.fields.length) {
      withJson(draft, json);
      parts.push(
        `fields ${c.fields.map(([p, v]) => `${p.join('.')}=${v === REMOVED ? '(removed)' : JSON.stringify(v)?.slice(0, 60)}`).join(', ')}`,
      );
    }
    if (c.contentType !== null && draft.body && 'json' in draft.body) {
      rawJson(draft, JSON.stringify(draft.body.json), c.contentType ?? null);
      parts.push(`content type ${c.contentType}`);
    }
    if (c.key !== null) {
      draft.headers['Idempotency-Key'] = c.key;
      parts.push(`Idempotency-Key ${c.key}`);
    }
    return { label: `generated #${i}: ${parts.join('; ')}`, draft };
  });
}

/** The valid body with one value changed, for the reused key: its text, a flag, a date or an address. */
function changedBody(json: unknown): unknown | undefined {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return undefined;
  const uuid = /^[0-9a-f]{8}-/i;
  for (const [k, v] of Object.entries(json)) {
    if (typeof v === 'string' && !uuid.test(v)) return { ...json, [k]: /^\d{4}-/.test(v) ? anHourLater(v) : `${v} (bis)` };
    if (typeof v === 'boolean') return { ...json, [k]: !v };
    if (Array.isArray(v) && typeof v[0] === 'string') return { ...json, [k]: [`autre.${uuidv7().slice(-8)}@exemple.fr`] };
  }
  return undefined;
}

/** A date's hour moved on by one (23 h to 00 h): whatever hour the valid body holds, the body changes. */
const anHourLater = (date: string) => date.replace(/T(\d\d)/, (_, hour: string) => `T${String((Number(hour) + 1) % 24).padStart(2, '0')}`);

/** Issue 37, finding 6: the same Idempotency-Key with another body must not be answered the first body's answer. */
function reusedKeyInput(op: Operation, base: () => Draft): FuzzInput | undefined {
  if (op.body?.kind !== 'json' || op.method === 'GET' || isBatch(op)) return undefined;
  const prelude = base();
  const draft = base();
  const changed = changedBody(jsonOf(prelude));
  if (changed === undefined) return undefined;
  const key = uuidv7();
  prelude.headers['Idempotency-Key'] = key;
  draft.headers['Idempotency-Key'] = key;
  withJson(draft, changed);
  return {
    label: 'Idempotency-Key reused with another body',
    prelude,
    draft,
    inspect: (answer, first) =>
      first && first.status < 300 && answer.status < 300 && answer.headers.get('Idempotent-Replayed') === 'true'
        ? ['the same Idempotency-Key with another body was answered the first answer (replayed), the second body dropped']
        : [],
  };
}

const isBatch = (op: Operation) => op.body?.kind === 'json' && 'writes' in (op.body.schema.properties ?? {});

/** Each write's answer inside a batch must hold to the same rules as a request's own. */
function batchItemProblems(answer: SentAnswer): string[] {
  const items = (answer.json as { data?: unknown } | null)?.data;
  if (answer.status >= 300 || !Array.isArray(items)) return [];
  return items.flatMap((item: { status: number; body: unknown }, i) =>
    bodyProblems(item.status, item.body, null).map((p) => `batch write #${i}: ${p}`),
  );
}

function batchInputs(scene: Scene, base: () => Draft): FuzzInput[] {
  const organiser = scene.actors.organiser;
  const messages = `/v1/villages/${scene.a.id}/messages`;
  const write = (path: string, body: unknown, method = 'POST', key = uuidv7()) => ({ method, path, body, idempotency_key: key });
  const batch = (label: string, writes: unknown[], more: Partial<FuzzInput> = {}): FuzzInput => {
    const draft = base();
    withJson(draft, { writes });
    return { label: `batch: ${label}`, draft, ...more };
  };
  const key = uuidv7();
  const sameKeyTwice = batch('one idempotency_key for two writes with different bodies', [
    write(messages, { villager_id: organiser.villagerId, body: 'Premier' }, 'POST', key),
    write(messages, { villager_id: organiser.villagerId, body: 'Second' }, 'POST', key),
  ]);
  sameKeyTwice.inspect = (answer) => {
    const [first, second] = (answer.json as { data?: { status: number; body: { data?: { id?: string } } }[] })?.data ?? [];
    return first && second && first.status < 300 && second.status < 300 && first.body?.data?.id === second.body?.data?.id
      ? ["batch: the same idempotency_key with another body was answered the first write's answer, the second dropped"]
      : [];
  };
  return [
    batch(`a write whose body is nested ${DEEP} deep`, [write(messages, DEEP_ARRAY)]),
    batch('a write to a malformed path', [write('/v1/villages/%ZZ/messages', { body: 'x' })]),
    batch('a write whose path climbs out', [write('/v1/../../v1/villages/../batch', { writes: [] })]),
    batch('a batch inside a batch', [write('/v1/batch', { writes: [write(messages, { villager_id: organiser.villagerId, body: 'x' })] })]),
    batch('a GET', [write(messages, undefined, 'GET')]),
    batch('a write to another village', [write(`/v1/villages/${scene.b.id}/messages`, { villager_id: organiser.villagerId, body: 'x' })]),
    batch(
      '50 writes',
      Array.from({ length: 50 }, (_, i) => write(messages, { villager_id: organiser.villagerId, body: `Message ${i}` })),
    ),
    batch(
      '51 writes',
      Array.from({ length: 51 }, (_, i) => write(messages, { villager_id: organiser.villagerId, body: `Message ${i}` })),
    ),
    sameKeyTwice,
    // Last: it would end the organiser's session.
    batch('a sign-out as a write', [write('/v1/auth/logout', undefined)], {
      inspect: (answer) => {
        const first = (answer.json as { data?: { status: number }[] })?.data?.[0];
        return first && first.status < 300 ? ['batch: POST /v1/auth/logout was run as a write'] : [];
      },
    }),
  ];
}
