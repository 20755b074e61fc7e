import { Outlet } from '@tanstack/react-router';

/** The creation tunnel: its stepper and two-column template come with the village issue. */
export function TunnelLayout() {
  return (
    <div className="layout-tunnel">
      <main id="contenu" className="page">
        <Outlet />
      </main>
    </div>
  );
}
