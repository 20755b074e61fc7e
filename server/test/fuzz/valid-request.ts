import { v7 as uuidv7 } from 'uuid';
import { TEST_PASSWORD } from '../world';
import type { Actor, Scene } from './fuzz-scene';
import { pathValue, PUSH_KEYS } from './fuzz-scene';

/**
 * The valid request of an operation of the OpenAPI document, as a given actor sends it: the baseline every
 * hostile input is a change of. Built from the operation's JSON Schemas, with the values the schemas cannot
 * say (ids of the scene, a share code, a date the server accepts) taken from the field's name.
 */

export type JsonSchema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  minimum?: number;
  default?: unknown;
};

export interface Operation {
  /** `GET /v1/villages/{id}`: how findings name it. */
  key: string;
  method: string;
  path: string;
  pathParams: string[];
  query: { name: string; required: boolean; schema: JsonSchema }[];
  body?: { kind: 'json'; schema: JsonSchema } | { kind: 'multipart' };
}

type OpenApiParameter = { name: string; in: string; required?: boolean; schema: JsonSchema };
type OpenApiOperation = { parameters?: OpenApiParameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } };

/** Every operation of the document, in its order. */
export function operationsOf(document: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const parameters = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const json = content['application/json'];
      return {
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema })),
        body: json
          ? { kind: 'json' as const, schema: json.schema }
          : content['multipart/form-data']
            ? { kind: 'multipart' as const }
            : undefined,
      };
    }),
  );
}

let unique = 0;
const nextUnique = () => (unique += 1);

export const VALID_SCHEDULE = {
  dtstart: '2027-03-15T19:00',
  duration_minutes: 90,
  rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=18',
  exdates: [],
  places: 3,
};

/** A value by field name, where the schema alone would not give one the server takes. */
function fieldHint(name: string, scene: Scene, actor: Actor): { value: unknown } | undefined {
  const acting = ['villager_id', 'updater_id', 'helper_id', 'creator_id', 'deleter_id', 'inviter_id', 'author_id'];
  if (acting.includes(name)) return { value: actor.villagerId };
  const n = nextUnique();
  const hints: Record<string, unknown> = {
    id: uuidv7(),
    start_date: '2026-12-01T10:00:00.000Z',
    share_code: scene.a.shareCode,
    token: 'jeton-inconnu',
    email: `fuzz.${n}@exemple.fr`,
    password: 'motdepasse-fuzz',
    new_password: 'motdepasse-fuzz',
    new_password_confirmation: 'motdepasse-fuzz',
    first_name: 'Fanny',
    last_name: 'Fuzz',
    name: `Besoin ${n}`,
    body: `Message ${n}`,
    comment: `Note ${n}`,
    message: 'Venez nous aider',
    creation_mode: 2,
    endpoint: `https://push.exemple.fr/send/${uuidv7()}`,
    keys: PUSH_KEYS,
    last_check_notif_date: '2026-11-20T08:00:00.000Z',
    emails: [`invite.${n}@exemple.fr`],
    is_manager: false,
    schedule: VALID_SCHEDULE,
    writes: [
      {
        method: 'POST',
        path: `/v1/villages/${scene.a.id}/messages`,
        body: { villager_id: actor.villagerId, body: `Par lot ${n}` },
        idempotency_key: uuidv7(),
      },
    ],
  };
  return name in hints ? { value: hints[name] } : undefined;
}

/** Optional fields the baseline sends too: what a person fills in, so that their checks are reached. */
const SENT_WHEN_OPTIONAL = new Set(['name', 'first_name', 'comment', 'schedule', 'message']);

/** A value the schema takes, where no hint says better. */
export function exampleOf(schema: JsonSchema, scene: Scene, actor: Actor): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return exampleOf(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0], scene, actor);
  switch (schema.type) {
    case 'object':
      return objectExample(schema, scene, actor);
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => exampleOf(schema.items ?? {}, scene, actor));
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'null':
      return null;
    case 'string':
      if (schema.format === 'uuid') return uuidv7();
      if (schema.format === 'date') return '2026-12-01';
      if (schema.format === 'date-time') return '2026-12-01T10:00:00.000Z';
      if (schema.format === 'email') return `fuzz.${nextUnique()}@exemple.fr`;
      if (schema.format === 'uri') return 'https://exemple.fr/';
      return typeof schema.default === 'string' ? schema.default : 'texte'.padEnd(schema.minLength ?? 0, 'x');
    default:
      return 'texte';
  }
}

function objectExample(schema: JsonSchema, scene: Scene, actor: Actor): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const required = schema.required?.includes(name) ?? false;
    if (!required && !SENT_WHEN_OPTIONAL.has(name)) continue;
    const hint = fieldHint(name, scene, actor);
    out[name] = hint ? structuredClone(hint.value) : exampleOf(property, scene, actor);
  }
  return out;
}

/** A query parameter's value by its name, for those the baseline sends. */
function queryHint(op: Operation, name: string, scene: Scene, actor: Actor): string | undefined {
  const hints: Record<string, string> = {
    from: '2026-11-20T00:00:00.000Z',
    to: '2026-12-20T00:00:00.000Z',
    before: '2099-01-01T00:00:00.000Z',
    c: scene.a.shareCode,
    ticket: scene.eventTicket,
    villager_id: actor.villagerId,
    deleter_id: actor.villagerId,
    limit: '10',
  };
  if (name === 'include' && op.path === '/v1/villages/{id}') return 'needs,villagers,helps';
  return hints[name];
}

/** What a request is made of before it is written out: each part can be replaced by a hostile one. */
export interface Draft {
  actor: Actor;
  /** Path segments, already URL-encoded. */
  params: Record<string, string>;
  /** Query pairs, already URL-encoded, in order (a key may come twice). */
  query: [string, string][];
  /** A JSON value, raw text or bytes with their content type, or a form; none for a call without a body. */
  body?: { json: unknown } | { raw: string | Uint8Array; contentType?: string } | { form: FormData };
  headers: Record<string, string>;
}

export function validDraft(op: Operation, scene: Scene, actor: Actor, photo: () => FormData): Draft {
  const params = Object.fromEntries(op.pathParams.map((name) => [name, encodeURIComponent(pathValue(scene, op.path, name, actor))]));
  const query: [string, string][] = [];
  for (const q of op.query) {
    const hint = queryHint(op, q.name, scene, actor);
    if (hint !== undefined) query.push([q.name, encodeURIComponent(hint)]);
    else if (q.required) query.push([q.name, encodeURIComponent(String(exampleOf(q.schema, scene, actor)))]);
  }
  let body: Draft['body'] =
    op.body?.kind === 'json'
      ? { json: exampleOf(op.body.schema, scene, actor) }
      : op.body?.kind === 'multipart'
        ? { form: photo() }
        : undefined;
  // Sign-in with the actor's own account, so that its inputs reach the password check (their users' hashes are cheap).
  if (op.path === '/v1/auth/login') body = { json: { email: actor.email, password: TEST_PASSWORD } };
  return { actor, params, query, body, headers: {} };
}
