// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routeTree } from '../../routeTree.gen';
import { appRouterContext } from '../../router-context';
import { db } from '../../db/database';
import { signIn } from '../../session/sign-in';
import { RETURN_TO_KEY } from '../../session/token';
import { aUser } from '../../testing/factories';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

await provideAppMutationKinds();

const JOIN_URL = '/join/village?c=ABCD2345&rli=jv';

beforeEach(async () => {
  localStorage.clear();
  await Promise.all(db.tables.map((table) => table.clear()));
});
afterEach(cleanup);

async function openApp(href: string) {
  const router = createRouter({ routeTree, context: appRouterContext, history: createMemoryHistory({ initialEntries: [href] }) });
  render(<RouterProvider router={router} />);
  await act(() => router.load());
  return router;
}

/** A join link opened signed out: after logging in or creating an account, the user is back on it. */
describe('a join link opened signed out', () => {
  it('goes to the login page, then the register page, with the link to come back to', async () => {
    const router = await openApp(JOIN_URL);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toEqual({ redirect: JOIN_URL });

    fireEvent.click(await screen.findByRole('link', { name: 'Créer un compte' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/register'));
    expect(router.state.location.search).toEqual({ redirect: JOIN_URL });
    // And back to the login page the same way.
    fireEvent.click(await screen.findByRole('link', { name: 'Se connecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toEqual({ redirect: JOIN_URL });
  });

  it('once signed in, the bootstrap page returns to the join link', async () => {
    const user = aUser({ id: 'u1', email: 'olga@example.fr', first_name: 'Olga', last_name: 'Petit' });
    await signIn({ token: 'tok', user }, JOIN_URL);
    expect(localStorage.getItem(RETURN_TO_KEY)).toBe(JOIN_URL);
  });
});
