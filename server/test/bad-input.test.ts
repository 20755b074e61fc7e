import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages as M } from '../../src/contract';
import { scheduleMessages } from '../../src/contract/schedule';
import { slotWindowMessage } from '../../src/contract/slots';
import {
  actions,
  helps,
  idempotencyKeys,
  mailJobs,
  needCategories,
  resetTokens,
  sessions,
  users,
  villageNeeds,
  villagers,
  villages,
} from '../db/schema';
import { text as T } from '../http/errors';
import { hashToken } from '../auth/tokens';
import { createWorld, type TestUser, type World } from './world';

/**
 * Bad input, call by call: every call that takes input gets malformed JSON, wrong types, missing fields,
 * oversize strings, unknown fields, bad ids (malformed, unknown, or belonging to another village) and bad
 * query values. Each must answer a 4xx in the error shape, in French, and write nothing at all.
 */

const WRONG_CREDENTIALS = 'Email ou mot de passe incorrect.';
const BAD_RESET_TOKEN = "Ce lien de réinitialisation n'est plus valide. Veuillez en demander un nouveau.";
const EMAIL_TAKEN = 'Un compte existe déjà avec cet email';
const UNKNOWN_CODE = 'Aucun village ne correspond à ce code.';
const UNKNOWN_CATALOGUE_NEED = "Ce besoin n'existe pas dans le catalogue";
const UNKNOWN_CATEGORY = "Cette catégorie n'existe pas";
const PHOTO_TYPE = 'La photo doit être une image JPEG, PNG ou WebP';
const CANNOT_BAN_SELF = 'Vous ne pouvez pas vous retirer vous-même\u00a0: quittez le village depuis vos réglages.';
const ONLY_OWN = 'Vous ne pouvez agir que sur votre propre participation.';
const BAD_IDEMPOTENCY_KEY = "Cette clé d'idempotence n'est pas valide";

/** Valibot's English defaults (and other English) must never reach a client. */
const ENGLISH = /\b(invalid|expected|received|required|must|should|error|not found|unexpected|missing)\b/i;
const UNKNOWN_UUID = '0190f3a2-7b1c-7d4e-8f00-0000000000aa';

interface Fixture {
  alice: TestUser; // creator of A, helper in B
  bob: TestUser; // helper in A
  carol: TestUser; // creator of B, outsider of A
  A: { id: string; shareCode: string; alice: string; bob: string; need: string; help: string };
  B: { id: string; carol: string; alice: string; need: string; help: string };
  categoryId: string;
  resetToken: string;
  expiredResetToken: string;
  png: Buffer;
}

interface Req {
  method: string;
  path: string;
  token?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

interface Case {
  name: string;
  req: (f: Fixture) => Req;
  status: number;
  message?: string;
  errors?: { field: string; message: string }[];
}

const long = (n: number) => 'a'.repeat(n);
const e = (field: string, message: string) => ({ field, message });
const fields = (...list: [string, string][]) => list.map(([field, message]) => e(field, message));
const required = (...names: string[]) => names.map((n) => e(n, M.required));
const invalid = (...errors: { field: string; message: string }[]) => ({ status: 422, message: T.invalid, errors });
const badJson = { status: 400, message: T.badJson };
const notFound = (message: string) => ({ status: 404, message });
const forbidden = (message: string) => ({ status: 403, message });
const root = e('', M.wrongType);
const rawJson = (body: string) => ({ body, headers: { 'Content-Type': 'application/json' } });

function form(parts: Record<string, string | { data: Buffer | string; type: string; name: string }>) {
  const fd = new FormData();
  for (const [key, value] of Object.entries(parts)) {
    if (typeof value === 'string') fd.append(key, value);
    else
      fd.append(
        key,
        new Blob([typeof value.data === 'string' ? value.data : new Uint8Array(value.data)], { type: value.type }),
        value.name,
      );
  }
  return fd;
}
const pngFile = (f: Fixture) => ({ data: f.png, type: 'image/png', name: 'photo.png' });
const textFile = { data: 'ceci n’est pas une image', type: 'image/png', name: 'photo.png' };
const svgFile = {
  data: '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>',
  type: 'image/svg+xml',
  name: 'photo.svg',
};

/**
 * One group per call: `call(method, template, cases)` where each case says what it sends (a body, a query,
 * other path ids, another caller) and what must come back.
 */
type Sent = Partial<Omit<Req, 'method' | 'path'>> & { path?: string; query?: string; as?: keyof Fixture };
type Expected = { status: number; message?: string; errors?: Case['errors'] };
function call(
  method: string,
  template: string,
  defaults: (f: Fixture) => { path: string; as: TestUser },
  cases: [string, (f: Fixture) => Sent, Expected][],
): Case[] {
  return cases.map(([name, send, expected]) => ({
    name: `${method} ${template}: ${name}`,
    ...expected,
    req: (f) => {
      const d = defaults(f);
      const s = send(f);
      const who = s.as ? (f[s.as] as TestUser) : d.as;
      const path = (s.path ?? d.path) + (s.query !== undefined ? `?${s.query}` : '');
      return { method, path, token: 'token' in s ? s.token : who.token, json: s.json, body: s.body, headers: s.headers };
    },
  }));
}

// ----------------------------------------------------------------------------------------------------------
// Auth
// ----------------------------------------------------------------------------------------------------------
const noUser = { token: undefined };
const anon = (path: string) => (f: Fixture) => ({ path, as: f.alice });
const goodRegister = { email: 'nouveau@exemple.fr', password: 'motdepasse', first_name: 'Nina', last_name: 'Neuve' };

const authCases: Case[] = [
  ...call('POST', '/v1/auth/register', anon('/v1/auth/register'), [
    ['malformed JSON', () => ({ ...noUser, ...rawJson('{"email": "a@b.fr",') }), badJson],
    ['a JSON string for the object body', () => ({ ...noUser, json: 'nina' }), invalid(root)],
    ['an array for the object body', () => ({ ...noUser, json: [] }), invalid(root)],
    ['null body', () => ({ ...noUser, ...rawJson('null') }), invalid(root)],
    [
      'no field at all (the password is optional)',
      () => ({ ...noUser, json: {} }),
      invalid(...required('email', 'first_name', 'last_name')),
    ],
    [
      'wrong types',
      () => ({ ...noUser, json: { email: 5, password: 12345678, first_name: true, last_name: ['x'] } }),
      invalid(...fields(['email', M.wrongType], ['password', M.wrongType], ['first_name', M.wrongType], ['last_name', M.wrongType])),
    ],
    [
      'oversize strings',
      () => ({ ...noUser, json: { email: `${long(250)}@ex.fr`, password: long(129), first_name: long(101), last_name: long(101) } }),
      invalid(
        ...fields(
          ['email', M.maxLength(254)],
          ['password', M.maxLength(128)],
          ['first_name', M.maxLength(100)],
          ['last_name', M.maxLength(100)],
        ),
      ),
    ],
    ['short password', () => ({ ...noUser, json: { ...goodRegister, password: '1234567' } }), invalid(e('password', M.minLength(8)))],
    ['bad e-mail', () => ({ ...noUser, json: { ...goodRegister, email: 'pas-un-email' } }), invalid(e('email', M.email))],
    [
      'blank names',
      () => ({ ...noUser, json: { ...goodRegister, first_name: '   ', last_name: '' } }),
      invalid(...required('first_name', 'last_name')),
    ],
    [
      'e-mail taken',
      (f) => ({ ...noUser, json: { ...goodRegister, email: f.alice.email.toUpperCase() } }),
      invalid(e('email', EMAIL_TAKEN)),
    ],
    [
      'NUL character in a name',
      () => ({ ...noUser, json: { ...goodRegister, first_name: 'Ni\u0000na' } }),
      invalid(e('first_name', M.wrongType)),
    ],
  ]),
  ...call('POST', '/v1/auth/login', anon('/v1/auth/login'), [
    ['malformed JSON', () => ({ ...noUser, ...rawJson('{email: a}') }), badJson],
    ['an array for the object body', () => ({ ...noUser, json: [] }), invalid(root)],
    ['no field at all', () => ({ ...noUser, json: {} }), invalid(...required('email', 'password'))],
    [
      'wrong types',
      () => ({ ...noUser, json: { email: ['a@b.fr'], password: 5 } }),
      invalid(e('email', M.wrongType), e('password', M.required)),
    ],
    [
      'oversize password',
      (f) => ({ ...noUser, json: { email: f.alice.email, password: long(129) } }),
      invalid(e('password', M.maxLength(128))),
    ],
    ['bad e-mail', () => ({ ...noUser, json: { email: 'alice', password: 'motdepasse' } }), invalid(e('email', M.email))],
    [
      'unknown e-mail',
      () => ({ ...noUser, json: { email: 'personne@exemple.fr', password: 'motdepasse' } }),
      { status: 400, message: WRONG_CREDENTIALS },
    ],
    [
      'wrong password',
      (f) => ({ ...noUser, json: { email: f.alice.email, password: 'pas-le-bon' } }),
      { status: 400, message: WRONG_CREDENTIALS },
    ],
  ]),
  ...call('POST', '/v1/auth/reset-password', anon('/v1/auth/reset-password'), [
    ['malformed JSON', () => ({ ...noUser, ...rawJson('{"email"') }), badJson],
    ['no field at all', () => ({ ...noUser, json: {} }), invalid(...required('email'))],
    ['wrong type', () => ({ ...noUser, json: { email: 5 } }), invalid(e('email', M.wrongType))],
    ['oversize e-mail', () => ({ ...noUser, json: { email: `${long(255)}@ex.fr` } }), invalid(e('email', M.maxLength(254)))],
    ['bad e-mail', () => ({ ...noUser, json: { email: 'alice@' } }), invalid(e('email', M.email))],
  ]),
  ...call('POST', '/v1/auth/check-reset-password-token', anon('/v1/auth/check-reset-password-token'), [
    ['malformed JSON', () => ({ ...noUser, ...rawJson('token=abc') }), badJson],
    ['no field at all', () => ({ ...noUser, json: {} }), invalid(...required('token'))],
    ['wrong type', () => ({ ...noUser, json: { token: 5 } }), invalid(e('token', M.wrongType))],
    ['oversize token', () => ({ ...noUser, json: { token: long(201) } }), invalid(e('token', M.maxLength(200)))],
    ['unknown token', () => ({ ...noUser, json: { token: 'inconnu' } }), { status: 400, message: BAD_RESET_TOKEN }],
    ['expired token', (f) => ({ ...noUser, json: { token: f.expiredResetToken } }), { status: 400, message: BAD_RESET_TOKEN }],
  ]),
  ...call('PUT', '/v1/auth/change-password', anon('/v1/auth/change-password'), [
    ['malformed JSON', () => ({ ...noUser, ...rawJson('{"token": "a" "new_password": "b"}') }), badJson],
    ['no field at all', () => ({ ...noUser, json: {} }), invalid(...required('token', 'new_password', 'new_password_confirmation'))],
    [
      'wrong types',
      () => ({ ...noUser, json: { token: 1, new_password: 12345678, new_password_confirmation: false } }),
      invalid(e('token', M.wrongType), e('new_password', M.wrongType), e('new_password_confirmation', M.required)),
    ],
    [
      'short password',
      (f) => ({ ...noUser, json: { token: f.resetToken, new_password: 'court', new_password_confirmation: 'court' } }),
      invalid(e('new_password', M.minLength(8))),
    ],
    [
      'oversize password and token',
      () => ({ ...noUser, json: { token: long(201), new_password: long(129), new_password_confirmation: long(129) } }),
      invalid(e('token', M.maxLength(200)), e('new_password', M.maxLength(128))),
    ],
    [
      'confirmation differs',
      (f) => ({ ...noUser, json: { token: f.resetToken, new_password: 'nouveau-mdp', new_password_confirmation: 'autre-mdp' } }),
      invalid(e('new_password_confirmation', M.passwordsDiffer)),
    ],
    [
      'unknown token',
      () => ({ ...noUser, json: { token: 'inconnu', new_password: 'nouveau-mdp', new_password_confirmation: 'nouveau-mdp' } }),
      { status: 400, message: BAD_RESET_TOKEN },
    ],
    [
      'expired token',
      (f) => ({ ...noUser, json: { token: f.expiredResetToken, new_password: 'nouveau-mdp', new_password_confirmation: 'nouveau-mdp' } }),
      { status: 400, message: BAD_RESET_TOKEN },
    ],
  ]),
];

// ----------------------------------------------------------------------------------------------------------
// Users
// ----------------------------------------------------------------------------------------------------------
const self =
  (suffix = '') =>
  (f: Fixture) => ({ path: `/v1/users/${f.alice.id}${suffix}`, as: f.alice });

const userCases: Case[] = [
  ...call('PUT', '/v1/users/{id}', self(), [
    ['malformed JSON', () => rawJson('{"first_name": }'), badJson],
    ['a JSON string for the object body', () => ({ json: 'Alice' }), invalid(root)],
    ['an empty array for the object body', () => ({ json: [] }), invalid(root)],
    ['an array for the object body', () => ({ json: ['Alice'] }), invalid(root)],
    ['unknown field', () => ({ json: { first_name: 'Alice', is_admin: true } }), invalid(e('is_admin', M.unknownField))],
    [
      'wrong types',
      () => ({ json: { first_name: 1, last_name: {}, email: 5, phone: 612345678, analytics_consent: 'oui' } }),
      invalid(
        ...fields(
          ['first_name', M.wrongType],
          ['last_name', M.wrongType],
          ['email', M.wrongType],
          ['phone', M.wrongType],
          ['analytics_consent', M.wrongType],
        ),
      ),
    ],
    [
      'oversize strings',
      () => ({ json: { first_name: long(101), last_name: long(101), email: `${long(250)}@ex.fr`, phone: '1'.repeat(16) } }),
      invalid(
        ...fields(
          ['first_name', M.maxLength(100)],
          ['last_name', M.maxLength(100)],
          ['email', M.maxLength(254)],
          ['phone', M.maxLength(15)],
        ),
      ),
    ],
    ['blank names', () => ({ json: { first_name: ' ', last_name: '' } }), invalid(...required('first_name', 'last_name'))],
    ['phone with letters', () => ({ json: { phone: '06 12 ab' } }), invalid(e('phone', M.digits))],
    ['bad e-mail', () => ({ json: { email: 'alice.exemple.fr' } }), invalid(e('email', M.email))],
    ['e-mail of another account', (f) => ({ json: { email: f.bob.email } }), invalid(e('email', EMAIL_TAKEN))],
    ['NUL character', () => ({ json: { last_name: 'Te\u0000st' } }), invalid(e('last_name', M.wrongType))],
    ['malformed path id', () => ({ path: '/v1/users/abc', json: { first_name: 'Alice' } }), notFound(T.userNotFound)],
    ['another user', (f) => ({ path: `/v1/users/${f.bob.id}`, json: { first_name: 'Pirate' } }), forbidden(T.onlyYourself)],
    ['unknown user id', () => ({ path: `/v1/users/${UNKNOWN_UUID}`, json: { first_name: 'Pirate' } }), forbidden(T.onlyYourself)],
    [
      'oversize Idempotency-Key',
      () => ({ json: { first_name: 'Alice' }, headers: { 'Idempotency-Key': long(201) } }),
      invalid(e('Idempotency-Key', BAD_IDEMPOTENCY_KEY)),
    ],
    [
      'unknown bearer token',
      () => ({ token: 'pas-un-jeton', json: { first_name: 'Pirate' } }),
      { status: 401, message: T.unauthenticated },
    ],
  ]),
  ...call('DELETE', '/v1/users/{id}', self(), [
    ['malformed path id', () => ({ path: '/v1/users/abc' }), notFound(T.userNotFound)],
    ['another user', (f) => ({ path: `/v1/users/${f.bob.id}` }), forbidden(T.onlyYourself)],
  ]),
  ...call('POST', '/v1/users/{id}/photo', self('/photo'), [
    ['photo field missing', () => ({ body: form({ autre: 'x' }) }), invalid(e('photo', M.required))],
    ['photo sent as text, not a file', () => ({ body: form({ photo: 'abc' }) }), invalid(e('photo', M.required))],
    ['a JSON body instead of multipart', () => ({ json: { photo: 'abc' } }), invalid(e('photo', M.required))],
    [
      'a broken multipart body',
      () => ({
        body: '--x\r\nContent-Disposition: form-data; name="photo"',
        headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
      }),
      invalid(e('photo', M.required)),
    ],
    ['a text file named .png', () => ({ body: form({ photo: textFile }) }), invalid(e('photo', PHOTO_TYPE))],
    ['an SVG image', () => ({ body: form({ photo: svgFile }) }), invalid(e('photo', PHOTO_TYPE))],
    [
      'more than 10 MB',
      () => ({ body: form({ photo: { data: Buffer.alloc(11 * 1024 * 1024, 1), type: 'image/jpeg', name: 'grosse.jpg' } }) }),
      { status: 413, message: T.tooLarge },
    ],
    ['malformed path id', (f) => ({ path: '/v1/users/abc/photo', body: form({ photo: pngFile(f) }) }), notFound(T.userNotFound)],
    ['another user', (f) => ({ path: `/v1/users/${f.bob.id}/photo`, body: form({ photo: pngFile(f) }) }), forbidden(T.onlyYourself)],
  ]),
  ...call('GET', '/v1/users/{id}/villages', self('/villages'), [
    ['malformed path id', () => ({ path: '/v1/users/abc/villages' }), notFound(T.userNotFound)],
    ['another user', (f) => ({ path: `/v1/users/${f.bob.id}/villages` }), forbidden(T.onlyYourself)],
    ['state=9', () => ({ query: 'state=9' }), invalid(e('state', M.oneOf))],
    ['state=abc', () => ({ query: 'state=abc' }), invalid(e('state', M.oneOf))],
    ['unknown include', () => ({ query: 'include=photo,secrets' }), invalid(e('include', M.oneOf))],
  ]),
];

// ----------------------------------------------------------------------------------------------------------
// Catalogue and villages
// ----------------------------------------------------------------------------------------------------------
const asAlice = (path: string | ((f: Fixture) => string)) => (f: Fixture) => ({
  path: typeof path === 'string' ? path : path(f),
  as: f.alice,
});
const villageA = (suffix = '') => asAlice((f) => `/v1/villages/${f.A.id}${suffix}`);
const good = { creation_mode: 2, name: 'Village' };

const villageCases: Case[] = [
  ...call('GET', '/v1/need_categories', asAlice('/v1/need_categories'), [
    ['unknown include', () => ({ query: 'include=recettes' }), invalid(e('include', M.oneOf))],
    ['one good and one unknown include', () => ({ query: 'include=needs,photo' }), invalid(e('include', M.oneOf))],
  ]),
  ...call('GET', '/v1/villages', asAlice('/v1/villages'), [
    ['state=9', () => ({ query: 'state=9' }), invalid(e('state', M.oneOf))],
    ['state=0', () => ({ query: 'state=0' }), invalid(e('state', M.oneOf))],
    ['state=abc', () => ({ query: 'state=abc' }), invalid(e('state', M.oneOf))],
    ['empty state', () => ({ query: 'state=' }), invalid(e('state', M.oneOf))],
    ['unknown include', () => ({ query: 'include=needs,secrets' }), invalid(e('include', M.oneOf))],
    ['include of a relation that does not nest', () => ({ query: 'include=needs.villagers' }), invalid(e('include', M.oneOf))],
  ]),
  ...call('POST', '/v1/villages', asAlice('/v1/villages'), [
    ['malformed JSON', () => rawJson('{"creation_mode": 1'), badJson],
    ['an array for the object body', () => ({ json: [1] }), invalid(root)],
    ['an empty array for the object body', () => ({ json: [] }), invalid(root)],
    ['null body', () => rawJson('null'), invalid(root)],
    ['no field at all', () => ({ json: {} }), invalid(...required('creation_mode'))],
    ['creation_mode as a string', () => ({ json: { creation_mode: '1' } }), invalid(e('creation_mode', M.oneOf))],
    ['creation_mode out of range', () => ({ json: { creation_mode: 3 } }), invalid(e('creation_mode', M.oneOf))],
    ['unknown field', () => ({ json: { ...good, state: 3 } }), invalid(e('state', M.unknownField))],
    [
      'wrong types',
      () => ({ json: { creation_mode: 1, name: 5, reason: true, infos: [], phone: 612345678, start_date: 20261120, relationship: {} } }),
      invalid(
        ...fields(
          ['name', M.wrongType],
          ['reason', M.wrongType],
          ['infos', M.wrongType],
          ['phone', M.wrongType],
          ['start_date', M.wrongType],
          ['relationship', M.wrongType],
        ),
      ),
    ],
    [
      'oversize strings',
      () => ({
        json: {
          creation_mode: 2,
          name: long(101),
          reason: long(256),
          infos: long(2001),
          home_infos: long(2001),
          phone: '1'.repeat(16),
          first_name: long(101),
          last_name: long(101),
          relationship: long(101),
        },
      }),
      invalid(
        ...fields(
          ['name', M.maxLength(100)],
          ['reason', M.maxLength(255)],
          ['infos', M.maxLength(2000)],
          ['home_infos', M.maxLength(2000)],
          ['phone', M.maxLength(15)],
          ['first_name', M.maxLength(100)],
          ['last_name', M.maxLength(100)],
          ['relationship', M.maxLength(100)],
        ),
      ),
    ],
    ['phone with letters', () => ({ json: { ...good, phone: 'zéro six' } }), invalid(e('phone', M.digits))],
    ['date that is not a date', () => ({ json: { ...good, start_date: 'demain' } }), invalid(e('start_date', M.date))],
    ['date that does not exist', () => ({ json: { ...good, start_date: '2026-02-30' } }), invalid(e('start_date', M.date))],
    ['year zero', () => ({ json: { ...good, end_date: '0000-01-01' } }), invalid(e('end_date', M.date))],
    [
      'end before start',
      () => ({ json: { ...good, start_date: '2026-12-10', end_date: '2026-12-01' } }),
      invalid(e('end_date', M.endBeforeStart)),
    ],
    ['malformed client id', () => ({ json: { ...good, id: 'abc' } }), invalid(e('id', M.uuid))],
    ['client id already taken', (f) => ({ json: { ...good, id: f.A.id } }), { status: 409, message: T.idTaken }],
    ['client id of another village', (f) => ({ json: { ...good, id: f.B.id.toUpperCase() } }), { status: 409, message: T.idTaken }],
    ['NUL character', () => ({ json: { ...good, name: 'Vil\u0000lage' } }), invalid(e('name', M.wrongType))],
    ['oversize body (over 1 MB)', () => ({ json: { ...good, infos: long(1_100_000) } }), { status: 413, message: T.tooLarge }],
  ]),
  ...call('PUT', '/v1/villages/join/helper', (f) => ({ path: '/v1/villages/join/helper', as: f.carol }), [
    ['malformed JSON', () => rawJson("{'share_code': 'ABC'}"), badJson],
    ['an array for the object body', () => ({ json: [] }), invalid(root)],
    ['no field at all', () => ({ json: {} }), invalid(...required('share_code'))],
    ['wrong type', () => ({ json: { share_code: 12345678 } }), invalid(e('share_code', M.wrongType))],
    ['empty code', () => ({ json: { share_code: '  ' } }), invalid(...required('share_code'))],
    ['oversize code', () => ({ json: { share_code: long(33) } }), invalid(e('share_code', M.maxLength(32)))],
    ['unknown code', () => ({ json: { share_code: 'ZZZZ2222' } }), notFound(UNKNOWN_CODE)],
    ['NUL character', () => ({ json: { share_code: 'AB\u0000CD' } }), invalid(e('share_code', M.wrongType))],
  ]),
  ...call('GET', '/v1/villages/{id}', villageA(), [
    ['malformed path id', () => ({ path: '/v1/villages/abc' }), notFound(T.villageNotFound)],
    ['almost a UUID', (f) => ({ path: `/v1/villages/${f.A.id}0` }), notFound(T.villageNotFound)],
    ['unknown id', () => ({ path: `/v1/villages/${UNKNOWN_UUID}` }), notFound(T.villageNotFound)],
    ['a village of others', (f) => ({ path: `/v1/villages/${f.B.id}`, as: 'bob' }), forbidden(T.notMember)],
    ['unknown include', () => ({ query: 'include=needs,helps.secrets' }), invalid(e('include', M.oneOf))],
  ]),
  ...call('PUT', '/v1/villages/{id}', villageA(), [
    ['malformed JSON', () => rawJson('{"name": "x",}'), badJson],
    ['an array for the object body', () => ({ json: [] }), invalid(root)],
    ['no updater_id', () => ({ json: { name: 'Nouveau nom' } }), invalid(...required('updater_id'))],
    ['malformed updater_id', () => ({ json: { updater_id: 'abc' } }), invalid(e('updater_id', M.uuid))],
    ['updater_id as a number', () => ({ json: { updater_id: 5 } }), invalid(e('updater_id', M.wrongType))],
    ['updater_id of another villager', (f) => ({ json: { updater_id: f.A.bob, name: 'x' } }), forbidden(T.notYourself)],
    ['updater_id of my villager in another village', (f) => ({ json: { updater_id: f.B.alice, name: 'x' } }), forbidden(T.notYourself)],
    ['unknown field', (f) => ({ json: { updater_id: f.A.alice, state: 1 } }), invalid(e('state', M.unknownField))],
    [
      'unknown field share_code',
      (f) => ({ json: { updater_id: f.A.alice, share_code: 'AAAA2222' } }),
      invalid(e('share_code', M.unknownField)),
    ],
    [
      'wrong types',
      (f) => ({ json: { updater_id: f.A.alice, name: 5, home_infos: false, end_date: 1, last_name: ['x'] } }),
      invalid(...fields(['name', M.wrongType], ['home_infos', M.wrongType], ['end_date', M.wrongType], ['last_name', M.wrongType])),
    ],
    [
      'oversize strings',
      (f) => ({
        json: {
          updater_id: f.A.alice,
          name: long(101),
          reason: long(256),
          infos: long(2001),
          home_infos: long(2001),
          relationship: long(101),
        },
      }),
      invalid(
        ...fields(
          ['name', M.maxLength(100)],
          ['reason', M.maxLength(255)],
          ['infos', M.maxLength(2000)],
          ['home_infos', M.maxLength(2000)],
          ['relationship', M.maxLength(100)],
        ),
      ),
    ],
    ['oversize phone', (f) => ({ json: { updater_id: f.A.alice, phone: '0612345678901234' } }), invalid(e('phone', M.maxLength(15)))],
    ['phone with letters', (f) => ({ json: { updater_id: f.A.alice, phone: '06-12 ab' } }), invalid(e('phone', M.digits))],
    ['date that does not exist', (f) => ({ json: { updater_id: f.A.alice, end_date: '2026-04-31' } }), invalid(e('end_date', M.date))],
    [
      'end before start',
      (f) => ({ json: { updater_id: f.A.alice, start_date: '2026-12-10', end_date: '2026-12-01' } }),
      invalid(e('end_date', M.endBeforeStart)),
    ],
    ['NUL character', (f) => ({ json: { updater_id: f.A.alice, infos: 'code\u0000' } }), invalid(e('infos', M.wrongType))],
    ['malformed path id', (f) => ({ path: '/v1/villages/abc', json: { updater_id: f.A.alice } }), notFound(T.villageNotFound)],
    ['unknown village', (f) => ({ path: `/v1/villages/${UNKNOWN_UUID}`, json: { updater_id: f.A.alice } }), notFound(T.villageNotFound)],
    [
      'a village where I only help',
      (f) => ({ path: `/v1/villages/${f.B.id}`, json: { updater_id: f.B.alice, name: 'x' } }),
      forbidden(T.notManager),
    ],
    [
      'a village of others',
      (f) => ({ path: `/v1/villages/${f.B.id}`, as: 'bob', json: { updater_id: f.A.bob, name: 'x' } }),
      forbidden(T.notMember),
    ],
    [
      'empty Idempotency-Key',
      (f) => ({ json: { updater_id: f.A.alice, name: 'x' }, headers: { 'Idempotency-Key': long(201) } }),
      invalid(e('Idempotency-Key', BAD_IDEMPOTENCY_KEY)),
    ],
  ]),
  ...call('POST', '/v1/villages/{id}/photo', villageA('/photo'), [
    ['photo field missing', (f) => ({ body: form({ updater_id: f.A.alice }) }), invalid(e('photo', M.required))],
    ['a JSON body instead of multipart', (f) => ({ json: { updater_id: f.A.alice } }), invalid(e('photo', M.required))],
    ['a text file named .png', (f) => ({ body: form({ updater_id: f.A.alice, photo: textFile }) }), invalid(e('photo', PHOTO_TYPE))],
    ['an SVG image', (f) => ({ body: form({ updater_id: f.A.alice, photo: svgFile }) }), invalid(e('photo', PHOTO_TYPE))],
    ['no updater_id', (f) => ({ body: form({ photo: pngFile(f) }) }), invalid(...required('updater_id'))],
    ['malformed updater_id', (f) => ({ body: form({ photo: pngFile(f), updater_id: 'abc' }) }), invalid(e('updater_id', M.uuid))],
    ['updater_id of another villager', (f) => ({ body: form({ photo: pngFile(f), updater_id: f.A.bob }) }), forbidden(T.notYourself)],
    [
      'updater_id of my villager in another village',
      (f) => ({ body: form({ photo: pngFile(f), updater_id: f.B.alice }) }),
      forbidden(T.notYourself),
    ],
    [
      'malformed path id',
      (f) => ({ path: '/v1/villages/abc/photo', body: form({ photo: pngFile(f), updater_id: f.A.alice }) }),
      notFound(T.villageNotFound),
    ],
    [
      'a village of others',
      (f) => ({ path: `/v1/villages/${f.B.id}/photo`, as: 'bob', body: form({ photo: pngFile(f), updater_id: f.A.bob }) }),
      forbidden(T.notMember),
    ],
  ]),
  ...(['fc', 'vo'] as const).flatMap((step) => {
    const field = step === 'fc' ? 'creator_id' : 'villager_id';
    return call('PUT', `/v1/villages/{id}/${step}`, villageA(`/${step}`), [
      ['malformed JSON', () => rawJson(`{"${field}"}`), badJson],
      ['an array for the object body', () => ({ json: [] }), invalid(root)],
      ['no field at all', () => ({ json: {} }), invalid(...required(field))],
      ['wrong type', () => ({ json: { [field]: 42 } }), invalid(e(field, M.wrongType))],
      ['malformed id', () => ({ json: { [field]: 'abc' } }), invalid(e(field, M.uuid))],
      ['id of another villager', (f) => ({ json: { [field]: f.A.bob } }), forbidden(T.notYourself)],
      ['id of my villager in another village', (f) => ({ json: { [field]: f.B.alice } }), forbidden(T.notYourself)],
      ['unknown id', () => ({ json: { [field]: UNKNOWN_UUID } }), forbidden(T.notYourself)],
      ['malformed path id', (f) => ({ path: `/v1/villages/abc/${step}`, json: { [field]: f.A.alice } }), notFound(T.villageNotFound)],
      [
        'unknown village',
        (f) => ({ path: `/v1/villages/${UNKNOWN_UUID}/${step}`, json: { [field]: f.A.alice } }),
        notFound(T.villageNotFound),
      ],
    ]);
  }),
];

// ----------------------------------------------------------------------------------------------------------
// Needs and helps
// ----------------------------------------------------------------------------------------------------------
const needCases: Case[] = [
  ...call('POST', '/v1/villages/{id}/needs', villageA('/needs'), [
    ['malformed JSON', () => rawJson('{"name": "Courses"'), badJson],
    ['an array for the object body', () => ({ json: [] }), invalid(root)],
    ['no field at all', () => ({ json: {} }), invalid(...required('villager_id'))],
    ['no name and no catalogue need', (f) => ({ json: { villager_id: f.A.alice } }), invalid(...required('name'))],
    ['blank name', (f) => ({ json: { villager_id: f.A.alice, name: '   ' } }), invalid(...required('name'))],
    [
      'wrong types',
      (f) => ({ json: { villager_id: f.A.alice, name: 5, description: { a: 1 }, need_id: 3, category_id: true } }),
      invalid(...fields(['need_id', M.wrongType], ['category_id', M.wrongType], ['name', M.wrongType], ['description', M.wrongType])),
    ],
    [
      'oversize strings',
      (f) => ({ json: { villager_id: f.A.alice, name: long(101), description: long(2001) } }),
      invalid(e('name', M.maxLength(100)), e('description', M.maxLength(2000))),
    ],
    [
      'unknown field',
      (f) => ({ json: { villager_id: f.A.alice, name: 'Courses', village_id: f.B.id } }),
      invalid(e('village_id', M.unknownField)),
    ],
    [
      'malformed ids',
      () => ({ json: { id: 'x', villager_id: 'abc', need_id: '123', category_id: 'rouge', name: 'Courses' } }),
      invalid(...fields(['id', M.uuid], ['villager_id', M.uuid], ['need_id', M.uuid], ['category_id', M.uuid])),
    ],
    [
      'unknown catalogue need',
      (f) => ({ json: { villager_id: f.A.alice, need_id: UNKNOWN_UUID } }),
      invalid(e('need_id', UNKNOWN_CATALOGUE_NEED)),
    ],
    [
      'a village need of another village as catalogue need',
      (f) => ({ json: { villager_id: f.A.alice, need_id: f.B.need } }),
      invalid(e('need_id', UNKNOWN_CATALOGUE_NEED)),
    ],
    [
      'a category id as catalogue need',
      (f) => ({ json: { villager_id: f.A.alice, need_id: f.categoryId } }),
      invalid(e('need_id', UNKNOWN_CATALOGUE_NEED)),
    ],
    [
      'unknown category',
      (f) => ({ json: { villager_id: f.A.alice, name: 'Courses', category_id: UNKNOWN_UUID } }),
      invalid(e('category_id', UNKNOWN_CATEGORY)),
    ],
    [
      'client id already taken',
      (f) => ({ json: { id: f.A.need, villager_id: f.A.alice, name: 'Courses' } }),
      { status: 409, message: T.idTaken },
    ],
    [
      'client id of a need of another village',
      (f) => ({ json: { id: f.B.need, villager_id: f.A.alice, name: 'Courses' } }),
      { status: 409, message: T.idTaken },
    ],
    ['villager_id of another villager', (f) => ({ json: { villager_id: f.A.bob, name: 'Courses' } }), forbidden(T.notYourself)],
    [
      'villager_id of my villager in another village',
      (f) => ({ json: { villager_id: f.B.alice, name: 'Courses' } }),
      forbidden(T.notYourself),
    ],
    ['NUL character', (f) => ({ json: { villager_id: f.A.alice, name: 'Cour\u0000ses' } }), invalid(e('name', M.wrongType))],
    [
      'malformed path id',
      (f) => ({ path: '/v1/villages/abc/needs', json: { villager_id: f.A.alice, name: 'Courses' } }),
      notFound(T.villageNotFound),
    ],
    [
      'unknown village',
      (f) => ({ path: `/v1/villages/${UNKNOWN_UUID}/needs`, json: { villager_id: f.A.alice, name: 'Courses' } }),
      notFound(T.villageNotFound),
    ],
  ]),
  ...call('PUT', '/v1/villages/{id}/needs/{needId}', (f) => ({ path: `/v1/villages/${f.A.id}/needs/${f.A.need}`, as: f.alice }), [
    ['malformed JSON', () => rawJson('{"name": "Repas",,}'), badJson],
    ['an array for the object body', () => ({ json: [] }), invalid(root)],
    ['no updater_id', () => ({ json: { name: 'Repas' } }), invalid(...required('updater_id'))],
    ['malformed updater_id', () => ({ json: { updater_id: 'abc', name: 'Repas' } }), invalid(e('updater_id', M.uuid))],
    ['unknown field', (f) => ({ json: { updater_id: f.A.alice, village_id: f.B.id } }), invalid(e('village_id', M.unknownField))],
    [
      'wrong types',
      (f) => ({ json: { updater_id: f.A.alice, name: [], description: 5 } }),
      invalid(e('name', M.wrongType), e('description', M.wrongType)),
    ],
    [
      'oversize strings',
      (f) => ({ json: { updater_id: f.A.alice, name: long(101), description: long(2001) } }),
      invalid(e('name', M.maxLength(100)), e('description', M.maxLength(2000))),
    ],
    ['blank name', (f) => ({ json: { updater_id: f.A.alice, name: '' } }), invalid(...required('name'))],
    ['malformed category', (f) => ({ json: { updater_id: f.A.alice, category_id: 'rouge' } }), invalid(e('category_id', M.uuid))],
    [
      'unknown catalogue need',
      (f) => ({ json: { updater_id: f.A.alice, need_id: UNKNOWN_UUID } }),
      invalid(e('need_id', UNKNOWN_CATALOGUE_NEED)),
    ],
    [
      'unknown category',
      (f) => ({ json: { updater_id: f.A.alice, category_id: UNKNOWN_UUID } }),
      invalid(e('category_id', UNKNOWN_CATEGORY)),
    ],
    [
      'a need of another village',
      (f) => ({ path: `/v1/villages/${f.A.id}/needs/${f.B.need}`, json: { updater_id: f.A.alice, name: 'Repas' } }),
      notFound(T.needNotFound),
    ],
    [
      'malformed need id',
      (f) => ({ path: `/v1/villages/${f.A.id}/needs/abc`, json: { updater_id: f.A.alice, name: 'Repas' } }),
      notFound(T.needNotFound),
    ],
    [
      'unknown need id',
      (f) => ({ path: `/v1/villages/${f.A.id}/needs/${UNKNOWN_UUID}`, json: { updater_id: f.A.alice, name: 'Repas' } }),
      notFound(T.needNotFound),
    ],
    ['updater_id of another villager', (f) => ({ json: { updater_id: f.A.bob, name: 'Repas' } }), forbidden(T.notYourself)],
    ['updater_id of my villager in another village', (f) => ({ json: { updater_id: f.B.alice, name: 'Repas' } }), forbidden(T.notYourself)],
    [
      'malformed village id',
      (f) => ({ path: `/v1/villages/abc/needs/${f.A.need}`, json: { updater_id: f.A.alice, name: 'Repas' } }),
      notFound(T.villageNotFound),
    ],
  ]),
  ...call('DELETE', '/v1/villages/{id}/needs/{needId}', (f) => ({ path: `/v1/villages/${f.A.id}/needs/${f.A.need}`, as: f.alice }), [
    ['malformed JSON body', () => rawJson('{villager_id}'), badJson],
    ['no villager_id', () => ({}), invalid(...required('villager_id'))],
    ['malformed villager_id in the query', () => ({ query: 'villager_id=abc' }), invalid(e('villager_id', M.uuid))],
    ['empty villager_id in the query', () => ({ query: 'villager_id=' }), invalid(e('villager_id', M.uuid))],
    ['villager_id as a number in the body', () => ({ json: { villager_id: 7 } }), invalid(e('villager_id', M.wrongType))],
    ['villager_id of another villager', (f) => ({ query: `villager_id=${f.A.bob}` }), forbidden(T.notYourself)],
    ['villager_id of my villager in another village', (f) => ({ query: `villager_id=${f.B.alice}` }), forbidden(T.notYourself)],
    [
      'a need of another village',
      (f) => ({ path: `/v1/villages/${f.A.id}/needs/${f.B.need}`, query: `villager_id=${f.A.alice}` }),
      notFound(T.needNotFound),
    ],
    [
      'malformed need id',
      (f) => ({ path: `/v1/villages/${f.A.id}/needs/abc`, query: `villager_id=${f.A.alice}` }),
      notFound(T.needNotFound),
    ],
    [
      'unknown need id',
      (f) => ({ path: `/v1/villages/${f.A.id}/needs/${UNKNOWN_UUID}`, query: `villager_id=${f.A.alice}` }),
      notFound(T.needNotFound),
    ],
  ]),
  ...call(
    'POST',
    '/v1/villages/{id}/needs/{needId}/helps',
    (f) => ({ path: `/v1/villages/${f.A.id}/needs/${f.A.need}/helps`, as: f.bob }),
    [
      ['malformed JSON', () => rawJson('{"start_date": 2026-11-21}'), badJson],
      ['an array for the object body', () => ({ json: [] }), invalid(root)],
      ['no field at all', () => ({ json: {} }), invalid(...required('helper_id', 'start_date'))],
      [
        'wrong types',
        () => ({ json: { helper_id: 1, start_date: 1795168800000, end_date: true, comment: 5 } }),
        invalid(...fields(['helper_id', M.wrongType], ['start_date', M.wrongType], ['end_date', M.wrongType], ['comment', M.wrongType])),
      ],
      [
        'malformed ids',
        () => ({ json: { id: 'x', helper_id: 'abc', start_date: '2026-11-21T10:00:00Z' } }),
        invalid(e('id', M.uuid), e('helper_id', M.uuid)),
      ],
      [
        'start that is not a date',
        (f) => ({ json: { helper_id: f.A.bob, start_date: 'demain matin' } }),
        invalid(e('start_date', M.dateTime)),
      ],
      ['start with only a date', (f) => ({ json: { helper_id: f.A.bob, start_date: '2026-11-21' } }), invalid(e('start_date', M.dateTime))],
      [
        'start that does not exist',
        (f) => ({ json: { helper_id: f.A.bob, start_date: '2026-02-30T10:00:00Z' } }),
        invalid(e('start_date', M.dateTime)),
      ],
      [
        'start without an offset',
        (f) => ({ json: { helper_id: f.A.bob, start_date: '2026-11-21T10:00' } }),
        invalid(e('start_date', M.dateTime)),
      ],
      [
        'start beyond year 9999',
        (f) => ({ json: { helper_id: f.A.bob, start_date: '9999-12-31T23:00:00-14:00' } }),
        invalid(e('start_date', M.dateTime)),
      ],
      [
        'start in year zero',
        (f) => ({ json: { helper_id: f.A.bob, start_date: '0000-01-01T00:00:00Z' } }),
        invalid(e('start_date', M.dateTime)),
      ],
      [
        'end before start',
        (f) => ({ json: { helper_id: f.A.bob, start_date: '2026-11-21T10:00:00Z', end_date: '2026-11-21T09:00:00Z' } }),
        invalid(e('end_date', M.endBeforeStart)),
      ],
      [
        'oversize comment',
        (f) => ({ json: { helper_id: f.A.bob, start_date: '2026-11-21T10:00:00Z', comment: long(1001) } }),
        invalid(e('comment', M.maxLength(1000))),
      ],
      [
        'unknown field',
        (f) => ({ json: { helper_id: f.A.bob, start_date: '2026-11-21T10:00:00Z', village_need_id: f.B.need } }),
        invalid(e('village_need_id', M.unknownField)),
      ],
      [
        'client id already taken',
        (f) => ({ json: { id: f.A.help, helper_id: f.A.bob, start_date: '2026-11-21T10:00:00Z' } }),
        { status: 409, message: T.idTaken },
      ],
      [
        'client id of a help of another village',
        (f) => ({ json: { id: f.B.help, helper_id: f.A.bob, start_date: '2026-11-21T10:00:00Z' } }),
        { status: 409, message: T.idTaken },
      ],
      [
        'helper_id of another villager',
        (f) => ({ json: { helper_id: f.A.alice, start_date: '2026-11-21T10:00:00Z' } }),
        forbidden(T.notYourself),
      ],
      [
        'helper_id of a villager of another village',
        (f) => ({ json: { helper_id: f.B.carol, start_date: '2026-11-21T10:00:00Z' } }),
        forbidden(T.notYourself),
      ],
      [
        'NUL character',
        (f) => ({ json: { helper_id: f.A.bob, start_date: '2026-11-21T10:00:00Z', comment: 'à\u0000demain' } }),
        invalid(e('comment', M.wrongType)),
      ],
      [
        'a need of another village',
        (f) => ({
          path: `/v1/villages/${f.A.id}/needs/${f.B.need}/helps`,
          json: { helper_id: f.A.bob, start_date: '2026-11-21T10:00:00Z' },
        }),
        notFound(T.needNotFound),
      ],
      [
        'malformed need id',
        (f) => ({ path: `/v1/villages/${f.A.id}/needs/abc/helps`, json: { helper_id: f.A.bob, start_date: '2026-11-21T10:00:00Z' } }),
        notFound(T.needNotFound),
      ],
      [
        'unknown need id',
        (f) => ({
          path: `/v1/villages/${f.A.id}/needs/${UNKNOWN_UUID}/helps`,
          json: { helper_id: f.A.bob, start_date: '2026-11-21T10:00:00Z' },
        }),
        notFound(T.needNotFound),
      ],
      [
        'malformed village id',
        (f) => ({ path: `/v1/villages/abc/needs/${f.A.need}/helps`, json: { helper_id: f.A.bob, start_date: '2026-11-21T10:00:00Z' } }),
        notFound(T.villageNotFound),
      ],
    ],
  ),
  ...(['', '/refuse'] as const).flatMap((suffix) =>
    call(
      'DELETE',
      `/v1/villages/{id}/helps/{helpId}${suffix}`,
      (f) => ({ path: `/v1/villages/${f.A.id}/helps/${f.A.help}${suffix}`, as: f.alice }),
      [
        ['malformed JSON body', () => rawJson('{"villager_id": '), badJson],
        ['no villager_id', () => ({}), invalid(...required('villager_id'))],
        ['malformed villager_id', () => ({ query: 'villager_id=abc' }), invalid(e('villager_id', M.uuid))],
        ['villager_id as an array in the body', (f) => ({ json: { villager_id: [f.A.alice] } }), invalid(e('villager_id', M.wrongType))],
        ['villager_id of another villager', (f) => ({ query: `villager_id=${f.A.bob}` }), forbidden(T.notYourself)],
        ['villager_id of my villager in another village', (f) => ({ query: `villager_id=${f.B.alice}` }), forbidden(T.notYourself)],
        [
          'a help of another village',
          (f) => ({ path: `/v1/villages/${f.A.id}/helps/${f.B.help}${suffix}`, query: `villager_id=${f.A.alice}` }),
          notFound(T.helpNotFound),
        ],
        [
          'malformed help id',
          (f) => ({ path: `/v1/villages/${f.A.id}/helps/abc${suffix}`, query: `villager_id=${f.A.alice}` }),
          notFound(T.helpNotFound),
        ],
        [
          'unknown help id',
          (f) => ({ path: `/v1/villages/${f.A.id}/helps/${UNKNOWN_UUID}${suffix}`, query: `villager_id=${f.A.alice}` }),
          notFound(T.helpNotFound),
        ],
        [
          'malformed village id',
          (f) => ({ path: `/v1/villages/abc/helps/${f.A.help}${suffix}`, query: `villager_id=${f.A.alice}` }),
          notFound(T.villageNotFound),
        ],
      ],
    ),
  ),
];

// ----------------------------------------------------------------------------------------------------------
// Villagers and the action feed
// ----------------------------------------------------------------------------------------------------------
const villagerCases: Case[] = [
  ...call(
    'DELETE',
    '/v1/villages/{id}/villagers/{villagerId}',
    (f) => ({ path: `/v1/villages/${f.A.id}/villagers/${f.A.bob}`, as: f.alice }),
    [
      ['malformed JSON body', () => rawJson('deleter_id=1'), badJson],
      ['no deleter_id', () => ({}), invalid(...required('deleter_id'))],
      ['malformed deleter_id', () => ({ query: 'deleter_id=abc' }), invalid(e('deleter_id', M.uuid))],
      ['deleter_id of another villager', (f) => ({ query: `deleter_id=${f.A.bob}` }), forbidden(T.notYourself)],
      ['deleter_id of my villager in another village', (f) => ({ query: `deleter_id=${f.B.alice}` }), forbidden(T.notYourself)],
      [
        'a villager of another village',
        (f) => ({ path: `/v1/villages/${f.A.id}/villagers/${f.B.carol}`, query: `deleter_id=${f.A.alice}` }),
        notFound(T.villagerNotFound),
      ],
      [
        'malformed villager id',
        (f) => ({ path: `/v1/villages/${f.A.id}/villagers/abc`, query: `deleter_id=${f.A.alice}` }),
        notFound(T.villagerNotFound),
      ],
      [
        'unknown villager id',
        (f) => ({ path: `/v1/villages/${f.A.id}/villagers/${UNKNOWN_UUID}`, query: `deleter_id=${f.A.alice}` }),
        notFound(T.villagerNotFound),
      ],
      [
        'oneself',
        (f) => ({ path: `/v1/villages/${f.A.id}/villagers/${f.A.alice}`, query: `deleter_id=${f.A.alice}` }),
        forbidden(CANNOT_BAN_SELF),
      ],
    ],
  ),
  ...call(
    'PUT',
    '/v1/villages/{id}/villagers/{villagerId}/leave',
    (f) => ({ path: `/v1/villages/${f.A.id}/villagers/${f.A.bob}/leave`, as: f.bob }),
    [
      ['malformed villager id', (f) => ({ path: `/v1/villages/${f.A.id}/villagers/abc/leave` }), notFound(T.villagerNotFound)],
      ['a villager of another village', (f) => ({ path: `/v1/villages/${f.A.id}/villagers/${f.B.carol}/leave` }), forbidden(T.notYourself)],
      ['another villager', (f) => ({ path: `/v1/villages/${f.A.id}/villagers/${f.A.alice}/leave` }), forbidden(T.notYourself)],
      ['malformed village id', (f) => ({ path: `/v1/villages/abc/villagers/${f.A.bob}/leave` }), notFound(T.villageNotFound)],
    ],
  ),
  ...call('GET', '/v1/villagers/{id}', (f) => ({ path: `/v1/villagers/${f.A.alice}`, as: f.alice }), [
    ['malformed id', () => ({ path: '/v1/villagers/abc' }), notFound(T.villagerNotFound)],
    ['unknown id', () => ({ path: `/v1/villagers/${UNKNOWN_UUID}` }), notFound(T.villagerNotFound)],
    ['a villager of someone else', (f) => ({ path: `/v1/villagers/${f.B.carol}` }), forbidden(ONLY_OWN)],
  ]),
  ...call('POST', '/v1/villagers/{id}', (f) => ({ path: `/v1/villagers/${f.A.alice}`, as: f.alice }), [
    ['malformed JSON', () => rawJson('{"last_check_notif_date": "2026-11-20T10:00:00Z"'), badJson],
    ['an array for the object body', () => ({ json: [] }), invalid(root)],
    ['no field at all', () => ({ json: {} }), invalid(...required('last_check_notif_date'))],
    ['wrong type', () => ({ json: { last_check_notif_date: 1795168800000 } }), invalid(e('last_check_notif_date', M.wrongType))],
    ['not a date', () => ({ json: { last_check_notif_date: 'hier' } }), invalid(e('last_check_notif_date', M.dateTime))],
    [
      'a date that does not exist',
      () => ({ json: { last_check_notif_date: '2026-11-31T10:00:00Z' } }),
      invalid(e('last_check_notif_date', M.dateTime)),
    ],
    [
      'unknown field',
      () => ({ json: { last_check_notif_date: '2026-11-20T10:00:00Z', is_ban: false } }),
      invalid(e('is_ban', M.unknownField)),
    ],
    [
      'malformed id',
      () => ({ path: '/v1/villagers/abc', json: { last_check_notif_date: '2026-11-20T10:00:00Z' } }),
      notFound(T.villagerNotFound),
    ],
    [
      'unknown id',
      () => ({ path: `/v1/villagers/${UNKNOWN_UUID}`, json: { last_check_notif_date: '2026-11-20T10:00:00Z' } }),
      notFound(T.villagerNotFound),
    ],
    [
      'a villager of someone else',
      (f) => ({ path: `/v1/villagers/${f.A.bob}`, json: { last_check_notif_date: '2026-11-20T10:00:00Z' } }),
      forbidden(ONLY_OWN),
    ],
  ]),
  ...call('GET', '/v1/villages/{id}/actions', villageA('/actions'), [
    ['page=0', () => ({ query: 'page=0' }), invalid(e('page', M.numberMin(0)))],
    ['page=-1', () => ({ query: 'page=-1' }), invalid(e('page', M.digits))],
    ['page=1.5', () => ({ query: 'page=1.5' }), invalid(e('page', M.digits))],
    ['page=100001', () => ({ query: 'page=100001' }), invalid(e('page', M.oneOf))],
    ['per_page=abc', () => ({ query: 'per_page=abc' }), invalid(e('per_page', M.digits))],
    ['per_page=0', () => ({ query: 'per_page=0' }), invalid(e('per_page', M.numberMin(0)))],
    ['per_page=51', () => ({ query: 'per_page=51' }), invalid(e('per_page', M.oneOf))],
    ['per_page huge', () => ({ query: 'per_page=99999999999999999999999' }), invalid(e('per_page', M.oneOf))],
    ['sort=x', () => ({ query: 'sort=x' }), invalid(e('sort', M.oneOf))],
    ['empty sort', () => ({ query: 'sort=' }), invalid(e('sort', M.oneOf))],
    [
      'several bad values',
      () => ({ query: 'page=abc&per_page=0&sort=created' }),
      invalid(e('per_page', M.numberMin(0)), e('page', M.digits), e('sort', M.oneOf)),
    ],
    ['malformed village id', () => ({ path: '/v1/villages/abc/actions' }), notFound(T.villageNotFound)],
    ['a village of others', (f) => ({ path: `/v1/villages/${f.B.id}/actions`, as: 'bob' }), forbidden(T.notMember)],
  ]),
  ...call('POST', '/v1/unknown', asAlice('/v1/unknown'), [['unknown route', () => ({ json: { a: 1 } }), notFound(T.routeNotFound)]]),
];

// ----------------------------------------------------------------------------------------------------------
// Schedules, slots and a help's note
// ----------------------------------------------------------------------------------------------------------
const DINNERS = { dtstart: '2027-03-15T19:00', duration_minutes: 90, rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=18', places: 3 };
const dinner =
  (schedule: unknown, more: Record<string, unknown> = {}) =>
  (f: Fixture) => ({
    json: { villager_id: f.A.alice, name: 'Dîner', schedule, ...more },
  });
const edited = (schedule: unknown) => (f: Fixture) => ({ json: { updater_id: f.A.alice, schedule } });
const S = scheduleMessages;

const scheduleCases: Case[] = [
  ...call('POST', '/v1/villages/{id}/needs', villageA('/needs'), [
    ['a schedule that is not an object', dinner('lundi à 19 h'), invalid(e('schedule', M.wrongType))],
    ['a rule the library cannot read', dinner({ ...DINNERS, rrule: "n'importe quoi" }), invalid(e('schedule', S.rule))],
    ['an unknown frequency', dinner({ ...DINNERS, rrule: 'FREQ=SOMETIMES' }), invalid(e('schedule', S.rule))],
    ['an unknown day', dinner({ ...DINNERS, rrule: 'FREQ=WEEKLY;BYDAY=XX' }), invalid(e('schedule', S.rule))],
    ['a zero interval', dinner({ ...DINNERS, rrule: 'FREQ=WEEKLY;INTERVAL=0' }), invalid(e('schedule', S.rule))],
    ['a rule with its own DTSTART', dinner({ ...DINNERS, rrule: 'DTSTART:20270101T000000Z\nFREQ=DAILY' }), invalid(e('schedule', S.rule))],
    ['an hourly rule', dinner({ ...DINNERS, rrule: 'FREQ=HOURLY' }), invalid(e('schedule', S.ruleFrequency))],
    ['a rule by the hour', dinner({ ...DINNERS, rrule: 'FREQ=DAILY;BYHOUR=10,18' }), invalid(e('schedule', S.rule))],
    ['10 minutes', dinner({ ...DINNERS, duration_minutes: 10 }), invalid(e('schedule.duration_minutes', S.duration))],
    ['1441 minutes', dinner({ ...DINNERS, duration_minutes: 1441 }), invalid(e('schedule.duration_minutes', S.duration))],
    ['0 places', dinner({ ...DINNERS, places: 0 }), invalid(e('schedule.places', S.places))],
    ['21 places', dinner({ ...DINNERS, places: 21 }), invalid(e('schedule.places', S.places))],
    ['a start that does not exist', dinner({ ...DINNERS, dtstart: '2027-02-30T19:00' }), invalid(e('schedule.dtstart', S.localDateTime))],
    [
      'a start as an instant, not a local time',
      dinner({ ...DINNERS, dtstart: '2027-03-15T18:00:00Z' }),
      invalid(e('schedule.dtstart', S.localDateTime)),
    ],
    ['no start', dinner({ duration_minutes: 60 }), invalid(e('schedule.dtstart', M.required))],
    ['exdates not an array', dinner({ ...DINNERS, exdates: '2027-03-19T19:00' }), invalid(e('schedule.exdates', M.wrongType))],
    ['an exdate that is not a local time', dinner({ ...DINNERS, exdates: ['demain'] }), invalid(e('schedule.exdates.0', S.localDateTime))],
    ['an unknown field in the schedule', dinner({ ...DINNERS, tzid: 'Europe/Paris' }), invalid(e('schedule.tzid', M.unknownField))],
    ['people not a number', dinner(null, { people: 'x' }), invalid(e('people', M.wrongType))],
    ['people 0', dinner(null, { people: 0 }), invalid(e('people', M.numberMin(0)))],
    [
      'oversize details',
      dinner(null, { address: long(501), access: long(1001), diet: long(501) }),
      invalid(e('address', M.maxLength(500)), e('access', M.maxLength(1000)), e('diet', M.maxLength(500))),
    ],
  ]),
  ...call('PUT', '/v1/villages/{id}/needs/{needId}', (f) => ({ path: `/v1/villages/${f.A.id}/needs/${f.A.need}`, as: f.alice }), [
    ['an hourly rule', edited({ ...DINNERS, rrule: 'FREQ=HOURLY' }), invalid(e('schedule', S.ruleFrequency))],
    ['0 places', edited({ ...DINNERS, places: 0 }), invalid(e('schedule.places', S.places))],
    ['people not a number', (f) => ({ json: { updater_id: f.A.alice, people: 'x' } }), invalid(e('people', M.wrongType))],
  ]),
  ...call(
    'POST',
    '/v1/villages/{id}/needs/{needId}/helps',
    (f) => ({ path: `/v1/villages/${f.A.id}/needs/${f.A.need}/helps`, as: f.bob }),
    [
      [
        'a start in the past',
        (f) => ({ json: { helper_id: f.A.bob, start_date: '2026-11-19T10:00:00Z' } }),
        invalid(e('start_date', S.past)),
      ],
      [
        'a start more than two years ahead',
        (f) => ({ json: { helper_id: f.A.bob, start_date: '2028-11-21T10:00:00Z' } }),
        invalid(e('start_date', S.tooFar)),
      ],
    ],
  ),
  ...call('PUT', '/v1/villages/{id}/helps/{helpId}', (f) => ({ path: `/v1/villages/${f.A.id}/helps/${f.A.help}`, as: f.bob }), [
    ['malformed JSON', () => rawJson('{"comment": '), badJson],
    ['no updater_id', () => ({ json: { comment: 'Soupe' } }), invalid(...required('updater_id'))],
    ['oversize comment', (f) => ({ json: { updater_id: f.A.bob, comment: long(1001) } }), invalid(e('comment', M.maxLength(1000)))],
    [
      'unknown field',
      (f) => ({ json: { updater_id: f.A.bob, start_date: '2026-11-22T10:00:00Z' } }),
      invalid(e('start_date', M.unknownField)),
    ],
    ['updater_id of another villager', (f) => ({ json: { updater_id: f.A.alice, comment: 'Soupe' } }), forbidden(T.notYourself)],
    ['the help of someone else', (f) => ({ as: 'alice', json: { updater_id: f.A.alice, comment: 'Soupe' } }), forbidden(T.notYourHelp)],
    [
      'a help of another village',
      (f) => ({ path: `/v1/villages/${f.A.id}/helps/${f.B.help}`, json: { updater_id: f.A.bob, comment: 'Soupe' } }),
      notFound(T.helpNotFound),
    ],
    [
      'malformed help id',
      (f) => ({ path: `/v1/villages/${f.A.id}/helps/abc`, json: { updater_id: f.A.bob, comment: 'Soupe' } }),
      notFound(T.helpNotFound),
    ],
    [
      'malformed village id',
      (f) => ({ path: `/v1/villages/abc/helps/${f.A.help}`, json: { updater_id: f.A.bob, comment: 'Soupe' } }),
      notFound(T.villageNotFound),
    ],
  ]),
  ...call('GET', '/v1/villages/{id}/slots', villageA('/slots'), [
    ['no window', () => ({}), invalid(...required('from', 'to'))],
    ['a start that is not a date', () => ({ query: 'from=lundi&to=2027-04-01T00:00:00Z' }), invalid(e('from', M.dateTime))],
    ['an end before the start', () => ({ query: 'from=2027-04-01T00:00:00Z&to=2027-03-01T00:00:00Z' }), invalid(e('to', M.endBeforeStart))],
    [
      'a window of more than 366 days',
      () => ({ query: 'from=2027-01-01T00:00:00Z&to=2028-01-03T00:00:00Z' }),
      invalid(e('to', slotWindowMessage)),
    ],
    [
      'a village of others',
      (f) => ({ as: 'bob', path: `/v1/villages/${f.B.id}/slots`, query: 'from=2027-03-01T00:00:00Z&to=2027-04-01T00:00:00Z' }),
      forbidden(T.notMember),
    ],
    [
      'malformed village id',
      () => ({ path: '/v1/villages/abc/slots', query: 'from=2027-03-01T00:00:00Z&to=2027-04-01T00:00:00Z' }),
      notFound(T.villageNotFound),
    ],
  ]),
];

const cases: Case[] = [...authCases, ...userCases, ...villageCases, ...needCases, ...villagerCases, ...scheduleCases];

// ----------------------------------------------------------------------------------------------------------

let world: World;
let f: Fixture;
let lastSnapshot: Awaited<ReturnType<typeof snapshot>>;

/** Everything a request could write: every table but the seeded catalogue (queued mails included), and the stored files. */
async function snapshot() {
  const tables = { users, sessions, resetTokens, villages, villagers, villageNeeds, helps, actions, idempotencyKeys, mailJobs };
  const out: Record<string, unknown> = {};
  for (const [name, table] of Object.entries(tables)) {
    const rows: unknown[] = await world.db.select().from(table as typeof users);
    out[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  out.files = [...world.files.files.keys()].sort();
  return out;
}

beforeAll(async () => {
  const generous = { max: 100_000, windowMs: 60_000 };
  const unthrottled = { free: 100_000, firstDelayMs: 1, maxDelayMs: 1, forgetMs: 60_000 };
  world = await createWorld({
    rateLimits: { loginPerAddress: generous, registerPerAddress: generous, resetPerAddress: generous, resetPerEmail: generous },
    signInRules: { perAddressAndSource: unthrottled, perSource: unthrottled },
  });
  const [alice, bob, carol] = [await world.user('Alice'), await world.user('Bob'), await world.user('Carol')];
  const ok = async (method: string, path: string, token: string, json: unknown) => {
    const res = await world.request(method, path, { token, json });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.id as string;
  };

  const a = await world.village(alice);
  const bobA = await world.join(bob, a.shareCode);
  const needA = await ok('POST', `/v1/villages/${a.id}/needs`, alice.token, { villager_id: a.creatorVillagerId, name: 'Courses' });
  const helpA = await ok('POST', `/v1/villages/${a.id}/needs/${needA}/helps`, bob.token, {
    helper_id: bobA,
    start_date: '2026-11-21T10:00:00Z',
  });

  const b = await world.village(carol);
  const aliceB = await world.join(alice, b.shareCode);
  const needB = await ok('POST', `/v1/villages/${b.id}/needs`, carol.token, { villager_id: b.creatorVillagerId, name: 'Repas' });
  const helpB = await ok('POST', `/v1/villages/${b.id}/needs/${needB}/helps`, carol.token, {
    helper_id: b.creatorVillagerId,
    start_date: '2026-11-22T12:00:00Z',
  });

  const [category] = await world.db.select().from(needCategories).limit(1);
  const resetToken = 'jeton-de-reinitialisation-valide';
  const expiredResetToken = 'jeton-de-reinitialisation-expire';
  const now = world.clock.now().getTime();
  await world.db.insert(resetTokens).values([
    { tokenHash: hashToken(resetToken), userId: alice.id, expiresAt: new Date(now + 3600_000) },
    { tokenHash: hashToken(expiredResetToken), userId: alice.id, expiresAt: new Date(now - 1000) },
  ]);
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();

  f = {
    alice,
    bob,
    carol,
    A: { id: a.id, shareCode: a.shareCode, alice: a.creatorVillagerId, bob: bobA, need: needA, help: helpA },
    B: { id: b.id, carol: b.creatorVillagerId, alice: aliceB, need: needB, help: helpB },
    categoryId: category.id,
    resetToken,
    expiredResetToken,
    png,
  };
  lastSnapshot = await snapshot();
});

describe('bad input: 4xx in French, in the error shape, and nothing written', () => {
  for (const c of cases)
    it(c.name, async () => {
      const { method, path, ...options } = c.req(f);
      const res = await world.request(method, path, options);
      // Compared with the state after the previous case, so that one faulty case does not fail all the next.
      const before = lastSnapshot;
      lastSnapshot = await snapshot();

      expect(res.status, JSON.stringify(res.body)).toBe(c.status);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect(
        Object.keys(res.body).every((k) => ['message', 'http_code', 'errors'].includes(k)),
        JSON.stringify(res.body),
      ).toBe(true);
      expect(res.body).toMatchObject({ message: expect.any(String), http_code: res.status });
      if (c.message !== undefined) expect(res.body.message).toBe(c.message);
      if (res.body.errors !== undefined) {
        expect(Array.isArray(res.body.errors)).toBe(true);
        for (const error of res.body.errors) expect(error).toEqual({ field: expect.any(String), message: expect.any(String) });
      }
      // Field errors come with validation failures only, and then say exactly which fields and why.
      if (c.errors !== undefined) expect(res.body.errors).toEqual(c.errors);
      else expect(res.body.errors).toBeUndefined();
      for (const message of [res.body.message, ...(res.body.errors ?? []).map((x: { message: string }) => x.message)]) {
        expect(message).not.toMatch(ENGLISH);
        expect(message.trim()).not.toBe('');
      }

      expect(lastSnapshot).toEqual(before);
    });

  it('leaves the fixture as it was: every refused write changed nothing in the villages', async () => {
    const village = await world.request('GET', `/v1/villages/${f.A.id}?include=needs,villagers,helps`, { token: f.alice.token });
    expect(village.status).toBe(200);
    expect(village.body.data.needs.map((n: { id: string }) => n.id)).toEqual([f.A.need]);
    expect(village.body.data.helps.map((h: { id: string }) => h.id)).toEqual([f.A.help]);
    expect(village.body.data.villagers.filter((v: { is_ban: boolean; is_out: boolean }) => v.is_ban || v.is_out)).toEqual([]);
    expect(village.body.data.photo).toBeNull();
    // Village created, opened (fc, vo), bob joined, one need, one help: nothing else in the feed.
    const feed = await world.request('GET', `/v1/villages/${f.A.id}/actions?per_page=50`, { token: f.alice.token });
    expect(feed.body.data.map((a: { type: string }) => a.type).sort()).toEqual(
      ['help_added', 'need_added', 'village_created', 'village_creation_finished', 'village_opened', 'villager_joined'].sort(),
    );
  });
});
