import { DateTime } from 'luxon';
import { call } from './bench-server';

/**
 * What `bench:lighthouse` opens: a person registered through /v1, an open village of theirs (so its share code
 * makes a join link) with two needs and a help on each of the next three days at 10 h, so that the home and the
 * planning's current week both have something to show. Answers the token, the village and its share code.
 */
export async function seedLighthouseVillage(base: string) {
  const registered = await call(base, 'POST', '/v1/auth/register', null, {
    email: 'bench-lighthouse@example.org',
    password: 'motdepasse-solide-1',
    first_name: 'Claire',
    last_name: 'Durand',
  });
  const token: string = registered.data.token;
  const village = (
    await call(base, 'POST', '/v1/villages', token, { creation_mode: 2, first_name: 'Jeanne', name: 'Le village de Jeanne' })
  ).data;
  const villagerId: string = village.villagers[0].id;
  await call(base, 'PUT', `/v1/villages/${village.id}/fc`, token, { creator_id: villagerId });
  await call(base, 'PUT', `/v1/villages/${village.id}/vo`, token, { villager_id: villagerId });
  const tomorrow = DateTime.now().setZone('Europe/Paris').startOf('day').plus({ days: 1 });
  for (const name of ['Courses', 'Repas']) {
    const need = (await call(base, 'POST', `/v1/villages/${village.id}/needs`, token, { villager_id: villagerId, name })).data;
    for (let day = 0; day < 3; day++) {
      const start = tomorrow.plus({ days: day }).set({ hour: name === 'Courses' ? 10 : 18 });
      await call(base, 'POST', `/v1/villages/${village.id}/needs/${need.id}/helps`, token, {
        helper_id: villagerId,
        start_date: start.toUTC().toISO(),
        end_date: start.plus({ hours: 1 }).toUTC().toISO(),
      });
    }
  }
  return { token, villageId: village.id as string, shareCode: village.share_code as string };
}
