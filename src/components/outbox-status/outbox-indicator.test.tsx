// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db, type OutboxEntry } from '../../db/database';
import { enqueue } from '../../outbox/enqueue';
import { createNeed } from '../../domain/needs/mutations/create-need';
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
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.session.put({ key: 'current', token: 'tok', userId: 'me' });
});

const addNeed = (n: number, name: string) =>
  enqueue(createNeed, { village_id: VILLAGE, id: needId(n), input: { villager_id: VILLAGER, name } });

async function refuse(entry: OutboxEntry, message: string) {
  await db.outbox.update(entry.seq!, { status: 'failed', failure: { status: 403, message } });
}

describe('where unsent changes stand', () => {
  it('says nothing when all is sent, then counts the changes waiting, in French', async () => {
    render(<OutboxIndicator />);
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
    await refuse(entry, 'Seules les personnes qui gèrent le village peuvent faire cela.');
    // The pull after a refusal undid the local effect.
    await db.needs.delete(needId(1));
    render(<OutboxIndicator />);
    const button = await screen.findByRole('button', { name: /1 modification n'a pas pu être envoyée/ });
    fireEvent.click(button);
    expect(await screen.findByText('Ajout du besoin « Courses »')).toBeTruthy();
    expect(screen.getByText('Seules les personnes qui gèrent le village peuvent faire cela.')).toBeTruthy();

    await retryFailed(entry.seq!);
    const [again] = await db.outbox.toArray();
    expect(again).toMatchObject({ id: entry.id, status: 'pending', attempts: 0 });
    expect(again.seq).toBeGreaterThan(entry.seq!);
    expect((await db.needs.get(needId(1)))?.name).toBe('Courses');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 modification en attente'));
  });

  it('discarding a refused change removes it from the list', async () => {
    const entry = await addNeed(1, 'Courses');
    await refuse(entry, 'Refusé.');
    render(<OutboxIndicator />);
    fireEvent.click(await screen.findByRole('button', { name: /n'a pas pu être envoyée/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Abandonner' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    await waitFor(() => expect(screen.queryByRole('button', { name: /n'a pas pu être envoyée/ })).toBeNull());
  });

  it('a change whose thing was deleted by someone else says so, names it, and offers only to remove it', async () => {
    const entry = await addNeed(1, 'Courses');
    await db.outbox.update(entry.seq!, { status: 'failed', failure: { status: 404, message: 'Ce village est introuvable.' } });
    render(<OutboxIndicator />);
    fireEvent.click(await screen.findByRole('button', { name: /n'a pas pu être envoyée/ }));
    const what = await screen.findByText('Ajout du besoin « Courses »');
    expect(what.textContent).toBe("Ajout du besoin « Courses » : ce village a été supprimé par quelqu'un d'autre.");
    expect(screen.queryByText('Ce village est introuvable.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retirer' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    await waitFor(() => expect(screen.queryByRole('button', { name: /n'a pas pu être envoyée/ })).toBeNull());
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
