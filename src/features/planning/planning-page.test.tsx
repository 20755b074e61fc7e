// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { aNeed } from '../../testing/factories';
import { buildVillage, ID } from '../../testing/nina-village';
import { renderScreen } from '../../testing/render-screen';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';
import { PlanningPage } from './planning-page';

await provideAppMutationKinds();

vi.mock('../../outbox/page-replayer', () => ({ requestReplay: vi.fn(async () => 'sync-registered') }));
vi.mock('../../analytics/analytics', () => ({ track: vi.fn() }));

afterEach(cleanup);

const DINNER = '0190a000-0000-7000-8000-0000000000f9';

describe('the planning page', () => {
  it('takes an open slot in one tap through the outbox, and shows it as mine at once', async () => {
    await buildVillage('hugo');
    // Three dinners from tomorrow at 19 h, Paris time.
    const tomorrow = DateTime.now().setZone('Europe/Paris').plus({ days: 1 }).startOf('day');
    await db.needs.put(
      aNeed({
        id: DINNER,
        village_id: ID.village,
        name: 'Dîner',
        schedule: { dtstart: `${tomorrow.toISODate()}T19:00`, duration_minutes: 90, rrule: 'FREQ=DAILY;COUNT=3', exdates: [], places: 1 },
      }),
    );
    await renderScreen(() => <PlanningPage villageId={ID.village} />);
    await screen.findByRole('heading', { level: 1, name: 'Planning' });
    // Tomorrow is in next week when today is a Sunday.
    if (tomorrow.weekday === 1) fireEvent.click(await screen.findByRole('button', { name: 'Période suivante' }));
    const first = (await screen.findAllByRole('button', { name: /Je m’en occupe/ }))[0];
    // Tomorrow's dinner, still open within the village's 3 days, is marked urgent in words.
    expect(first.textContent).toBe(
      '19\u00a0h\u00a0– 20\u00a0h\u00a030Dîner! Urgent\u00a0: encore sans personne dans les 3 jours qui viennent○ À pourvoirJe m’en occupe',
    );
    fireEvent.click(first);

    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    const start = tomorrow.set({ hour: 19 }).toUTC();
    expect(entry.kind).toBe('add-help');
    expect(entry.payload).toMatchObject({
      village_id: ID.village,
      village_need_id: DINNER,
      input: {
        helper_id: ID.hugo,
        start_date: start.toISO({ suppressMilliseconds: false }),
        end_date: start.plus({ minutes: 90 }).toISO(),
      },
    });
    await waitFor(() => expect(document.querySelectorAll('.day-slot.is-mine')).toHaveLength(1));
    const mine = document.querySelector('.day-slot.is-mine') as HTMLElement;
    // Still in the outbox here (nothing replays it): the slot says its take has not left the device.
    await waitFor(() =>
      expect(mine.textContent).toBe('19\u00a0h\u00a0– 20\u00a0h\u00a030Dîner✓ Vous y allezInscription en attente d’envoi'),
    );
    expect(within(mine).queryByRole('button')).toBeNull();
  });

  it('stops showing the helps of a member as soon as they leave the village', async () => {
    await buildVillage('claire');
    await renderScreen(() => <PlanningPage villageId={ID.village} />);
    await screen.findByRole('heading', { level: 1, name: 'Planning' });
    // Hugo's help is tomorrow, in next week when today is a Sunday.
    if (DateTime.now().setZone('Europe/Paris').weekday === 7)
      fireEvent.click(await screen.findByRole('button', { name: 'Période suivante' }));
    const helpersShown = () => [...document.querySelectorAll('.day-help-helper')].map((helper) => helper.textContent);
    await waitFor(() => expect(helpersShown()).toContain('Hugo'));

    await db.villagers.update(ID.hugo, { is_out: true });

    await waitFor(() => expect(helpersShown()).not.toContain('Hugo'));
    expect(await db.helps.get(ID.helpHugoTomorrow)).toBeDefined();
  });

  it('opens on the slots to fill when the link asks for it', async () => {
    await buildVillage('olga');
    await renderScreen(() => <PlanningPage villageId={ID.village} openOnly />);
    expect((await screen.findByRole('button', { name: 'À pourvoir' })).getAttribute('aria-pressed')).toBe('true');
  });
});
