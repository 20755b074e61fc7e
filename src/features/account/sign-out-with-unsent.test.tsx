// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { enqueue } from '../../outbox/enqueue';
import { createNeed } from '../../domain/needs/mutations/create-need';
import { getToken, setToken } from '../../session/token';
import { renderScreen } from '../../testing/render-screen';
import { AccountPage } from './account-page';
import { aUser } from '../../testing/factories';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

await provideAppMutationKinds();

const VILLAGE = '0195a6a4-0000-7000-8000-000000000001';
const VILLAGER = '0195a6a4-0000-7000-8000-000000000002';
const user = aUser({ id: 'me', email: 'claire@example.test', first_name: 'Claire', last_name: 'Durand' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.session.put({ key: 'current', token: 'tok', userId: 'me' });
  await db.users.put(user);
  setToken('tok');
  // The server's logout call: answered, whatever it is.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 204 })),
  );
});

/** The logout calls made (Mon compte also reads the account's passkeys through the same fetch). */
const logoutCalls = () =>
  vi.mocked(fetch).mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).endsWith('/v1/auth/logout')).length;

const addNeed = (n: number) =>
  enqueue(createNeed, {
    village_id: VILLAGE,
    id: `0195a6a4-0000-7000-8000-00000000010${n}`,
    input: { villager_id: VILLAGER, name: `Besoin ${n}` },
  });

describe('signing out with changes not sent yet', () => {
  it('asks first, says how many would be lost, and staying keeps everything', async () => {
    await addNeed(1);
    await addNeed(2);
    await renderScreen(() => <AccountPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Se déconnecter' }));
    expect(await screen.findByText(/2 modifications n'ont pas encore été envoyées/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Rester connecté' }));
    expect(getToken()).toBe('tok');
    expect(await db.outbox.count()).toBe(2);
  });

  it('signing out anyway drops those changes and the session', async () => {
    await addNeed(1);
    await renderScreen(() => <AccountPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Se déconnecter' }));
    expect(await screen.findByText(/1 modification n'a pas encore été envoyée/)).toBeTruthy();
    // The text is in the page before the dialog opens (in an effect): its buttons are waited for.
    fireEvent.click(await screen.findByRole('button', { name: /Se déconnecter et perdre cette modification/ }));
    await waitFor(() => expect(getToken()).toBeNull());
    expect(await db.outbox.count()).toBe(0);
    await waitFor(() => expect(logoutCalls()).toBe(1));
  });

  it('with nothing waiting, signs out at once', async () => {
    await renderScreen(() => <AccountPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Se déconnecter' }));
    await waitFor(() => expect(getToken()).toBeNull());
    expect(screen.queryByText(/pas encore été envoyée/)).toBeNull();
    // The server is told too (the token is revoked there).
    await waitFor(() => expect(logoutCalls()).toBe(1));
  });
});
