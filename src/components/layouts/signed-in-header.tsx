import { Link } from '@tanstack/react-router';

/** The top bar of signed-in pages: the brand back to the villages, and the account. */
export function SignedInHeader() {
  return (
    <header className="topbar">
      <Link to="/dashboard/villages" className="brand">
        Village
      </Link>
      <Link to="/account">Mon compte</Link>
    </header>
  );
}
