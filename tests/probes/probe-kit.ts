/**
 * What the black-box probes share (join-roads.ts, circle.ts, keepsake.ts): plain fetch to a running server's /v1, one
 * PASS/FAIL line per check, refusals read for French words, and the `.eml` files of DATA_DIR/mail read as a
 * person would (eml-reader.ts). Settings from the environment: BASE_URL, PUBLIC_URL (the links in mails),
 * MAIL_DIR, MAIL_WAIT_MS (how long a mail is waited for by default).
 */
import { readMails, type ReadMail } from './eml-reader';

export const BASE = (process.env.BASE_URL ?? 'http://localhost:3333').replace(/\/$/, '');
export const PUBLIC_URL = (process.env.PUBLIC_URL ?? BASE).replace(/\/$/, '');
export const MAIL_DIR = process.env.MAIL_DIR ?? './data/mail';
const MAIL_WAIT_MS = Number(process.env.MAIL_WAIT_MS ?? 30_000);
/** Tells this run's accounts and villages from those of earlier runs on the same server. */
export const rnd = Math.random().toString(36).slice(2, 8);
export const address = (who: string) => `probe.${who}.${rnd}@exemple.fr`;

export interface Answer {
  status: number;
  body: { message?: string; errors?: { message: string }[]; data?: Record<string, unknown> & { token?: string; id?: string } } | null;
}
export async function req(method: string, path: string, { token, json }: { token?: string; json?: unknown } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  return answerOf(await fetch(BASE + path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) }));
}
/** A response read as the JSON of an answer (a non-JSON body kept as its first words). */
export async function answerOf(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: Answer['body'] = null;
  try {
    body = text ? (JSON.parse(text) as Answer['body']) : null;
  } catch {
    body = { message: text.slice(0, 120) };
  }
  return { status: res.status, body };
}
/** A 1×1 PNG: the server re-encodes any photo (server/photos/process-photo.ts), so the smallest real one will do. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
/** A multipart POST of a photo (field `photo`) with the other `fields`, as the app sends a village's or a post's photo. */
export async function sendPhoto(path: string, token: string, fields: Record<string, string> = {}): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('photo', new Blob([PNG], { type: 'image/png' }), 'photo.png');
  return answerOf(await fetch(BASE + path, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form }));
}

let failures = 0;
export function check(name: string, ok: boolean, detail = ''): boolean {
  if (!ok) failures++;
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `  (${detail})` : ''}`);
  return ok;
}
export const step = (title: string) => console.log(`\n== ${title}`);
/** The last line, and exit 1 when any check failed. */
export function finish(): never {
  console.log(`\n${failures === 0 ? 'ALL PASSED' : `${failures} FAILED`}`);
  process.exit(failures === 0 ? 0 : 1);
}

/** A refusal a person can read: French words or accents, not an English default or a stack. */
const french = (message: unknown) =>
  typeof message === 'string' &&
  /[àâçéèêëîïôûùœ]|\b(le|la|les|de|des|du|un|une|est|pas|ce|cette|votre|vous|adresse|lien|doit)\b/i.test(message) &&
  !/\b(the|is|invalid|error|must|expected)\b/i.test(message);
export const refusedInFrench = (name: string, r: Answer, status?: number) =>
  check(
    name,
    (status === undefined ? r.status >= 400 && r.status < 500 : r.status === status) && french(r.body?.message),
    `${r.status}: ${[r.body?.message ?? '—', ...(r.body?.errors ?? []).map((e) => e.message)].join(' / ')}`,
  );

/** Mails to `to` that `match`, waited for (the background worker sends them) until `count` are there. */
export async function mailsTo(to: string, match: (m: ReadMail) => boolean, count = 1, waitMs = MAIL_WAIT_MS): Promise<ReadMail[]> {
  const until = Date.now() + waitMs;
  for (;;) {
    const found = (await readMails(MAIL_DIR)).filter((m) => m.to.toLowerCase().includes(to.toLowerCase()) && match(m));
    if (found.length >= count || Date.now() > until) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
}
export const linkIn = (m: ReadMail | undefined, path: string) =>
  m?.text.match(new RegExp(`${PUBLIC_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${path}[^\\s>"]*`))?.[0];

/** `firstName` tells people apart where the server names them (« Inès a déjà pris le relais »). */
export async function register(who: string, email = address(who), firstName = 'Sonde') {
  const r = await req('POST', '/v1/auth/register', { json: { email, first_name: firstName, last_name: who } });
  const token = r.body?.data?.token;
  check(`${email} registers without a password`, r.status === 201 && typeof token === 'string', `${r.status}: ${r.body?.message ?? ''}`);
  return { email, token: typeof token === 'string' ? token : '' };
}

export type Slot = { village_need_id: string; start_date: string; end_date: string; open: number; taken: string[] };
/** The village's open future slots, soonest first. */
export async function openSlots(village: string, token: string): Promise<Slot[]> {
  const from = new Date().toISOString();
  const to = new Date(Date.now() + 30 * 86400e3).toISOString();
  const r = await req('GET', `/v1/villages/${village}/slots?from=${from}&to=${to}`, { token });
  return ((r.body?.data ?? []) as unknown as Slot[]).filter((s) => s.open > 0 && Date.parse(s.start_date) > Date.now());
}
export async function take(village: string, token: string, helper: string, slot: Slot | undefined): Promise<Answer> {
  if (!slot) return { status: 0, body: { message: 'no open slot' } };
  return req('POST', `/v1/villages/${village}/needs/${slot.village_need_id}/helps`, {
    token,
    json: { helper_id: helper, start_date: slot.start_date, end_date: slot.end_date },
  });
}
export const join = (token: string, share_code: string, invitation_token?: string) =>
  req('PUT', '/v1/villages/join/helper', { token, json: { share_code, ...(invitation_token ? { invitation_token } : {}) } });
export const verifiedAt = async (token: string) => (await req('GET', '/v1/users/me', { token })).body?.data?.email_verified_at ?? null;

/** A need of ten daily slots from tomorrow at `hour`; `fields` adds the rest (address, access, organisers_only). */
export function scheduledNeed(token: string, village: string, villager: string, name: string, hour: string, fields = {}) {
  const tomorrow = new Date(Date.now() + 86400e3).toISOString().slice(0, 10);
  return req('POST', `/v1/villages/${village}/needs`, {
    token,
    json: {
      villager_id: villager,
      name,
      schedule: { dtstart: `${tomorrow}T${hour}`, duration_minutes: 60, rrule: 'FREQ=DAILY;COUNT=10' },
      ...fields,
    },
  });
}

/**
 * An organiser's opened village (creation, then its creator and its opening) with a need « Dîner » of ten
 * daily slots from tomorrow 19 h; the answers are returned for the caller's checks.
 */
export async function villageWithDinners(token: string) {
  const created = await req('POST', '/v1/villages', { token, json: { creation_mode: 2, first_name: 'Jeanne', name: `Sonde ${rnd}` } });
  const village = created.body?.data?.id as string;
  const orgVillager = (created.body?.data?.villagers as { id: string }[] | undefined)?.[0]?.id as string;
  const shareCode = created.body?.data?.share_code as string;
  await req('PUT', `/v1/villages/${village}/fc`, { token, json: { creator_id: orgVillager } });
  const opened = await req('PUT', `/v1/villages/${village}/vo`, { token, json: { villager_id: orgVillager } });
  const need = await scheduledNeed(token, village, orgVillager, 'Dîner', '19:00');
  const slots = await openSlots(village, token);
  return { created, opened, village, orgVillager, shareCode, need, slots };
}
