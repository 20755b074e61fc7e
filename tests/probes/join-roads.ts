/**
 * Issue 40's "Done when", black-box: against a running server (`npm start`) whose mails go to DATA_DIR/mail,
 * `BASE_URL=http://localhost:3333 MAIL_DIR=./data/mail npx tsx tests/probes/join-roads.ts` walks the join
 * roads over /v1 and reads the .eml files as the people would: passwordless sign-up, sign-in by link, the
 * invitation that proves the address, confirmations caught up at verification, invitations closed by the
 * share code. One PASS/FAIL line per check; exits 1 on any failure. It writes to that server's database:
 * run it against a throwaway DATA_DIR, and once per start of the server: it signs up 7 accounts, and sign-up
 * allows 10 an hour per source address (server/http/rate-limit.ts).
 */
import type { ReadMail } from './eml-reader';
import {
  MAIL_DIR,
  PUBLIC_URL,
  address,
  BASE,
  check,
  finish,
  join,
  linkIn,
  mailsTo,
  openSlots,
  refusedInFrench,
  register,
  req,
  rnd,
  step,
  take,
  verifiedAt,
  villageWithDinners,
  type Answer,
} from './probe-kit';

const isConfirmation = (m: ReadMail) => m.subject.startsWith('Confirmé');
const icsOf = (m: ReadMail) => m.attachments.find((a) => a.contentType === 'text/calendar' && a.body.includes('BEGIN:VCALENDAR'));

console.log(`BASE_URL=${BASE} MAIL_DIR=${MAIL_DIR} run ${rnd}`);

step('1. Sign-up with a name and an e-mail, no password');
const p1 = await req('POST', '/v1/auth/register', { json: { email: address('p1'), first_name: 'Sonde', last_name: 'Un' } });
check(
  'register without password answers 201 with data.token',
  p1.status === 201 && typeof p1.body?.data?.token === 'string',
  `${p1.status}`,
);

step('2. Sign in by a mailed link');
const ask = await req('POST', '/v1/auth/sign-in-link', { json: { email: address('p1') } });
check('POST /v1/auth/sign-in-link answers 204', ask.status === 204, `${ask.status}`);
const [linkMail] = await mailsTo(address('p1'), (m) => m.text.includes(`${PUBLIC_URL}/auth/link/`));
const signInLink = linkIn(linkMail, '/auth/link/');
check('the mail holds {PUBLIC_URL}/auth/link/{token}', signInLink !== undefined, linkMail ? `« ${linkMail.subject} »` : 'no mail');
const linkToken = signInLink ? new URL(signInLink).pathname.split('/').pop()! : 'absent';
const redeemed = await req('POST', '/v1/auth/sign-in-link/redeem', { json: { token: linkToken } });
const session = redeemed.body?.data?.token;
check('redeem answers data.token', redeemed.status === 200 && typeof session === 'string', `${redeemed.status}`);
const me = session ? await req('GET', '/v1/users/me', { token: session }) : undefined;
check('that token signs the person in (GET /v1/users/me)', me?.status === 200 && me.body?.data?.email === address('p1'), `${me?.status}`);
check('the link verified the address', typeof me?.body?.data?.email_verified_at === 'string');
refusedInFrench(
  'a second redeem is refused with 410 in French',
  await req('POST', '/v1/auth/sign-in-link/redeem', { json: { token: linkToken } }),
  410,
);
const nobody = await req('POST', '/v1/auth/sign-in-link', { json: { email: address('nobody') } });
check('an unknown address is answered 204 as well', nobody.status === 204, `${nobody.status}`);
const toNobody = await mailsTo(address('nobody'), () => true, 1, 2_000);
check('and is mailed nothing', toNobody.length === 0, `${toNobody.length} mails within 2 s`);

step('3. The organiser’s village; an invited person joins by the invitation link and takes a slot');
const org = await register('organisatrice');
const { created, opened, village, orgVillager, shareCode, need, slots } = await villageWithDinners(org.token);
check('village created and opened', created.status === 201 && opened.status < 300 && !!shareCode, `${created.status}, ${opened.status}`);
check('a need with ten future daily slots', need.status === 201 && slots.length === 10, `${need.status}, ${slots.length} open slots`);

const invited = address('invitee');
const inv = await req('POST', `/v1/villages/${village}/invitations`, {
  token: org.token,
  json: { inviter_id: orgVillager, emails: [invited] },
});
check('the organiser invites an address', inv.status === 201, `${inv.status}`);
const [invitationMail] = await mailsTo(invited, (m) => m.subject.includes('vous invite'));
const invitationLink = linkIn(invitationMail, '/join/village');
check(
  'the invitation mail holds the join link with its token',
  invitationLink?.includes('i=') === true,
  invitationMail?.subject ?? 'no mail',
);
check(
  'the invitation names the inviter by first and last name',
  invitationMail?.subject.startsWith('Sonde organisatrice') === true,
  invitationMail?.subject,
);
const search = new URL(invitationLink ?? `${PUBLIC_URL}/join/village`).searchParams;
const code = (search.get('c') ?? '').replace(/^"(.*)"$/, '$1');
const p2 = await register('invitee', invited);
const joined = await join(p2.token, code, search.get('i') ?? undefined);
check(
  'they register (no password) and join with the link’s code and token',
  joined.status === 201,
  `${joined.status}: ${joined.body?.message ?? ''}`,
);
check('joining by the invitation verified their address', typeof (await verifiedAt(p2.token)) === 'string');
const took = await take(village, p2.token, joined.body?.data?.id as string, slots[0]);
check('they take a slot', took.status === 201, `${took.status}: ${took.body?.message ?? ''}`);
const [confirmation] = await mailsTo(invited, isConfirmation);
check('the « Confirmé » mail reaches them, no verification link clicked', confirmation !== undefined, confirmation?.subject ?? 'none');
check(
  'it carries the slot as text/calendar .ics',
  !!confirmation && !!icsOf(confirmation),
  confirmation?.attachments.map((a) => `${a.filename} ${a.contentType}`).join(', '),
);

step('4. Two slots taken before verifying, confirmations after');
const p3 = await register('sansinvitation');
const joined3 = await join(p3.token, shareCode);
check('joins by code', joined3.status === 201, `${joined3.status}`);
const helper3 = joined3.body?.data?.id as string;
const free = await openSlots(village, p3.token);
const t1 = await take(village, p3.token, helper3, free[0]);
const t2 = await take(village, p3.token, helper3, free[1]);
check('takes two future slots', t1.status === 201 && t2.status === 201, `${t1.status}, ${t2.status}`);
const [verification] = await mailsTo(p3.email, (m) => m.text.includes('/auth/verify-email/'));
check('the verification mail arrives', verification !== undefined, verification?.subject ?? 'none');
const early = await mailsTo(p3.email, isConfirmation, 1, 3_000);
check('no confirmation while the address is unverified', early.length === 0, `${early.length} within 3 s of the verification mail`);
const verifyToken = linkIn(verification, '/auth/verify-email/')?.split('/').pop()?.split('?')[0] ?? 'absent';
const verified = await req('POST', '/v1/auth/verify-email', { json: { token: verifyToken } });
check('the verification link is used', verified.status === 204, `${verified.status}: ${verified.body?.message ?? ''}`);
const late = await mailsTo(p3.email, isConfirmation, 2);
check('then two « Confirmé » mails', late.length === 2, late.map((m) => m.subject).join(' | ') || 'none');
const starts = new Set(
  late.map((m) =>
    icsOf(m)
      ?.body.match(/^DTSTART[^:]*:(.+)$/m)?.[1]
      ?.trim(),
  ),
);
check(
  'each with its .ics, for two different slots',
  late.every((m) => !!icsOf(m)) && starts.size === 2 && !starts.has(undefined),
  [...starts].join(', '),
);

step('5. An invited address that joins by the share code');
const invited2 = address('parlecode');
const inv2 = await req('POST', `/v1/villages/${village}/invitations`, {
  token: org.token,
  json: { inviter_id: orgVillager, emails: [invited2] },
});
const list = (q = '') => req('GET', `/v1/villages/${village}/invitations${q}`, { token: org.token });
const emailsOf = (r: Answer) =>
  ((r.body?.data ?? []) as unknown as { email: string; accepted_at?: string | null }[]).filter((i) => i.email === invited2);
check('invited, it is pending', inv2.status === 201 && emailsOf(await list()).length === 1);
const p4 = await register('parlecode', invited2);
const joined4 = await join(p4.token, shareCode);
check('registers with that address and joins by the share code', joined4.status === 201, `${joined4.status}`);
const pending = await list();
check(
  'no longer in the pending invitations',
  pending.status === 200 && emailsOf(pending).length === 0,
  `${emailsOf(pending).length} pending`,
);
const [accepted] = emailsOf(await list('?include=accepted'));
check('?include=accepted shows it accepted', typeof accepted?.accepted_at === 'string', `accepted_at ${accepted?.accepted_at ?? '—'}`);

step('Hostile inputs on the new roads');
refusedInFrench('sign-in link for a malformed address', await req('POST', '/v1/auth/sign-in-link', { json: { email: 'pas-une-adresse' } }));
refusedInFrench('sign-in link without a body', await req('POST', '/v1/auth/sign-in-link'));
refusedInFrench('redeem of an unknown token', await req('POST', '/v1/auth/sign-in-link/redeem', { json: { token: 'inconnu-'.repeat(5) } }));
refusedInFrench('redeem of a number', await req('POST', '/v1/auth/sign-in-link/redeem', { json: { token: 42 } }));
refusedInFrench(
  'register without last name',
  await req('POST', '/v1/auth/register', { json: { email: address('sansnom'), first_name: 'Sonde' } }),
);
refusedInFrench(
  'register with an empty password',
  await req('POST', '/v1/auth/register', { json: { email: address('vide'), first_name: 'Sonde', last_name: 'Vide', password: '' } }),
);

finish();
