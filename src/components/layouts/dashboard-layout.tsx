import { Outlet } from '@tanstack/react-router';
import { SignedInHeader } from './signed-in-header';
import { VillageNav } from '../../features/village-nav/village-nav';

/** A village's pages: the header, then the village's areas, then the page. */
export function DashboardLayout() {
  return (
    <div className="layout-dashboard">
      <SignedInHeader />
      <VillageNav />
      <main id="contenu" className="page">
        <Outlet />
      </main>
    </div>
  );
}
