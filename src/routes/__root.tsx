import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../router-context';
import { initialisationGuard } from '../app/bootstrap/initialisation-guard';
import { lazyRouteComponent } from '../pwa/lazy-route-component';
import { FullScreenLoader } from '../components/full-screen-loader';
import { ErrorScreen } from '../components/error-screen';
import { LoadingBar } from '../components/loading-bar';
import { Toasts } from '../components/toasts';
import { NotificationBanner } from '../components/notification-banner';
import { useServerErrorPage } from '../components/use-server-error-page';
import { useRotatingTitle } from '../hooks/use-rotating-title';
import { LazyAnalyticsConsentPrompt } from '../analytics/lazy-consent-prompt';
import { PwaBanners } from '../pwa/pwa-banners';
import { StorageTroubleGate, storageTroubleScreenFor } from '../components/storage-trouble/storage-trouble';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location }) => initialisationGuard(location),
  component: Root,
  // Loaded when an address is unknown, not at every start (`npm run bench:size`); precached like the screens.
  notFoundComponent: lazyRouteComponent(() => import('../components/not-found'), 'NotFound'),
  // A start that could not read the local store (the guard's warm start) says why, in French.
  errorComponent: ({ error }) =>
    storageTroubleScreenFor(error) ?? <ErrorScreen variant="unexpected" message={error instanceof Error ? error.message : undefined} />,
  pendingComponent: FullScreenLoader,
});

function Root() {
  useRotatingTitle();
  const serverError = useServerErrorPage();
  return (
    <>
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      <LoadingBar />
      <NotificationBanner />
      <StorageTroubleGate>
        {serverError ? <ErrorScreen variant="unexpected" message={serverError.message} code={serverError.code} /> : <Outlet />}
      </StorageTroubleGate>
      <Toasts />
      <LazyAnalyticsConsentPrompt />
      <PwaBanners />
    </>
  );
}
