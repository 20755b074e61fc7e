import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { summariseVillage, summariseVillages, villageDestination, type LocalVillage } from './village-summary';
import { weekSlotsText } from './week-slots';
import { aHelp, aNeed, aVillage, aVillager } from '../../testing/factories';

const NOW = DateTime.fromISO('2030-03-14T10:00:00', { zone: 'Europe/Paris' });
const ME = { id: 'user-me', first_name: 'Claire', last_name: 'Dupont' };

/** A villager whose public user is named after its id. */
const villager = (id: string, fields: Parameters<typeof aVillager>[0] = {}) => aVillager({ id, user: { first_name: id }, ...fields });
const need = (id: string) => aNeed({ id, name: id });
const help = (id: string, needId: string, helperId: string, start: DateTime) =>
  aHelp({ id, village_need_id: needId, helper_id: helperId, start_date: start.toUTC().toISO()! });

const me = villager('me', { user_id: ME.id, is_creator: true });
const local = (fields: Partial<LocalVillage> = {}): LocalVillage => ({
  village: aVillage({ villagers: [me] }),
  villagers: [],
  needs: [],
  helps: [],
  ...fields,
});

describe('a village card', () => {
  it('leads by state: the tunnel to resume, the wait for the opening, or the home', () => {
    expect(villageDestination({ id: 'v1', state: 1 })).toEqual({ to: '/create/village', search: { pcvi: 'v1' } });
    expect(villageDestination({ id: 'v1', state: 2 })).toEqual({ to: '/dashboard/villages/$id/waiting-validation', params: { id: 'v1' } });
    expect(villageDestination({ id: 'v1', state: 3 })).toEqual({ to: '/dashboard/villages/$id/home', params: { id: 'v1' } });
  });

  it('names the close person of a village made for them, with the village photo', () => {
    const card = summariseVillage(local({ village: aVillage({ villagers: [me], photo: { original_url: '/uploads/v.webp' } }) }), ME, NOW);
    expect(card).toMatchObject({ title: 'Le village de Nina', needyName: 'Nina Martin', initials: 'NM', photoUrl: '/uploads/v.webp' });
  });

  it('names the creator of a village made for themself, initials without a photo', () => {
    const hugo = villager('Hugo', { is_creator: true, is_needy: true });
    const own = aVillage({ creation_mode: 1, first_name: null, last_name: null, villagers: [hugo, villager('me', { user_id: ME.id })] });
    expect(summariseVillage(local({ village: own }), ME, NOW)).toMatchObject({
      title: 'Le village de Hugo',
      needyName: 'Hugo Martin',
      initials: 'HM',
      photoUrl: null,
    });
    // The user's own village, created offline (no user on the villager yet): their own name.
    const mine = aVillage({
      creation_mode: 1,
      state: 1,
      first_name: null,
      last_name: null,
      villagers: [villager('me', { user_id: ME.id, is_creator: true, is_needy: true, user: undefined })],
    });
    expect(summariseVillage(local({ village: mine }), ME, NOW)).toMatchObject({
      title: 'Le village de Claire',
      needyName: 'Claire Dupont',
    });
    // Its own name once given, whoever it is built around.
    expect(summariseVillage(local({ village: { ...own, name: 'Les amis de Hugo' } }), ME, NOW)?.title).toBe('Les amis de Hugo');
  });

  it('hides the villages the user left or was banned from', () => {
    expect(summariseVillage(local({ village: aVillage({ villagers: [{ ...me, is_out: true }] }) }), ME, NOW)).toBeNull();
    expect(summariseVillage(local({ village: aVillage({ villagers: [{ ...me, is_ban: true }] }) }), ME, NOW)).toBeNull();
    // The tables (a pull, a leave made here) are fresher than the list's copy.
    expect(summariseVillage(local({ villagers: [{ ...me, is_out: true }] }), ME, NOW)).toBeNull();
    expect(summariseVillage(local({ village: aVillage({ villagers: [villager('other')] }) }), ME, NOW)).toBeNull();
  });

  it("counts today's helps and the needs with no help to come, without those of inactive villagers", () => {
    const hugo = villager('hugo');
    const olga = villager('olga', { is_out: true });
    const card = summariseVillage(
      local({
        villagers: [me, hugo, olga],
        needs: [need('meals'), need('dog'), need('shopping')],
        helps: [
          help('h1', 'meals', hugo.id, NOW.set({ hour: 18 })),
          help('h2', 'meals', me.id, NOW.set({ hour: 8 })),
          help('h3', 'dog', hugo.id, NOW.plus({ days: 3 })),
          help('h4', 'shopping', hugo.id, NOW.minus({ days: 2 })),
          help('h5', 'shopping', olga.id, NOW.plus({ days: 1 })),
        ],
      }),
      ME,
      NOW,
    );
    expect(card?.activity).toEqual({ helpsToday: 2, needs: 3, uncoveredNeeds: 1, weekSlots: { open: 0, total: 0 } });
  });

  it('counts the slots of the rest of the week still to fill, the slots of people gone open again', () => {
    const hugo = villager('hugo');
    const olga = villager('olga', { is_out: true });
    // Dinner every day at 19 h from Sunday 10 March 2030; it is Thursday 14 at 10 h: Thursday to Sunday are left.
    const dinner = aNeed({
      id: 'dinner',
      name: 'Dîner',
      schedule: { dtstart: '2030-03-10T19:00', duration_minutes: 60, rrule: 'FREQ=DAILY;COUNT=10', exdates: [], places: 1 },
    });
    const card = summariseVillage(
      local({
        villagers: [me, hugo, olga],
        needs: [dinner],
        helps: [
          help('h1', 'dinner', hugo.id, NOW.set({ day: 15, hour: 19 })),
          help('h2', 'dinner', olga.id, NOW.set({ day: 16, hour: 19 })),
        ],
      }),
      ME,
      NOW,
    );
    expect(card?.activity?.weekSlots).toEqual({ open: 3, total: 4 });
    expect(weekSlotsText({ open: 3, total: 4 })).toBe('Cette semaine\u00a0: 3 créneaux à pourvoir');
    expect(weekSlotsText({ open: 1, total: 4 })).toBe('Cette semaine\u00a0: 1 créneau à pourvoir');
    expect(weekSlotsText({ open: 0, total: 4 })).toBe('Tous les créneaux de la semaine sont pris');
    expect(weekSlotsText({ open: 0, total: 0 })).toBeNull();
  });

  it('has no activity when the village was never pulled here, or is not open', () => {
    expect(summariseVillage(local(), ME, NOW)?.activity).toBeNull();
    expect(summariseVillage(local({ village: aVillage({ state: 2, villagers: [me] }), villagers: [me] }), ME, NOW)?.activity).toBeNull();
    expect(summariseVillage(local({ villagers: [me] }), ME, NOW)?.activity).toEqual({
      helpsToday: 0,
      needs: 0,
      uncoveredNeeds: 0,
      weekSlots: { open: 0, total: 0 },
    });
  });

  it('lists open villages first, then those waiting, then those being created', () => {
    const cards = summariseVillages(
      [
        local({ village: aVillage({ id: 'a', state: 1, first_name: 'Anne', villagers: [me] }) }),
        local({ village: aVillage({ id: 'b', state: 3, first_name: 'Zoé', villagers: [me] }) }),
        local({ village: aVillage({ id: 'c', state: 2, first_name: 'Bea', villagers: [me] }) }),
        local({ village: aVillage({ id: 'd', state: 3, first_name: 'Aline', villagers: [me] }) }),
      ],
      ME,
      NOW,
    );
    expect(cards.map((c) => c.id)).toEqual(['d', 'b', 'c', 'a']);
  });
});
