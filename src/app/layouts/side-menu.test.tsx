// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/database';
import { renderWithRouter } from '../../testing/render-screen';
import { SideMenu } from './side-menu';
import { aUser } from '../../testing/factories';

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  await db.session.put({ key: 'current', token: 'tok', userId: 'user-claire' });
  await db.users.put(
    aUser({
      id: 'user-claire',
      email: 'claire@example.fr',
      first_name: 'Claire',
      photo: { original_url: '/uploads/claire.webp' },
      analytics_consent: false,
    }),
  );
});
afterEach(cleanup);

const toggle = () => screen.getByRole('button', { name: 'Menu' });
const drawer = () => document.querySelector('dialog.side-menu-drawer') as HTMLDialogElement;

describe('the side menu', () => {
  it('greets the user with their photo and leads to the four places of the spec', async () => {
    await renderWithRouter(() => <SideMenu />);
    const column = screen.getByRole('complementary', { name: 'Menu' });
    await waitFor(() => expect(within(column).getByText('Claire')).toBeTruthy());
    expect(column.textContent).toContain('Bonjour Claire');
    expect(column.querySelector('img')?.getAttribute('src')).toBe('/uploads/claire.webp');
    const links = within(column)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Mes villages', '/dashboard/villages'],
      ['Créer un village', '/create/village'],
      ['Rejoindre un village', '/join/village'],
      ['Mon compte', '/account'],
    ]);
  });

  it('opens as a drawer on phones, says so, keeps focus inside and closes with Escape', async () => {
    await renderWithRouter(() => <SideMenu />);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(toggle().getAttribute('aria-controls')).toBe(drawer().id);
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(drawer().open).toBe(true));

    const panel = within(drawer());
    const close = panel.getByRole('button', { name: 'Fermer le menu' });
    const account = panel.getByRole('link', { name: 'Mon compte' });
    await waitFor(() => expect(document.activeElement).toBe(close));
    // Tab from the last control comes back to the first, Shift+Tab from the first goes to the last.
    account.focus();
    fireEvent.keyDown(account, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(account);

    fireEvent.keyDown(account, { key: 'Escape' });
    await waitFor(() => expect(toggle().getAttribute('aria-expanded')).toBe('false'));
    expect(drawer().open).toBe(false);
    expect(document.activeElement).toBe(toggle());
  });

  it('closes when a place is chosen', async () => {
    await renderWithRouter(() => <SideMenu />);
    fireEvent.click(toggle());
    fireEvent.click(await within(drawer()).findByRole('link', { name: 'Rejoindre un village' }));
    await waitFor(() => expect(toggle().getAttribute('aria-expanded')).toBe('false'));
  });
});
