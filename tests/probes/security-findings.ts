/**
 * Issue 37's findings tried from outside, as a new user would, against a running server (`npm start`):
 * `BASE=http://localhost:3333 npx tsx tests/probes/security-findings.ts` prints one line per finding (statuses,
 * times). It writes to that server's database: run it against a throwaway DATA_DIR. Not a test: the tests of each
 * finding are beside the code (docs/api-decisions.md, "Security: what is refused, what is bounded, what is sent"); this shows what a client sees of them on a real server.
 */
import { randomUUID } from 'node:crypto';

/** What the probe reads of an answer: an account's token, a created row's id and villagers, a refusal's message. */
interface Body {
  message?: string;
  errors?: { message: string }[];
  data: { token: string; id: string; villagers: { id: string }[] };
}
type BatchAnswers = { status: number; body?: { message?: string } }[];
type Answer = { status: number; body: Body; headers: Headers; ms: number };
const BASE = process.env.BASE ?? 'http://localhost:3333';
const rnd = Math.random().toString(36).slice(2, 8);
async function req(
  method: string,
  path: string,
  { token, json, body, headers = {} }: { token?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const h: Record<string, string> = { ...headers };
  if (token) h.Authorization = `Bearer ${token}`;
  if (json !== undefined) {
    h['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  }
  const t = performance.now();
  const res = await fetch(BASE + path, { method, headers: h, body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text.slice(0, 80);
  }
  return { status: res.status, body: parsed as Body, headers: res.headers, ms: Math.round(performance.now() - t) };
}
const out = (k: string, v: unknown) => console.log(k.padEnd(46), typeof v === 'string' ? v : JSON.stringify(v));
async function account(n: number) {
  const r = await req('POST', '/v1/auth/register', {
    json: { email: `e2e.${n}.${rnd}@exemple.fr`, password: 'Motdepasse-solide-37', first_name: 'Marie', last_name: `Test${n}` },
  });
  if (r.status >= 300) throw new Error(JSON.stringify(r.body));
  const token = r.body.data.token;
  const me = await req('GET', '/v1/users/me', { token });
  return { token, id: me.body.data.id };
}
const a = await account(1);
const v = await req('POST', '/v1/villages', {
  token: a.token,
  json: { creation_mode: 2, first_name: 'Jeanne', name: 'Le village de Jeanne' },
});
const village = v.body.data.id,
  me = v.body.data.villagers[0].id;
await req('PUT', `/v1/villages/${village}/fc`, { token: a.token, json: { creator_id: me } });
await req('PUT', `/v1/villages/${village}/vo`, { token: a.token, json: { villager_id: me } });

// 1. schedules, with /v1/health timed meanwhile
for (const rrule of [
  'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31',
  'FREQ=MONTHLY;BYDAY=+99MO',
  'FREQ=YEARLY;BYYEARDAY=400',
  'FREQ=YEARLY;BYWEEKNO=54',
]) {
  const health = (async () => {
    await new Promise((r) => setTimeout(r, 5));
    return req('GET', '/v1/health');
  })();
  const r = await req('POST', `/v1/villages/${village}/needs`, {
    token: a.token,
    json: { villager_id: me, name: 'Dîner', schedule: { dtstart: '2027-01-04T19:00', duration_minutes: 60, rrule } },
  });
  out(`1. ${rrule}`, `${r.status} in ${r.ms} ms, health ${(await health).ms} ms: ${r.body?.errors?.[0]?.message ?? r.body?.message ?? ''}`);
}
// 2. push endpoints
const keys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};
const addrs = [
  'https://127.0.0.1:9/p',
  'https://10.0.0.1/p',
  'https://192.168.1.1/p',
  'https://169.254.169.254/p',
  'https://[::1]:9/p',
  'https://0.0.0.0:9/p',
  'https://2130706433:9/p',
  'https://user:pass@127.0.0.1/p',
];
const pushStatuses: number[] = [];
for (const endpoint of addrs)
  pushStatuses.push((await req('POST', '/v1/users/me/push_subscriptions', { token: a.token, json: { endpoint, keys } })).status);
out('2. internal push endpoints', pushStatuses.join(' '));
// 3. invitations 20 x 50
const inv: Record<string, number | string | null> = {};
for (let i = 0; i < 20; i++) {
  const emails = Array.from({ length: 50 }, (_, j) => `inv.${i}.${j}.${rnd}@exemple.fr`);
  const r = await req('POST', `/v1/villages/${village}/invitations`, {
    token: a.token,
    json: { inviter_id: me, emails, message: 'x'.repeat(400) },
  });
  inv[r.status] = Number(inv[r.status] ?? 0) + 1;
  if (r.status === 429 && !inv.retry) inv.retry = r.headers.get('retry-after');
}
out('3. 20 invitation calls of 50', inv);
// 3/8. address changes
const b = await account(2);
const ch: Record<number, number> = {};
for (let i = 0; i < 20; i++) {
  const r = await req('PUT', `/v1/users/${b.id}`, { token: b.token, json: { email: `change.${i}.${rnd}@exemple.fr` } });
  ch[r.status] = (ch[r.status] ?? 0) + 1;
}
out('3. 20 address changes', ch);
const c = await account(3);
const taken: Record<number, number> = {};
for (let i = 0; i < 40; i++) {
  const r = await req('PUT', `/v1/users/${c.id}`, { token: c.token, json: { email: `e2e.1.${rnd}@exemple.fr` } });
  taken[r.status] = (taken[r.status] ?? 0) + 1;
}
out('8. 40 taken-address checks', taken);
// 4. nested JSON
const deep = '['.repeat(500_000) + ']'.repeat(500_000);
for (const [m, p, t] of [
  ['POST', '/v1/auth/login'],
  ['POST', '/v1/auth/reset-password'],
  ['POST', `/v1/villages/${village}/needs`, a.token],
] as [string, string, string?][]) {
  const r = await req(m, p, { token: t, body: deep, headers: { 'Content-Type': 'application/json' } });
  out(`4. 1 MB nested ${p.slice(0, 30)}`, `${r.status} in ${r.ms} ms: ${r.body?.message}`);
}
// 5. PUT help without comment
const need = await req('POST', `/v1/villages/${village}/needs`, { token: a.token, json: { villager_id: me, name: 'Courses' } });
const start = new Date(Date.now() + 86400e3).toISOString();
const help = await req('POST', `/v1/villages/${village}/needs/${need.body.data.id}/helps`, {
  token: a.token,
  json: { helper_id: me, start_date: start, end_date: new Date(Date.now() + 90000e3).toISOString() },
});
const put = await req('PUT', `/v1/villages/${village}/helps/${help.body.data.id}`, { token: a.token, json: { updater_id: me } });
out('5. PUT help with only updater_id', `${help.status} then ${put.status}`);
// 6. idempotency key reused
const key = randomUUID();
const m1 = await req('POST', `/v1/villages/${village}/messages`, {
  token: a.token,
  json: { villager_id: me, body: 'premier' },
  headers: { 'Idempotency-Key': key },
});
const m2 = await req('POST', `/v1/villages/${village}/messages`, {
  token: a.token,
  json: { villager_id: me, body: 'second' },
  headers: { 'Idempotency-Key': key },
});
const m3 = await req('POST', `/v1/villages/${village}/messages`, {
  token: a.token,
  json: { villager_id: me, body: 'premier' },
  headers: { 'Idempotency-Key': key },
});
out(
  '6. key reused: first, other body, same body',
  `${m1.status}, ${m2.status} (${m2.body?.message}), ${m3.status} replayed=${m3.headers.get('idempotent-replayed')}`,
);
const bk = randomUUID();
const batch = await req('POST', '/v1/batch', {
  token: a.token,
  json: {
    writes: [
      { method: 'POST', path: `/v1/villages/${village}/messages`, body: { villager_id: me, body: 'lot 1' }, idempotency_key: bk },
      { method: 'POST', path: `/v1/villages/${village}/messages`, body: { villager_id: me, body: 'lot 2' }, idempotency_key: bk },
    ],
  },
});
out('6. same key twice in a batch', (batch.body.data as unknown as BatchAnswers).map((x) => x.status).join(', '));
// 7. headers
for (const p of ['/', '/v1/health']) {
  const r = await fetch(BASE + p);
  out(
    `7. headers of ${p}`,
    ['content-security-policy', 'referrer-policy', 'permissions-policy', 'x-frame-options']
      .map((h) => `${h}: ${(r.headers.get(h) ?? '—').slice(0, 60)}`)
      .join(' | '),
  );
}
// 11. subscriptions, chat
const d = await account(4);
let subs = 0;
for (let i = 0; i < 300; i++) {
  const r = await req('POST', '/v1/users/me/push_subscriptions', {
    token: d.token,
    json: { endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${rnd}-${i}`, keys },
  });
  if (r.status === 201) subs++;
}
out('11. 300 push subscriptions', `${subs} answered 201 (each new device drops the oldest past 20)`);
const chat: Record<number, number> = {};
for (let i = 0; i < 100; i++) {
  const r = await req('POST', `/v1/villages/${village}/messages`, { token: a.token, json: { villager_id: me, body: 'm'.repeat(2000) } });
  chat[r.status] = (chat[r.status] ?? 0) + 1;
}
out('11. 100 chat messages of 2,000 characters', chat);
const ex = Array.from({ length: 1000 }, (_, i) => `2027-0${1 + (i % 9)}-1${i % 10}T19:00`);
const exr = await req('POST', `/v1/villages/${village}/needs`, {
  token: a.token,
  json: {
    villager_id: me,
    name: 'Dîner',
    schedule: { dtstart: '2027-01-04T19:00', duration_minutes: 60, rrule: 'FREQ=DAILY', exdates: ex },
  },
});
out('11. a need with 1,000 exdates', `${exr.status}: ${exr.body?.errors?.[0]?.message ?? ''}`);
// 12. text/plain, logout in a batch
const tp = await req('POST', `/v1/villages/${village}/needs`, {
  token: a.token,
  body: JSON.stringify({ villager_id: me, name: 'Texte' }),
  headers: { 'Content-Type': 'text/plain' },
});
out('12. JSON sent as text/plain', `${tp.status}: ${tp.body?.message}`);
const lo = await req('POST', '/v1/batch', {
  token: a.token,
  json: { writes: [{ method: 'POST', path: '/v1/auth/logout', idempotency_key: randomUUID() }] },
});
const [logout] = lo.body.data as unknown as BatchAnswers;
out('12. logout inside a batch', `${logout.status}: ${logout.body?.message}`);
// 10. unsubscribe token (the log is grepped by the caller)
await req('POST', `/v1/mail/unsubscribe/SECRET${rnd}TOKEN`);
console.log('UNSUB_TOKEN', `SECRET${rnd}TOKEN`);
