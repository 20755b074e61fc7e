import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { UserAvatar } from '../../components/user-avatar';
import { useCurrentUser } from '../../session/current-user';
import './side-menu.css';

/** The wide screens where the menu stands as a column instead of a drawer (the spec's 1024 px breakpoint). */
export const SIDE_COLUMN_QUERY = '(min-width: 1024px)';

const LINKS = [
  { to: '/dashboard/villages', label: 'Mes villages' },
  { to: '/create/village', label: 'Créer un village' },
  { to: '/join/village', label: 'Rejoindre un village' },
  { to: '/account', label: 'Mon compte' },
] as const;

function Greeting() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <div className="side-menu-greeting">
      <UserAvatar user={user} size={48} />
      <p>
        Bonjour <strong>{user.first_name}</strong>
      </p>
    </div>
  );
}

function MenuLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Menu principal">
      <ul className="side-menu-links">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} onClick={onNavigate} activeProps={{ 'aria-current': 'page', className: 'active' }}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab go round the drawer's own controls: the page behind it cannot be reached. */
function trapFocus(event: KeyboardEvent<HTMLElement>) {
  const focusables = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (!focusables.length) return;
  const first = focusables[0];
  const last = focusables[focusables.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The spec's side menu with the greeting and the user's photo. On phones a "Menu" button opens it as a
 * drawer (a modal dialog: focus kept inside, Escape closes, focus back on the button); from 1024 px it is a
 * column always in view. Layouts use it through WithSideMenu.
 */
export function SideMenu() {
  const [open, setOpen] = useState(false);
  const drawerRef = useRef<HTMLDialogElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const drawerId = useId();
  const titleId = useId();

  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    const drawer = drawerRef.current;
    if (!drawer) return;
    if (open && !drawer.open) {
      if (typeof drawer.showModal === 'function') drawer.showModal();
      else drawer.setAttribute('open', '');
      drawer.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    }
    if (!open && drawer.open) {
      drawer.close?.();
      drawer.removeAttribute('open');
      toggleRef.current?.focus();
    }
  }, [open]);

  // Widened past the breakpoint with the drawer open: the column takes over.
  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia(SIDE_COLUMN_QUERY);
    const onChange = () => wide.matches && setOpen(false);
    wide.addEventListener?.('change', onChange);
    return () => wide.removeEventListener?.('change', onChange);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') trapFocus(event);
  };

  return (
    <>
      <aside className="side-menu-bar" aria-label="Profil et menu">
        <Greeting />
        <button
          ref={toggleRef}
          type="button"
          className="secondary side-menu-toggle"
          aria-expanded={open}
          aria-controls={drawerId}
          onClick={() => setOpen(true)}
        >
          <span aria-hidden="true" className="side-menu-icon" />
          Menu
        </button>
      </aside>
      <dialog
        ref={drawerRef}
        id={drawerId}
        className="side-menu-drawer"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        onClose={close}
        // A tap on the shaded page beside the drawer closes it (the dialog itself is the backdrop's target).
        onClick={(event) => event.target === event.currentTarget && close()}
      >
        {open ? (
          <div className="side-menu-panel">
            <div className="side-menu-head">
              <h2 id={titleId} className="visually-hidden">
                Menu
              </h2>
              <Greeting />
              <button type="button" className="link side-menu-close" onClick={close}>
                Fermer<span className="visually-hidden"> le menu</span>
              </button>
            </div>
            <MenuLinks onNavigate={close} />
          </div>
        ) : null}
      </dialog>
      <aside className="side-menu-column" aria-label="Menu">
        <Greeting />
        <MenuLinks />
      </aside>
    </>
  );
}

/** A page with the side menu: a drawer on phones, a column beside the content from 1024 px. */
export function WithSideMenu({ children }: { children: ReactNode }) {
  return (
    <div className="with-side-menu">
      <SideMenu />
      {children}
    </div>
  );
}
