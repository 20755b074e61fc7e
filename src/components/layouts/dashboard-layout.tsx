import { Outlet } from '@tanstack/react-router';
import { SignedInHeader } from './signed-in-header';

/** A village's pages: navigation between its areas comes with the village issue. */
export function DashboardLayout() {
  return (
    <div className="layout-dashboard">
      <SignedInHeader />
      <main id="contenu" className="page">
        <Outlet />
      </main>
    </div>
  );
}
