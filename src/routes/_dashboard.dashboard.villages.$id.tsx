import { useDeferredValue } from 'react';
import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { prefetchVillage } from '../domain/villages/prefetch-village';
import { OldPendingBanner } from '../components/outbox-status/old-pending-banner';

/**
 * Every screen of a village, under one loader: the village's pull starts here and the loader returns at once,
 * so a navigation offline renders from the device's store without waiting or failing (prefetch-village.ts).
 * The router runs it once every guard of the matched routes passed (a refused village starts no pull). Its
 * component puts above every screen of the village what the person must know there: writes of theirs waiting
 * for more than a day (src/outbox/README.md).
 */
export const Route = createFileRoute('/_dashboard/dashboard/villages/$id')({
  // The village's own address has no screen (the spec's routes), but a layout matches its own path: the 404 it
  // gave when no route matched it (a guest is now sent to login first, by the dashboard's guard).
  beforeLoad: ({ matches }) => {
    if (matches.at(-1)?.routeId === Route.id) throw notFound();
  },
  loader: ({ context, params }) => prefetchVillage(context.loadQueryClient, params.id),
  // On every navigation and preload between the village's screens too, as when each screen had this loader: a
  // pull older than the query's staleTime starts again, a fresher one is not repeated (src/state/query-client.ts).
  shouldReload: true,
  component: VillageScreens,
});

function VillageScreens() {
  const { id } = Route.useParams();
  // The screen comes in a render of its own once the header and the tabs are on screen: the router shows a
  // village's address in one synchronous render, and the screen's share (its effects open a live query each)
  // made it a long task of the start (bench:lighthouse's Total Blocking Time); a deferred render yields.
  const screenShown = useDeferredValue(true, false);
  return (
    <>
      <OldPendingBanner villageId={id} />
      {screenShown ? <Outlet /> : null}
    </>
  );
}
