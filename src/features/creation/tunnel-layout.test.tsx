// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, within, act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { TunnelLayout } from './tunnel-layout';
import { ReasonStep } from './reason-step';
import { CID, pendingVillage, signInClaire } from '../../testing/creation-world';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

await provideAppMutationKinds();

vi.mock('../../outbox/page-replayer', () => ({ requestReplay: vi.fn(async () => 'sync-registered') }));
vi.mock('../../analytics/analytics', () => ({ track: vi.fn() }));

afterEach(cleanup);

/** The layout around a stand-in step, at `href`. */
async function renderTunnel(href: string) {
  const root = createRootRoute({
    component: () => (
      <QueryClientProvider client={new QueryClient()}>
        <Outlet />
      </QueryClientProvider>
    ),
  });
  const tunnel = createRoute({ getParentRoute: () => root, id: '_tunnel', component: TunnelLayout });
  const steps = ['reason', 'about-close', 'needs', 'period', 'infos'].map((step) =>
    createRoute({
      getParentRoute: () => tunnel,
      path: `/create/village/${step}`,
      component: step === 'reason' ? () => <ReasonStep /> : () => <h1>Étape {step}</h1>,
    }),
  );
  const router = createRouter({
    routeTree: root.addChildren([tunnel.addChildren(steps)]),
    history: createMemoryHistory({ initialEntries: [href] }),
  });
  render(<RouterProvider router={router} />);
  await act(() => router.load());
  return router;
}

describe('the tunnel layout', () => {
  it('shows where a village for a close person stands, the steps passed as links back', async () => {
    await signInClaire();
    await pendingVillage({ creation_mode: 2 });
    await renderTunnel(`/create/village/needs?pcvi=${CID.village}`);
    const stepper = await screen.findByRole('navigation', { name: 'Étapes de la création du village' });
    expect(await within(stepper).findByText(/Étape 3 sur 5/)).toBeTruthy();
    const items = within(stepper).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['1Le village', '2Votre proche', '3Les besoins', '4La période', '5Les informations']);
    expect(items.map((li) => li.getAttribute('aria-current'))).toEqual([null, null, 'step', null, null]);
    expect(within(stepper).getByRole('link', { name: 'Votre proche' }).getAttribute('href')).toBe(
      `/create/village/about-close?pcvi=${CID.village}`,
    );
    expect(within(stepper).queryByRole('link', { name: 'La période' })).toBeNull();
    expect(screen.getByRole('complementary', { name: 'Les besoins' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Enregistrer et quitter' }).getAttribute('href')).toBe('/dashboard/villages');
    expect(screen.getByRole('heading', { level: 1, name: 'Étape needs' })).toBeTruthy();
  });

  it('counts 4 steps for oneself', async () => {
    await signInClaire();
    await pendingVillage({ creation_mode: 1 });
    await renderTunnel(`/create/village/period?pcvi=${CID.village}`);
    expect(await screen.findByText(/Étape 3 sur 4/)).toBeTruthy();
  });

  it('before the village exists: the first step of 4, and a plain way out', async () => {
    await signInClaire();
    await renderTunnel('/create/village/reason');
    expect(await screen.findByText(/Étape 1 sur 4/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Quitter' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: /Pour un proche/ }));
    expect(screen.getByText(/Étape 1 sur 5/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Pour moi/ }));
    expect(screen.getByText(/Étape 1 sur 4/)).toBeTruthy();
  });
});
