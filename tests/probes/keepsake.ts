/**
 * Issue 43's first "Done when", black-box: against a running server (`npm start`) whose mails go to
 * DATA_DIR/mail, `BASE_URL=http://localhost:3333 MAIL_DIR=$DATA_DIR/mail npx tsx tests/probes/keepsake.ts`
 * walks a village's keepsake over /v1 and reads the ZIPs and the .eml files as the people would: a helper's
 * own export holds their helps and messages and nobody else's address; a village's archive is its organisers'
 * only; a closed village refuses a need, a help and a message with « Ce village est clôturé. », still reads,
 * mails each member its last word once and reopens; a deleted village is gone with its photos. One PASS/FAIL
 * line per check; exits 1 on any failure. It writes to that server's database: run it against a throwaway
 * DATA_DIR (2 sign-ups a run; 10 an hour per source address; exports, 5 an hour per person).
 */
import { unzipSync, strFromU8 } from 'fflate';
import type { ReadMail } from './eml-reader';
import {
  BASE,
  answerOf,
  MAIL_DIR,
  check,
  finish,
  join,
  mailsTo,
  refusedInFrench,
  register,
  req,
  rnd,
  scheduledNeed,
  sendPhoto,
  step,
  take,
  villageWithDinners,
  type Answer,
} from './probe-kit';

/** How long after the first closing mail a second one would have shown (the worker sends every few seconds). */
const SECOND_MAIL_WAIT_MS = 5_000;
const CLOSED = 'Ce village est clôturé.';

/** An export as its person gets it: the ZIP's files as text, or the refusal read as JSON. */
async function download(
  path: string,
  token: string,
): Promise<{ status: number; type: string; files: Record<string, string> | null; refusal: Answer }> {
  const res = await fetch(BASE + path, { headers: { Authorization: `Bearer ${token}` } });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.startsWith('application/zip')) return { status: res.status, type, files: null, refusal: await answerOf(res) };
  const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const files = Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, strFromU8(bytes)]));
  return { status: res.status, type, files, refusal: { status: res.status, body: null } };
}
const names = (files: Record<string, string> | null) => Object.keys(files ?? {}).join(', ') || '—';
/** Every e-mail address written anywhere in the files. */
const addressesIn = (files: Record<string, string>) =>
  new Set(Object.values(files).flatMap((content) => content.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g) ?? []));
const isClosing = (m: ReadMail) => m.subject.includes('est clôturé');
const photoStatus = async (url: string) => (url ? (await fetch(url)).status : 0);

console.log(`BASE_URL=${BASE} MAIL_DIR=${MAIL_DIR} run ${rnd}`);

step('1. A village with its photo, a helper who takes a slot and writes, news with a photo');
const org = await register('organisatrice');
const { created, opened, village, orgVillager, shareCode, need, slots } = await villageWithDinners(org.token);
check(
  'village created and opened, with a need of ten future slots',
  created.status === 201 && opened.status < 300 && need.status === 201 && slots.length === 10,
  `${created.status}, ${opened.status}, ${need.status}, ${slots.length} slots`,
);
const villagePhoto = await sendPhoto(`/v1/villages/${village}/photo`, org.token, { updater_id: orgVillager });
const villagePhotoUrl = (villagePhoto.body?.data?.photo as { original_url?: string } | null)?.original_url ?? '';
check(
  'the organiser gives the village a photo',
  villagePhoto.status === 200 && !!villagePhotoUrl,
  `${villagePhoto.status}: ${villagePhoto.body?.message ?? villagePhotoUrl}`,
);
const helper = await register('aide');
const joined = await join(helper.token, shareCode);
const helperVillager = joined.body?.data?.id as string;
check('the helper joins by the share code', joined.status === 201, `${joined.status}: ${joined.body?.message ?? ''}`);
const took = await take(village, helper.token, helperVillager, slots[0]);
const helpId = took.body?.data?.id as string;
check('the helper takes tomorrow’s dinner', took.status === 201, `${took.status}: ${took.body?.message ?? ''}`);
const said = `Je passe demain avec la soupe ${rnd}`;
const sent = await req('POST', `/v1/villages/${village}/messages`, {
  token: helper.token,
  json: { villager_id: helperVillager, body: said },
});
const messageId = sent.body?.data?.id as string;
check('the helper writes in the chat', sent.status === 201, `${sent.status}: ${sent.body?.message ?? ''}`);
const posted = await req('POST', `/v1/villages/${village}/news`, {
  token: org.token,
  json: { author_id: orgVillager, body: `Maman se repose ${rnd}, merci à vous.` },
});
const postId = posted.body?.data?.id as string;
const withPhoto = await sendPhoto(`/v1/villages/${village}/news/${postId}/photos`, org.token, { updater_id: orgVillager });
const newsPhotoUrl = (withPhoto.body?.data?.photos as { original_url: string }[] | undefined)?.[0]?.original_url ?? '';
check(
  'the organiser posts news with a photo',
  posted.status === 201 && withPhoto.status === 201 && !!newsPhotoUrl,
  `${posted.status}, ${withPhoto.status}: ${withPhoto.body?.message ?? newsPhotoUrl}`,
);
const photosBefore = [await photoStatus(villagePhotoUrl), await photoStatus(newsPhotoUrl)];
check(
  'both photos are served (200)',
  photosBefore.every((s) => s === 200),
  photosBefore.join(', '),
);

step('2. The helper’s own export (GET /v1/users/me/export)');
const mine = await download('/v1/users/me/export', helper.token);
check('a ZIP (200, application/zip)', mine.status === 200 && mine.files !== null, `${mine.status} ${mine.type}: ${names(mine.files)}`);
const jsonName = Object.keys(mine.files ?? {}).find((n) => n.endsWith('.json'));
let data: { helps?: { id: string }[]; messages?: { id: string; body: string }[] } = {};
try {
  data = JSON.parse(mine.files?.[jsonName ?? ''] ?? '{}') as typeof data;
} catch {
  data = {};
}
check(
  'its JSON holds the helper’s help',
  data.helps?.some((h) => h.id === helpId) === true,
  `${jsonName ?? 'no JSON'}: ${data.helps?.length ?? 0} help(s)`,
);
check(
  'and the helper’s message',
  data.messages?.some((m) => m.id === messageId && m.body === said) === true,
  `${data.messages?.length ?? 0} message(s)`,
);
const found = [...addressesIn(mine.files ?? {})];
check('no file of it holds the organiser’s address', !found.includes(org.email), found.join(', ') || 'no address');
check(
  'nor any address but the helper’s own',
  found.every((a) => a.toLowerCase() === helper.email.toLowerCase()),
  found.filter((a) => a.toLowerCase() !== helper.email.toLowerCase()).join(', ') || 'none',
);
const readme = Object.entries(mine.files ?? {}).find(([n]) => /^LISEZ-MOI/i.test(n))?.[1] ?? '';
check(
  'a LISEZ-MOI in French is in it',
  /données/.test(readme) && /\b(vous|vos|votre)\b/.test(readme),
  readme.split(/\r?\n/)[0] ?? 'absent',
);

step('3. The village’s archive (GET /v1/villages/{id}/export)');
const refused = await download(`/v1/villages/${village}/export`, helper.token);
refusedInFrench('refused to the plain helper: 403 in French', refused.refusal, 403);
const archive = await download(`/v1/villages/${village}/export`, org.token);
const pages = Object.keys(archive.files ?? {}).filter((n) => n.endsWith('.html'));
check('given to the organiser as a ZIP', archive.status === 200 && archive.files !== null, `${archive.status} ${archive.type}`);
check(
  'with HTML pages and JSON',
  pages.length > 0 && Object.keys(archive.files ?? {}).some((n) => n.endsWith('.json')),
  names(archive.files),
);
check(
  'the pages hold the helper’s message',
  pages.some((n) => archive.files?.[n]?.includes(said)),
  `${pages.length} page(s)`,
);

check(
  'and the news photo',
  Object.keys(archive.files ?? {}).some((n) => n.startsWith('photos/')),
  `${Object.keys(archive.files ?? {}).filter((n) => n.startsWith('photos/')).length} photo file(s)`,
);

step('4. Hostile inputs');
refusedInFrench(
  'a plain helper cannot close the village: 403 in French',
  await req('PUT', `/v1/villages/${village}/close`, { token: helper.token, json: { closer_id: helperVillager, message: 'Au revoir' } }),
  403,
);
refusedInFrench(
  'a last word of 2,001 characters is refused in French',
  await req('PUT', `/v1/villages/${village}/close`, { token: org.token, json: { closer_id: orgVillager, message: 'a'.repeat(2001) } }),
);
refusedInFrench(
  'a plain helper cannot delete the village: 403 in French',
  await req('DELETE', `/v1/villages/${village}?deleter_id=${helperVillager}`, { token: helper.token }),
  403,
);
const unknown = await download('/v1/villages/00000000-0000-4000-8000-000000000000/export', org.token);
refusedInFrench('the export of an unknown village: 404 in French', unknown.refusal, 404);
const stillOpen = await req('GET', `/v1/villages/${village}`, { token: org.token });
check('and the village is still open', stillOpen.body?.data?.closed_at === null, `closed_at ${String(stillOpen.body?.data?.closed_at)}`);

step('5. The organiser closes the village with a last word');
const lastWord = `Merci pour tout ${rnd}, Maman vous embrasse`;
const closed = await req('PUT', `/v1/villages/${village}/close`, { token: org.token, json: { closer_id: orgVillager, message: lastWord } });
check(
  'PUT …/close answers 200 with closed_at and the last word',
  closed.status === 200 && typeof closed.body?.data?.closed_at === 'string' && closed.body.data.closed_message === lastWord,
  `${closed.status}: ${closed.body?.message ?? ''}`,
);
const free = slots[1];
const writes: [string, Answer][] = [
  ['a new need', await scheduledNeed(org.token, village, orgVillager, 'Courses', '10:00')],
  ['a help (a slot taken)', await take(village, helper.token, helperVillager, free)],
  [
    'a chat message',
    await req('POST', `/v1/villages/${village}/messages`, {
      token: helper.token,
      json: { villager_id: helperVillager, body: 'Encore là ?' },
    }),
  ],
];
for (const [what, answer] of writes) {
  check(
    `${what} is refused: 409 « ${CLOSED} »`,
    answer.status === 409 && answer.body?.message === CLOSED,
    `${answer.status}: ${answer.body?.message ?? '—'}`,
  );
}
const read = await req('GET', `/v1/villages/${village}?include=needs`, { token: helper.token });
check(
  'the helper still reads the village and its needs (200)',
  read.status === 200 && typeof read.body?.data?.closed_at === 'string' && (read.body.data.needs as unknown[] | undefined)?.length === 1,
  `${read.status}, ${(read.body?.data?.needs as unknown[] | undefined)?.length ?? 0} need(s)`,
);
const chat = await req('GET', `/v1/villages/${village}/messages`, { token: helper.token });
check(
  'and its messages (200)',
  chat.status === 200 && ((chat.body?.data ?? []) as unknown as { id: string }[]).some((m) => m.id === messageId),
  `${chat.status}`,
);
for (const person of [org, helper]) {
  const [mail] = await mailsTo(person.email, isClosing);
  check(`${person.email} gets the closing mail`, mail !== undefined, mail ? `« ${mail.subject} »` : 'none');
  check('with the last word', mail?.text.includes(lastWord) === true, mail?.text.match(/dernier mot[^\n]*/i)?.[0] ?? '—');
}
await new Promise((r) => setTimeout(r, SECOND_MAIL_WAIT_MS));
for (const person of [org, helper]) {
  const all = await mailsTo(person.email, isClosing, 1, 0);
  check(`one closing mail only for ${person.email}`, all.length === 1, `${all.length} after ${SECOND_MAIL_WAIT_MS / 1000} s more`);
}
const reopened = await req('PUT', `/v1/villages/${village}/reopen`, { token: org.token, json: { villager_id: orgVillager } });
check(
  'the organiser reopens it (200, closed_at null)',
  reopened.status === 200 && reopened.body?.data?.closed_at === null,
  `${reopened.status}: ${reopened.body?.message ?? ''}`,
);
const again = await req('POST', `/v1/villages/${village}/messages`, {
  token: helper.token,
  json: { villager_id: helperVillager, body: `De retour ${rnd}` },
});
check('a message is accepted again (201)', again.status === 201, `${again.status}: ${again.body?.message ?? ''}`);

step('6. The organiser deletes the village for good');
const deleted = await req('DELETE', `/v1/villages/${village}?deleter_id=${orgVillager}`, { token: org.token });
check('DELETE /v1/villages/{id} answers 204', deleted.status === 204, `${deleted.status}: ${deleted.body?.message ?? ''}`);
for (const [who, token] of [
  ['the organiser', org.token],
  ['the helper', helper.token],
] as const) {
  const gone = await req('GET', `/v1/villages/${village}`, { token });
  check(`reading it answers 404 for ${who}`, gone.status === 404, `${gone.status}: ${gone.body?.message ?? ''}`);
}
const photosAfter = [await photoStatus(villagePhotoUrl), await photoStatus(newsPhotoUrl)];
check(
  'the village’s photo and the news photo answer 404',
  photosAfter.every((s) => s === 404),
  photosAfter.join(', '),
);

finish();
