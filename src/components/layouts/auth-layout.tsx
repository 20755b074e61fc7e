import { Outlet } from '@tanstack/react-router';

/** Guest pages: the brand and one card, centred. */
export function AuthLayout() {
  return (
    <main className="layout-auth" id="contenu">
      <p className="brand" aria-hidden="true">
        Village
      </p>
      <div className="card">
        <Outlet />
      </div>
    </main>
  );
}
