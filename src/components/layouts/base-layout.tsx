import { Outlet } from '@tanstack/react-router';
import { SignedInHeader } from './signed-in-header';

/** Signed-in pages outside a village: the side menu and the greeting come with the village issue. */
export function BaseLayout() {
  return (
    <div className="layout-base">
      <SignedInHeader />
      <main id="contenu" className="page">
        <Outlet />
      </main>
    </div>
  );
}
