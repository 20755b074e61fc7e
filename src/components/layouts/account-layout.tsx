import { Link, Outlet } from '@tanstack/react-router';

export function AccountLayout() {
  return (
    <div className="layout-account">
      <header className="topbar">
        <Link to="/dashboard/villages" className="back">
          ← Mes villages
        </Link>
      </header>
      <main id="contenu" className="page">
        <Outlet />
      </main>
    </div>
  );
}
