import { isNotFound, isRedirect, notFound, redirect } from '@tanstack/react-router';
import { initialLoadStep, wasFirstLoad } from '../state/first-load';
import { getToken } from '../session/token';
import { importChunk } from '../pwa/lazy-chunk';

export interface GuardContext {
  location: { pathname: string; href: string };
  params: Record<string, string>;
}

/** A named route middleware: it returns to let the route load, or throws a redirect or a not-found. */
export type Guard = (ctx: GuardContext) => void | Promise<void>;

const signedIn = () => !!getToken();

const requireUser: Guard = (ctx) => {
  if (!signedIn()) throw redirect({ to: '/auth/login', search: { redirect: ctx.location.href }, state: initialLoadStep });
};

/** The village of the route, from the local store: only its active members open its areas (village-guard.ts). */
const requireVillage: Guard = async (ctx) => {
  requireUser(ctx);
  const { requireActiveVillager } = await importChunk(() => import('./village-guard'));
  await requireActiveVillager(ctx.params.id ?? '');
};

/** The spec's middleware groups, by name. Guards read only local state, so they decide offline too. */
export const guardRegistry: Record<string, Guard> = {
  auth: () => {
    if (signedIn()) throw redirect({ to: '/', state: initialLoadStep });
  },
  'user-auth': requireUser,
  home: () => {
    throw redirect({ to: '/dashboard/villages', state: initialLoadStep });
  },
  dashboard: requireUser,
  'dashboard-chat': requireVillage,
  // The village's home (issue 41): not one of the spec's groups, guarded as its other areas are.
  'dashboard-home': requireVillage,
  'dashboard-infos': requireVillage,
  'dashboard-needs': requireVillage,
  'dashboard-news': requireVillage,
  'dashboard-notification': requireVillage,
  'dashboard-planning': requireVillage,
  'tunnel-creation': requireUser,
};

/**
 * The route's `beforeLoad`: its guards in order. A name that is not in the registry is a programming error.
 * The spec: during the initial load a guard that fails with an error gives the 404 ("Page Not Found" and
 * the path); after a navigation the error goes to the error screen as any other.
 */
export function guards(...names: string[]) {
  for (const name of names) if (!(name in guardRegistry)) throw new Error('Unknown route middleware');
  return async (ctx: GuardContext) => {
    try {
      for (const name of names) await guardRegistry[name](ctx);
    } catch (error) {
      if (isRedirect(error) || isNotFound(error) || !wasFirstLoad()) throw error;
      console.error('A route guard failed on the initial load', error);
      throw notFound();
    }
  };
}
