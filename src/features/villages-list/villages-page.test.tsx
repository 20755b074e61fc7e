// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { v7 as uuidv7 } from 'uuid';
import { DateTime } from 'luxon';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { enqueue } from '../../outbox/enqueue';
import { createVillage } from '../../domain/villages/mutations/create-village';
import { TOKEN_KEY } from '../../session/token';
import type { Villager } from '../../contract';
import { aVillage, aVillager } from '../../testing/factories';
import { buildVillage, helpAt, ID } from '../../testing/nina-village';
import { EMPTY_TEXT, NOT_PULLED_TEXT, VillagesPage } from './villages-page';
import { answerFetch } from '../../testing/answer-fetch';
import { renderScreen } from '../../testing/render-screen';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

await provideAppMutationKinds();

const HUGO = 'user-hugo';

const hugoIn = (villageId: string, fields: Partial<Villager> = {}) => aVillager({ village_id: villageId, user_id: HUGO, ...fields });

const card = (name: string) => screen.getByRole('article', { name });

beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, 'tok');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server is out of reach: the list shows what the device holds. */
const offline = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );

describe('the villages list', () => {
  it('shows each village by its name (the face of its person) and state, what needs the user today, and where it leads', async () => {
    offline();
    await buildVillage('hugo');
    await db.helps.put(helpAt('0190a000-0000-7000-8000-0000000000b1', 'olga', 0, 20, ID.needMeals));
    const created = uuidv7();
    const waiting = uuidv7();
    const notPulled = uuidv7();
    await db.villages.bulkPut([
      aVillage({ id: created, state: 1, first_name: 'Anne', last_name: 'Roy', villagers: [hugoIn(created, { is_creator: true })] }),
      aVillage({ id: waiting, state: 2, first_name: 'Bea', last_name: 'Roy', villagers: [hugoIn(waiting, { is_creator: true })] }),
      aVillage({
        id: notPulled,
        state: 3,
        first_name: 'Chloé',
        last_name: 'Roy',
        photo: { original_url: '/uploads/c.webp' },
        villagers: [hugoIn(notPulled)],
      }),
    ]);
    await renderScreen(() => <VillagesPage />);

    const nina = await screen.findByRole('article', { name: 'Le village de Nina' });
    expect(within(nina).getByRole('link', { name: 'Le village de Nina' }).getAttribute('href')).toBe(
      `/dashboard/villages/${ID.village}/home`,
    );
    expect(within(nina).getByText('Village ouvert')).toBeTruthy();
    expect(within(nina).getByText("1 aide aujourd'hui")).toBeTruthy();
    // Meals has helps to come; walking the dog has none.
    expect(within(nina).getByText('1 besoin sans aide prévue')).toBeTruthy();

    const chloe = card('Le village de Chloé');
    expect(within(chloe).getByText(NOT_PULLED_TEXT)).toBeTruthy();
    expect(chloe.querySelector('img')?.getAttribute('src')).toBe('/uploads/c.webp');

    const bea = card('Le village de Bea');
    expect(within(bea).getByText("En attente d'ouverture")).toBeTruthy();
    expect(within(bea).getByRole('link', { name: 'Le village de Bea' }).getAttribute('href')).toBe(
      `/dashboard/villages/${waiting}/waiting-validation`,
    );
    expect(within(bea).getByText('BR')).toBeTruthy();

    const anne = card('Le village d’Anne');
    expect(within(anne).getByText('Création en cours')).toBeTruthy();
    expect(within(anne).getByRole('link', { name: 'Reprendre la création\u00a0: Le village d’Anne' }).getAttribute('href')).toBe(
      `/create/village?pcvi=${created}`,
    );

    const names = screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);
    expect(names).toEqual(['Le village de Chloé', 'Le village de Nina', 'Le village de Bea', 'Le village d’Anne']);
    expect(await screen.findByText('Hors ligne : voici les villages enregistrés sur cet appareil.')).toBeTruthy();
  });

  it('says how many slots of the week are still to fill, leading to them on the planning', async () => {
    offline();
    await buildVillage('hugo');
    // A dinner every day at 19 h from today on (its week never runs out of days: today's may be gone already).
    const today = DateTime.now().setZone('Europe/Paris');
    const daysLeft = 7 - today.weekday + (today.hour < 19 ? 1 : 0);
    await db.needs.update(ID.needMeals, {
      schedule: { dtstart: `${today.toISODate()}T19:00`, duration_minutes: 60, rrule: 'FREQ=DAILY', exdates: [], places: 1 },
    });
    await renderScreen(() => <VillagesPage />);
    const nina = await screen.findByRole('article', { name: 'Le village de Nina' });
    if (daysLeft === 0) {
      // Sunday evening: the week has no slot left, and says nothing of it.
      expect(within(nina).queryByText(/Cette semaine/)).toBeNull();
      return;
    }
    const link = await within(nina).findByRole('link', { name: new RegExp(`Cette semaine\u00a0: ${daysLeft} créneaux? à pourvoir`) });
    expect(link.getAttribute('href')).toBe(`/dashboard/villages/${ID.village}/planning?filtre=a-pourvoir`);
  });

  it('does not list a village the user left or was banned from', async () => {
    offline();
    await buildVillage('hugo');
    const banned = uuidv7();
    await db.villages.put(aVillage({ id: banned, first_name: 'Bruno', last_name: 'Roy', villagers: [hugoIn(banned, { is_ban: true })] }));
    await db.villagers.update(ID.hugo, { is_out: true });
    await renderScreen(() => <VillagesPage />);
    expect(await screen.findByText(EMPTY_TEXT)).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('offers to create or join a village, also when there is none', async () => {
    offline();
    await Promise.all(db.tables.map((table) => table.clear()));
    await db.session.put({ key: 'current', token: 'tok', userId: HUGO });
    await renderScreen(() => <VillagesPage />);
    expect(await screen.findByText(EMPTY_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Créer un village' }).getAttribute('href')).toBe('/create/village');
    expect(screen.getByRole('link', { name: 'Rejoindre un village' }).getAttribute('href')).toBe('/join/village');
  });

  it('refreshes from the server without losing a village created offline and not yet sent', async () => {
    await buildVillage('hugo');
    const pendingId = uuidv7();
    await enqueue(createVillage, {
      id: pendingId,
      villager_id: uuidv7(),
      user_id: HUGO,
      input: { creation_mode: 2, first_name: 'Paul', last_name: 'Roy' },
    });
    const joined = uuidv7();
    const { fetchMock, requests } = answerFetch({
      status: 200,
      body: { data: [aVillage({ id: joined, first_name: 'Jade', last_name: 'Roy', villagers: [hugoIn(joined)] })] },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderScreen(() => <VillagesPage />);

    expect(await screen.findByRole('article', { name: 'Le village de Jade' })).toBeTruthy();
    expect(requests[0].url).toContain('/v1/villages?include=photo%2Cvillagers%2Cvillagers.user');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Le village de Nina' })).toBeNull());
    // No longer the user's on the server: gone with its rows. The offline one stays.
    expect(await db.needs.where('village_id').equals(ID.village).count()).toBe(0);
    expect(card('Le village de Paul')).toBeTruthy();
    expect(within(card('Le village de Paul')).getByText('Création en cours')).toBeTruthy();
  });
});
