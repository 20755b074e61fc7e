// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { useServerErrorPage } from './use-server-error-page';
import { ErrorScreen } from './error-screen';
import { call } from '../api/client';
import { endpoint } from '../contract/endpoint';

/** Any write: the error page depends on the caller's choice, not on the endpoint. */
const save = endpoint({ name: 'save', method: 'POST', path: '/things', summary: 'Save a thing' });

/** A root like the app's: the 500 page replaces the outlet until the next navigation. */
function buildRouter() {
  const root = createRootRoute({
    component: function Root() {
      const error = useServerErrorPage();
      return error ? <ErrorScreen variant="unexpected" message={error.message} code={error.code} /> : <Outlet />;
    },
  });
  const page = (path: string, title: string) => createRoute({ getParentRoute: () => root, path, component: () => <h1>{title}</h1> });
  return createRouter({
    routeTree: root.addChildren([page('/', 'Accueil'), page('/ailleurs', 'Ailleurs')]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the 500 error page', () => {
  it('shows the body’s message and code where the caller asked for it, and goes away on navigation', async () => {
    const router = buildRouter();
    await act(async () => void render(<RouterProvider router={router} />));
    await act(() => router.load());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'La base est indisponible.', http_code: 500 }), { status: 500 })),
    );
    await act(async () => void (await call(save, {}, { showErrorPage: true })));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Une erreur est survenue');
    expect(screen.getByText('La base est indisponible. (code 500)')).toBeTruthy();
    await act(async () => {
      router.history.push('/ailleurs');
      await vi.waitFor(() => expect(router.state.status).toBe('idle'));
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ailleurs');
  });

  it('stays away where the caller did not ask for it (it says the fault itself)', async () => {
    const router = buildRouter();
    await act(async () => void render(<RouterProvider router={router} />));
    await act(() => router.load());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Non.', http_code: 500 }), { status: 500 })),
    );
    await act(async () => void (await call(save, {})));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Accueil');
  });
});
