import { Link, Outlet } from '@tanstack/react-router';

export function DashboardLayout() {
  return (
    <div className="layout-dashboard">
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
