import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** The guest pages' frame: the brand and one card, centred (also for the link pages outside `_auth`). */
export function AuthFrame({ children, cardClass }: { children: ReactNode; cardClass?: string }) {
  return (
    <main className="layout-auth" id="contenu">
      <p className="brand" aria-hidden="true">
        Village
      </p>
      <div className={cardClass ? `card ${cardClass}` : 'card'}>{children}</div>
    </main>
  );
}

/** Guest pages: the brand and one card, centred. */
export function AuthLayout() {
  return (
    <AuthFrame>
      <Outlet />
    </AuthFrame>
  );
}
