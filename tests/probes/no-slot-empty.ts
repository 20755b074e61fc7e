/**
 * Issue 42's first "Done when", black-box: against a server started as the README says, on a throwaway
 * DATA_DIR (`DATA_DIR=/tmp/p42 PORT=3334 PUBLIC_URL=http://localhost:3334 npm start`), then
 * `BASE_URL=http://localhost:3334 npx tsx tests/probes/no-slot-empty.ts` walks over /v1: a helper asks for a
 * replacement of tomorrow's dinner and another takes it over in one step, a third taker gets 409 naming the
 * first; a helper without a slot of a need reads it without its address and door code (village read and
 * slots) and with them once they take a slot; an organisers-only need is absent for a plain helper and
 * present for its organiser; the notification settings list `gaps` and `nudges`; a bad gap horizon and a
 * replacement of a past or someone else's help are refused in French. No mail is waited for: a run takes a
 * few seconds. One PASS/FAIL line per check; exits 1 on any failure. Four sign-ups a run (10 an hour per
 * source address): restart the server or wait before a third run.
 */
import {
  BASE,
  check,
  finish,
  join,
  refusedInFrench,
  register,
  req,
  rnd,
  scheduledNeed,
  step,
  take,
  villageWithDinners,
  type Answer,
  type Slot,
} from './probe-kit';

const ADDRESS = `12 rue des Lilas ${rnd}, Lyon`;
const ACCESS = `Code 4521B ${rnd}, 3e étage`;
const fromNow = (days: number) => new Date(Date.now() + days * 86400e3).toISOString();
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const said = (r: Answer) => `${r.status}: ${r.body?.message ?? ''}`;

type Need = { id: string; address: string | null; access: string | null; details_hidden?: boolean };
type Help = { id: string; helper_id: string; start_date: string };

async function member(who: string, firstName: string) {
  const account = await register(who, undefined, firstName);
  const joined = await join(account.token, shareCode);
  check(`${firstName} joins by the share code`, joined.status === 201, said(joined));
  return { ...account, villager: joined.body?.data?.id as string };
}
/** The village as `token` reads it with its needs, and the answer's raw text (to look for the details anywhere). */
async function villageAs(token: string) {
  const r = await req('GET', `/v1/villages/${village}?include=needs,helps`, { token });
  const needs = (r.body?.data?.needs ?? []) as Need[];
  return { status: r.status, text: JSON.stringify(r.body), need: (id: string) => needs.find((n) => n.id === id) };
}
async function slotsAs(token: string) {
  const r = await req('GET', `/v1/villages/${village}/slots?from=${fromNow(0)}&to=${fromNow(30)}`, { token });
  return { status: r.status, text: JSON.stringify(r.body), slots: (r.body?.data ?? []) as unknown as Slot[] };
}
const ofNeed = (slots: Slot[], needId: string) => slots.filter((s) => s.village_need_id === needId);
const showsDetails = (n: Need | undefined) => n?.address === ADDRESS && n.access === ACCESS;
const details = (n: Need | undefined) =>
  n ? JSON.stringify({ address: n.address, access: n.access, details_hidden: n.details_hidden }) : 'need absent';

console.log(`BASE_URL=${BASE} run ${rnd}`);

step('1. A village, its organiser and three helpers');
const org = await register('organisatrice', undefined, 'Jeanne');
const { village, orgVillager, shareCode, need: dinner, slots } = await villageWithDinners(org.token);
const dinnerId = dinner.body?.data?.id as string;
check('village opened with a need « Dîner » of ten future slots', dinner.status === 201 && slots.length === 10, said(dinner));
const bruno = await member('bruno', 'Bruno');
const ines = await member('ines', 'Inès');
const chloe = await member('chloe', 'Chloé');

step('2. « Je ne peux plus »: replacement, take-over in one step, a second taker refused');
const slot = slots[0];
const held = await take(village, bruno.token, bruno.villager, slot);
const oldId = held.body?.data?.id as string;
check('Bruno takes tomorrow’s dinner', held.status === 201, said(held));
const asked = await req('POST', `/v1/villages/${village}/helps/${oldId}/replacement`, {
  token: bruno.token,
  json: { helper_id: bruno.villager },
});
check(
  'POST …/replacement answers 201, Bruno still holding it',
  asked.status === 201 && asked.body?.data?.helper_id === bruno.villager && typeof asked.body.data.replacement_asked_at === 'string',
  said(asked),
);
const takeOver = (who: { token: string; villager: string }) =>
  req('POST', `/v1/villages/${village}/helps/${oldId}/take-over`, { token: who.token, json: { helper_id: who.villager } });
const taken = await takeOver(ines);
const newId = taken.body?.data?.id as string;
check(
  'Inès’s POST …/take-over answers 201 with her new help',
  taken.status === 201 && taken.body?.data?.helper_id === ines.villager,
  said(taken),
);
const helps = await req('GET', `/v1/villages/${village}/helps?before=${fromNow(60)}&need_id=${dinnerId}`, { token: org.token });
const onSlot = ((helps.body?.data ?? []) as unknown as Help[]).filter((h) => Date.parse(h.start_date) === Date.parse(slot.start_date));
check(
  'GET …/helps: the slot’s one help is Inès’s, Bruno’s is gone',
  onSlot.length === 1 && onSlot[0].id === newId && onSlot[0].helper_id === ines.villager,
  `${helps.status}: ${onSlot.map((h) => (h.helper_id === ines.villager ? 'Inès' : h.helper_id)).join(', ') || 'none'}`,
);
const after = ofNeed((await slotsAs(org.token)).slots, dinnerId).find((s) => s.start_date === slot.start_date);
check('GET …/slots: the slot is taken by the new help only', after?.taken.join() === newId, JSON.stringify(after?.taken));
const second = await takeOver(chloe);
check(
  'Chloé’s second take-over: 409 naming Inès, in French',
  second.status === 409 && /Inès/.test(second.body?.message ?? '') && /a déjà|pris/.test(second.body?.message ?? ''),
  said(second),
);

step('3. Address and door code only for those who come');
const errands = await scheduledNeed(org.token, village, orgVillager, 'Courses', '10:00', { address: ADDRESS, access: ACCESS });
const errandsId = errands.body?.data?.id as string;
check('the organiser adds « Courses » with an address and a door code', errands.status === 201, said(errands));
const asOrg = await villageAs(org.token);
check('the organiser reads them', showsDetails(asOrg.need(errandsId)), details(asOrg.need(errandsId)));
const before = await villageAs(chloe.token);
const hidden = before.need(errandsId);
check(
  'Chloé, without a slot of it, reads the need in GET /v1/villages/{id} without them (details_hidden)',
  before.status === 200 && !!hidden && hidden.address === null && hidden.access === null && hidden.details_hidden === true,
  details(hidden),
);
check('nor anywhere else in that answer', !before.text.includes(ADDRESS) && !before.text.includes(ACCESS));
const slotsBefore = await slotsAs(chloe.token);
const errandSlots = ofNeed(slotsBefore.slots, errandsId);
check(
  'GET …/slots: its slots without them',
  errandSlots.length === 10 && !slotsBefore.text.includes(ADDRESS) && !slotsBefore.text.includes(ACCESS),
  `${slotsBefore.status}, ${errandSlots.length} slots`,
);
const chloeTakes = await take(village, chloe.token, chloe.villager, errandSlots[0]);
check('Chloé takes a slot of it', chloeTakes.status === 201, said(chloeTakes));
const now = await villageAs(chloe.token);
check('then reads them in GET /v1/villages/{id}', showsDetails(now.need(errandsId)), details(now.need(errandsId)));
const slotsNow = await slotsAs(chloe.token);
check(
  'and GET …/slots still lists its slots (a slot carries no address)',
  ofNeed(slotsNow.slots, errandsId).length === 10,
  `${slotsNow.status}`,
);
const bystander = await villageAs(bruno.token);
check(
  'Bruno, still without a slot of it, does not',
  bystander.need(errandsId)?.details_hidden === true && !bystander.text.includes(ADDRESS),
);

step('4. « Visible aux organisateurs seulement »');
const doctor = await scheduledNeed(org.token, village, orgVillager, 'Rendez-vous médical', '15:00', { organisers_only: true });
const doctorId = doctor.body?.data?.id as string;
check('the organiser adds an organisers-only need', doctor.status === 201 && doctor.body?.data?.organisers_only === true, said(doctor));
const plain = await villageAs(bruno.token);
check(
  'absent for a plain helper in GET /v1/villages/{id}',
  plain.status === 200 && !plain.need(doctorId) && !plain.text.includes(doctorId),
);
const plainSlots = await slotsAs(bruno.token);
check(
  'and in GET …/slots',
  plainSlots.status === 200 && ofNeed(plainSlots.slots, dinnerId).length === 10 && ofNeed(plainSlots.slots, doctorId).length === 0,
);
check('present for its organiser in GET /v1/villages/{id}', !!(await villageAs(org.token)).need(doctorId));
check('and in GET …/slots', ofNeed((await slotsAs(org.token)).slots, doctorId).length === 10);

step('5. The notification settings');
for (const [who, token, gapsByDefault] of [
  ['the organiser', org.token, true],
  ['a helper', bruno.token, false],
] as const) {
  const r = await req('GET', '/v1/users/me/notification_settings', { token });
  const s = r.body?.data as Record<'email' | 'push', Record<string, boolean>> | undefined;
  const listed = ['email', 'push'].every(
    (ch) => typeof s?.[ch as 'email']?.gaps === 'boolean' && typeof s[ch as 'email'].nudges === 'boolean',
  );
  check(
    `${who}’s list gaps and nudges, by e-mail and push (gaps ${gapsByDefault ? 'on' : 'off'}, nudges on)`,
    r.status === 200 && listed && s?.email.gaps === gapsByDefault && s.push.gaps === gapsByDefault && s.email.nudges && s.push.nudges,
    `${r.status}: email ${JSON.stringify({ gaps: s?.email.gaps, nudges: s?.email.nudges })}, push ${JSON.stringify({ gaps: s?.push.gaps, nudges: s?.push.nudges })}`,
  );
}

step('6. Refusals in French');
refusedInFrench(
  'a gap horizon of 99 days: 422 in French',
  await req('PUT', `/v1/villages/${village}`, { token: org.token, json: { updater_id: orgVillager, gap_horizon_days: 99 } }),
  422,
);
const free = await req('POST', `/v1/villages/${village}/needs`, { token: org.token, json: { villager_id: orgVillager, name: 'Linge' } });
// Only a need without dates, where the helper says their own time, gives a help already over.
const past = await req('POST', `/v1/villages/${village}/needs/${free.body?.data?.id}/helps`, {
  token: bruno.token,
  json: { helper_id: bruno.villager, start_date: minutesAgo(3), end_date: minutesAgo(1) },
});
check('Bruno records a help that ended a minute ago', past.status === 201, said(past));
refusedInFrench(
  'a replacement for that past help: 409 in French',
  await req('POST', `/v1/villages/${village}/helps/${past.body?.data?.id}/replacement`, {
    token: bruno.token,
    json: { helper_id: bruno.villager },
  }),
  409,
);
refusedInFrench(
  'a replacement for Inès’s help asked by Bruno: 403 in French',
  await req('POST', `/v1/villages/${village}/helps/${newId}/replacement`, { token: bruno.token, json: { helper_id: bruno.villager } }),
  403,
);

finish();
