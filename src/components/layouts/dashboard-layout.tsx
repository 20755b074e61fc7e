import { Outlet } from '@tanstack/react-router';
import { SignedInHeader } from './signed-in-header';
import { VillageNav } from '../../features/village-nav/village-nav';
import { WithSideMenu } from './side-menu';

/** A village's pages: the header, the village's areas, then the side menu (a drawer on phones) and the page. */
export function DashboardLayout() {
  return (
    <div className="layout-dashboard">
      <SignedInHeader />
      <VillageNav />
      <WithSideMenu>
        <main id="contenu" className="page">
          <Outlet />
        </main>
      </WithSideMenu>
    </div>
  );
}
