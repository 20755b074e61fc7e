/**
 * Issue 41's first "Done when", black-box: against a running server (`npm start`) whose mails go to
 * DATA_DIR/mail, `BASE_URL=http://localhost:3333 MAIL_DIR=$DATA_DIR/mail npx tsx tests/probes/circle.ts` walks
 * the circle over /v1 and reads the .eml files as the people would: an organiser posts news, a helper reads,
 * hearts and comments it, an outsider and a former member cannot read it, a helper cannot post; a past help is
 * said done and thanked and its helper gets the thanks by mail; thanks too early or by a plain helper are
 * refused in French; every member who wants `news` gets one mail for the post, its author none. The news mail
 * leaves 5 minutes after the post (server/mail/kinds/news-producer.ts), so a run takes about 7 minutes. One
 * PASS/FAIL line per check; exits 1 on any failure. It writes to that server's database: run it against a
 * throwaway DATA_DIR, at most twice an hour per server (5 sign-ups a run; 10 an hour per source address).
 */
import type { ReadMail } from './eml-reader';
import {
  BASE,
  MAIL_DIR,
  check,
  finish,
  join,
  linkIn,
  mailsTo,
  refusedInFrench,
  register,
  req,
  rnd,
  step,
  villageWithDinners,
  type Answer,
} from './probe-kit';

/** After the 5 minutes' grace, the producer's next run (each minute) and the sending worker. */
const NEWS_MAIL_WAIT_MS = Number(process.env.NEWS_MAIL_WAIT_MS ?? 7.5 * 60_000);
/** Once the first news mail is there: one more run of the producer, which must not send it again. */
const ONE_MORE_RUN_MS = 65_000;

const isNews = (m: ReadMail) => m.subject.startsWith('Nouvelle de') || / nouvelles /.test(m.subject);
const newsList = async (token: string) => req('GET', `/v1/villages/${village}/news`, { token });
type Post = { id: string; body: string; hearts: number; comments_count: number; comments: { body: string }[]; author: unknown };
const postsOf = (r: Answer) => (r.body?.data ?? []) as unknown as Post[];

/** An account whose address is verified by the link of its sign-up mail, as its owner would: only those get mails. */
async function verifiedAccount(who: string) {
  const account = await register(who);
  const [mail] = await mailsTo(account.email, (m) => m.text.includes('/auth/verify-email/'));
  const token = linkIn(mail, '/auth/verify-email/')?.split('/').pop()?.split('?')[0] ?? 'absent';
  const verified = await req('POST', '/v1/auth/verify-email', { json: { token } });
  check(`${who} verifies the address by the mailed link`, verified.status === 204, `${verified.status}: ${verified.body?.message ?? ''}`);
  return account;
}
async function member(who: string) {
  const account = await verifiedAccount(who);
  const joined = await join(account.token, shareCode);
  check(`${who} joins by the share code`, joined.status === 201, `${joined.status}: ${joined.body?.message ?? ''}`);
  return { ...account, villager: joined.body?.data?.id as string };
}
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

console.log(`BASE_URL=${BASE} MAIL_DIR=${MAIL_DIR} run ${rnd}`);

step('1. A village, its organiser and its members (addresses verified)');
const org = await verifiedAccount('organisatrice');
const { created, opened, village, orgVillager, shareCode, need, slots } = await villageWithDinners(org.token);
check(
  'village created and opened, with a need of ten future slots',
  created.status === 201 && opened.status < 300 && need.status === 201 && slots.length === 10,
  `${created.status}, ${opened.status}, ${need.status}, ${slots.length} slots`,
);
const helper = await member('aide');
const quiet = await member('sourdine');
const noNewsMail = await req('PUT', '/v1/users/me/notification_settings', { token: quiet.token, json: { email: { news: false } } });
check('« sourdine » turns news mails off', noNewsMail.status === 200, `${noNewsMail.status}`);
const former = await member('ancienne');
const left = await req('PUT', `/v1/villages/${village}/villagers/${former.villager}/leave`, { token: former.token });
check('« ancienne » leaves the village', left.status === 200, `${left.status}: ${left.body?.message ?? ''}`);
const outsider = await verifiedAccount('dehors');

step('2. The organiser posts news; a helper reads it, hearts it and comments');
const text = `Maman est rentrée à la maison ${rnd}, elle vous embrasse.`;
const posted = await req('POST', `/v1/villages/${village}/news`, { token: org.token, json: { author_id: orgVillager, body: text } });
const postId = posted.body?.data?.id as string;
check('POST …/news answers 201 with the post', posted.status === 201 && posted.body?.data?.body === text, `${posted.status}`);
const read = await newsList(helper.token);
const [seen] = postsOf(read);
check(
  'the helper reads it (GET …/news)',
  read.status === 200 && seen?.id === postId && seen.body === text && !!seen.author,
  `${read.status}`,
);
const heart = await req('POST', `/v1/villages/${village}/news/${postId}/hearts`, {
  token: helper.token,
  json: { villager_id: helper.villager },
});
check(
  'the helper hearts it',
  heart.status === 201 && heart.body?.data?.hearts === 1 && heart.body.data.hearted_by_me === true,
  `${heart.status}: ${JSON.stringify(heart.body?.data ?? heart.body)}`,
);
const word = `Quelle bonne nouvelle ${rnd} !`;
const comment = await req('POST', `/v1/villages/${village}/news/${postId}/comments`, {
  token: helper.token,
  json: { author_id: helper.villager, body: word },
});
check('the helper comments', comment.status === 201 && comment.body?.data?.body === word, `${comment.status}`);
const [asOrg] = postsOf(await newsList(org.token));
check(
  'the organiser sees one heart and the comment',
  asOrg?.hearts === 1 && asOrg.comments_count === 1 && asOrg.comments[0]?.body === word,
  `${asOrg?.hearts} heart(s), ${asOrg?.comments_count} comment(s)`,
);

step('3. Who cannot read it, who cannot post');
const outsiderRead = await newsList(outsider.token);
check('an outsider cannot read it (403 or 404)', [403, 404].includes(outsiderRead.status), `${outsiderRead.status}`);
const formerRead = await newsList(former.token);
check('a former member cannot read it (403 or 404)', [403, 404].includes(formerRead.status), `${formerRead.status}`);
refusedInFrench(
  'a helper cannot post news: 403 in French',
  await req('POST', `/v1/villages/${village}/news`, { token: helper.token, json: { author_id: helper.villager, body: 'Coucou' } }),
  403,
);

step('4. « C’est fait » and « Merci »');
const errands = await req('POST', `/v1/villages/${village}/needs`, {
  token: org.token,
  json: { villager_id: orgVillager, name: 'Courses' },
});
const errandsId = errands.body?.data?.id as string;
// A slot of a scheduled need lasts 15 minutes at least and a help starts 5 minutes ago at most: only a need
// without dates, where the helper says their own time, gives a help already over.
const past = await req('POST', `/v1/villages/${village}/needs/${errandsId}/helps`, {
  token: helper.token,
  json: { helper_id: helper.villager, start_date: minutesAgo(3), end_date: minutesAgo(1) },
});
const pastId = past.body?.data?.id as string;
check(
  'the helper records a help that ended a minute ago',
  errands.status === 201 && past.status === 201,
  `${errands.status}, ${past.status}`,
);
const future = await req('POST', `/v1/villages/${village}/needs/${slots[0]?.village_need_id}/helps`, {
  token: helper.token,
  json: { helper_id: helper.villager, start_date: slots[0]?.start_date, end_date: slots[0]?.end_date },
});
const futureId = future.body?.data?.id as string;
check('and takes tomorrow’s dinner', future.status === 201, `${future.status}`);
const done = await req('PUT', `/v1/villages/${village}/helps/${pastId}/done`, {
  token: helper.token,
  json: { villager_id: helper.villager },
});
check('its helper says the past help is done', done.status === 200 && typeof done.body?.data?.done_at === 'string', `${done.status}`);
refusedInFrench(
  'tomorrow’s help cannot be said done yet: 409 in French',
  await req('PUT', `/v1/villages/${village}/helps/${futureId}/done`, { token: helper.token, json: { villager_id: helper.villager } }),
  409,
);
refusedInFrench(
  'a plain helper cannot thank: 403 in French',
  await req('POST', `/v1/villages/${village}/helps/${pastId}/thanks`, {
    token: quiet.token,
    json: { thanker_id: quiet.villager, message: 'Merci !' },
  }),
  403,
);
refusedInFrench(
  'a thanks on tomorrow’s help is refused: 409 in French',
  await req('POST', `/v1/villages/${village}/helps/${futureId}/thanks`, {
    token: org.token,
    json: { thanker_id: orgVillager, message: 'Merci d’avance' },
  }),
  409,
);
const thanksWord = `Merci pour les courses ${rnd}, tout y était`;
const thanked = await req('POST', `/v1/villages/${village}/helps/${pastId}/thanks`, {
  token: org.token,
  json: { thanker_id: orgVillager, message: thanksWord },
});
check(
  'the organiser thanks its helper with a word',
  thanked.status === 201 && thanked.body?.data?.thanks_count === 1 && thanked.body.data.thanks_message === thanksWord,
  `${thanked.status}: ${thanked.body?.message ?? ''}`,
);
const [thanksMail] = await mailsTo(helper.email, (m) => m.subject.includes('vous remercie'));
check('the helper gets the thanks mail', thanksMail !== undefined, thanksMail?.subject ?? 'none');
check('with the organiser’s word', thanksMail?.text.includes(thanksWord) === true, thanksMail?.text.match(/Son mot[^\n]*/)?.[0] ?? '—');

step('5. The news mail, 5 minutes after the post');
const waitStart = Date.now();
const [newsMail] = await mailsTo(helper.email, isNews, 1, NEWS_MAIL_WAIT_MS);
check(
  'the helper who wants news gets a mail for it',
  newsMail !== undefined && newsMail.text.includes(text),
  `${newsMail ? `« ${newsMail.subject} »` : 'none'} after ${Math.round((Date.now() - waitStart) / 1000)} s more`,
);
await new Promise((r) => setTimeout(r, ONE_MORE_RUN_MS));
const count = async (email: string) => (await mailsTo(email, isNews, 1, 0)).length;
check('one mail only, a minute later still', (await count(helper.email)) === 1, `${await count(helper.email)} news mails`);
check('its author gets none', (await count(org.email)) === 0, `${await count(org.email)}`);
check('the member who turned news mails off gets none', (await count(quiet.email)) === 0, `${await count(quiet.email)}`);
check('the former member gets none', (await count(former.email)) === 0, `${await count(former.email)}`);
check('the outsider gets none', (await count(outsider.email)) === 0, `${await count(outsider.email)}`);

finish();
