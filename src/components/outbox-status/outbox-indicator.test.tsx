// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db, type OutboxEntry } from '../../db/database';
import { enqueue } from '../../outbox/enqueue';
import { createNeed } from '../../domain/needs/mutations/create-need';
import { addHelp } from '../../domain/helps/mutations/add-help';
import { notManager, slotFull } from '../../contract/error-messages';
import { Toasts } from '../toasts';
import { toastStore } from '../../state/toasts';
import { renderWithRouter } from '../../testing/render-screen';
import { OutboxIndicator } from './outbox-indicator';
import { countUnsent } from '../../outbox/use-outbox-status';
import { dropUserEntries, retryFailed } from '../../outbox/failed-entries';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

await provideAppMutationKinds();

const VILLAGE = '0195a6a4-0000-7000-8000-000000000001';
const VILLAGER = '0195a6a4-0000-7000-8000-000000000002';
const needId = (n: number) => `0195a6a4-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`;

afterEach(cleanup);
beforeEach(async () => {
  for (const t of toastStore.get()) toastStore.dismiss(t.id);
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.session.put({ key: 'current', token: 'tok', userId: 'me' });
});

const addNeed = (n: number, name: string) =>
  enqueue(createNeed, { village_id: VILLAGE, id: needId(n), input: { villager_id: VILLAGER, name } });

async function refuse(entry: OutboxEntry, message: string, status = 403) {
  await db.outbox.update(entry.seq!, { status: 'failed', failure: { status, message } });
}

const HELP = '0195a6a4-0000-7000-8000-000000000201';
const NEED = needId(9);
const takeSlot = () =>
  enqueue(addHelp, {
    village_id: VILLAGE,
    village_need_id: NEED,
    id: HELP,
    input: { helper_id: VILLAGER, start_date: '2030-12-04T18:00:00.000Z' },
    need_name: 'Dîner',
    time_zone: 'Europe/Paris',
    slot: true,
  });
const show = () =>
  renderWithRouter(() => (
    <>
      <OutboxIndicator />
      <Toasts />
    </>
  ));

describe('where unsent changes stand', () => {
  it('says nothing when all is sent, then counts the changes waiting, in French', async () => {
    await renderWithRouter(() => <OutboxIndicator />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
    await act(() => addNeed(1, 'Courses'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 modification en attente'));
    await act(() => addNeed(2, 'Repas'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 modifications en attente'));
  });

  it("does not count another user's changes kept on this device", async () => {
    await addNeed(1, 'Courses');
    await db.session.put({ key: 'current', token: 'tok2', userId: 'someone-else' });
    expect(await countUnsent()).toBe(0);
  });

  it('shows refused changes with the server message; retry puts the change back in the queue and on screen', async () => {
    const entry = await addNeed(1, 'Courses');
    await refuse(entry, notManager);
    // The pull after a refusal undid the local effect.
    await db.needs.delete(needId(1));
    await renderWithRouter(() => <OutboxIndicator />);
    const button = await screen.findByRole('button', { name: /1 modification n'a pas pu être envoyée/ });
    fireEvent.click(button);
    expect(await screen.findByText('Ajout du besoin « Courses »')).toBeTruthy();
    expect(screen.getByText(notManager)).toBeTruthy();
    // Someone may make this person an organiser again: sending it again can work.
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();

    await retryFailed(entry.seq!);
    const [again] = await db.outbox.toArray();
    expect(again).toMatchObject({ id: entry.id, status: 'pending', attempts: 0 });
    expect(again.seq).toBeGreaterThan(entry.seq!);
    expect((await db.needs.get(needId(1)))?.name).toBe('Courses');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 modification en attente'));
  });

  it('discarding a refused change removes it from the list', async () => {
    const entry = await addNeed(1, 'Courses');
    await refuse(entry, notManager);
    await renderWithRouter(() => <OutboxIndicator />);
    fireEvent.click(await screen.findByRole('button', { name: /n'a pas pu être envoyée/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Abandonner' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    await waitFor(() => expect(screen.queryByRole('button', { name: /n'a pas pu être envoyée/ })).toBeNull());
  });

  it('a change whose thing was deleted by someone else says so, names it, and offers only to remove it', async () => {
    const entry = await addNeed(1, 'Courses');
    await db.outbox.update(entry.seq!, { status: 'failed', failure: { status: 404, message: 'Ce village est introuvable.' } });
    await renderWithRouter(() => <OutboxIndicator />);
    fireEvent.click(await screen.findByRole('button', { name: /n'a pas pu être envoyée/ }));
    expect(await screen.findByText('Ajout du besoin « Courses »')).toBeTruthy();
    expect(screen.getByText("Ce village a été supprimé par quelqu'un d'autre.")).toBeTruthy();
    expect(screen.queryByText('Ce village est introuvable.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retirer' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    await waitFor(() => expect(screen.queryByRole('button', { name: /n'a pas pu être envoyée/ })).toBeNull());
  });

  it('a full slot offers the need’s other slots and removing it, never sending it again', async () => {
    const entry = await takeSlot();
    await refuse(entry, slotFull(['Bruno', 'Marie']), 409);
    await renderWithRouter(() => <OutboxIndicator />);
    fireEvent.click(await screen.findByRole('button', { name: /n'a pas pu être envoyée/ }));
    expect(await screen.findByText("Ce créneau est complet : Bruno et Marie s'en occupent.")).toBeTruthy();
    const others = screen.getByRole('link', { name: 'Voir les autres créneaux' });
    expect(others.getAttribute('href')).toBe(`/dashboard/villages/${VILLAGE}/needs/${NEED}/helps`);
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Retirer' })).toBeTruthy();
    expect(screen.getByText(/faites sur cet appareil n'ont pas pu être enregistrées/)).toBeTruthy();
  });

  it('says a refusal at once, without the chip being tapped, and only once', async () => {
    const entry = await takeSlot();
    await show();
    await screen.findByText('1 modification en attente');
    expect(screen.queryByText(/Denis s'en occupe/)).toBeNull();
    // The drain (the worker's as well as the page's) marks the entry refused.
    await act(() => refuse(entry, slotFull(['Denis']), 409));
    const said = await screen.findByText(/^Le créneau du .* sur « Dîner » est complet : Denis s'en occupe\. Votre inscription/);
    expect(said.closest('[aria-live]')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await db.outbox.get(entry.seq!))?.failure?.announced).toBe(true);

    // Another tab, or the same page opened again: already said, not said twice.
    for (const t of toastStore.get()) toastStore.dismiss(t.id);
    cleanup();
    await show();
    await screen.findByRole('button', { name: /n'a pas pu être envoyée/ });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(toastStore.get()).toEqual([]);
  });

  it('says it again when a change sent again is refused again', async () => {
    const entry = await addNeed(1, 'Courses');
    await refuse(entry, notManager);
    await show();
    await screen.findByText(`Modification non enregistrée : Ajout du besoin « Courses ». ${notManager}`);
    for (const t of toastStore.get()) toastStore.dismiss(t.id);
    await act(() => retryFailed(entry.seq!));
    const [again] = await db.outbox.toArray();
    await act(() => refuse(again, notManager));
    await screen.findByText(`Modification non enregistrée : Ajout du besoin « Courses ». ${notManager}`);
  });

  it("an explicit sign-out drops only the user's own entries", async () => {
    await addNeed(1, 'Courses');
    await db.outbox.add({
      id: 'other',
      userId: 'other',
      kind: 'delete-help',
      payload: {},
      villageId: VILLAGE,
      createdAt: '',
      status: 'pending',
      attempts: 0,
      notBefore: 0,
    });
    await dropUserEntries('me');
    expect((await db.outbox.toArray()).map((e) => e.userId)).toEqual(['other']);
  });
});
