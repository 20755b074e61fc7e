import { createRootRoute, Outlet } from '@tanstack/react-router';
import { initialisationGuard } from '../features/bootstrap/initialisation-guard';
import { NotFound } from '../components/not-found';
import { FullScreenLoader } from '../components/full-screen-loader';
import { ErrorScreen } from '../components/error-screen';
import { LoadingBar } from '../components/loading-bar';

export const Route = createRootRoute({
  beforeLoad: ({ location }) => initialisationGuard(location),
  component: Root,
  notFoundComponent: NotFound,
  errorComponent: ({ error }) => <ErrorScreen variant="unexpected" message={error instanceof Error ? error.message : undefined} />,
  pendingComponent: FullScreenLoader,
});

function Root() {
  return (
    <>
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      <LoadingBar />
      <Outlet />
    </>
  );
}
