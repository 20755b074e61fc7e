import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { OutboxIndicator } from '../../components/outbox-status/outbox-indicator';
import { StorageFullAlert } from '../../components/outbox-status/storage-full-alert';

/**
 * The top bar of signed-in pages: the brand back to the villages, where unsent changes stand, and the account;
 * `children` below them (a village's name on its screens).
 */
export function SignedInHeader({ children }: { children?: ReactNode }) {
  return (
    <>
      <header className="topbar">
        <Link to="/dashboard/villages" className="brand">
          Village
        </Link>
        <OutboxIndicator />
        <Link to="/account">Mon compte</Link>
        {children}
      </header>
      <StorageFullAlert />
    </>
  );
}
