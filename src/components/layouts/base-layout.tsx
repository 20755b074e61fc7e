import { Link, Outlet } from '@tanstack/react-router';

/** Signed-in pages outside a village: the side menu and the greeting come with the village issue. */
export function BaseLayout() {
  return (
    <div className="layout-base">
      <header className="topbar">
        <Link to="/dashboard/villages" className="brand">
          Village
        </Link>
        <Link to="/account">Mon compte</Link>
      </header>
      <main id="contenu" className="page">
        <Outlet />
      </main>
    </div>
  );
}
