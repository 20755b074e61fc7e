import { Outlet } from '@tanstack/react-router';
import { SignedInHeader } from './signed-in-header';
import { WithSideMenu } from './side-menu';

/** Signed-in pages outside a village (home, joining a village): the header, the side menu, the page. */
export function BaseLayout() {
  return (
    <div className="layout-base">
      <SignedInHeader />
      <WithSideMenu>
        <main id="contenu" className="page">
          <Outlet />
        </main>
      </WithSideMenu>
    </div>
  );
}
