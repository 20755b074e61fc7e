import { Outlet } from '@tanstack/react-router';
import { WithSideMenu } from './side-menu';

/** The page itself beside the side menu (a drawer on phones), the skip link's target. */
export function PageWithMenu() {
  return (
    <WithSideMenu>
      <main id="contenu" className="page">
        <Outlet />
      </main>
    </WithSideMenu>
  );
}
