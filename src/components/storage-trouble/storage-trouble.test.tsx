// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { storageHealth } from '../../db/storage-health';
import { StorageTroubleGate, storageTroubleScreenFor } from './storage-trouble';

afterEach(() => {
  cleanup();
  storageHealth.set(undefined);
});

const page = () => screen.getByText('La page');

describe('the store’s trouble at the root', () => {
  it('shows the page as it is when the store works', () => {
    render(<StorageTroubleGate>La page</StorageTroubleGate>);
    expect(page()).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('takes the page’s place, still mounted and hidden, when the store cannot be opened', async () => {
    render(<StorageTroubleGate>La page</StorageTroubleGate>);
    act(() => storageHealth.set('unavailable'));
    await screen.findByRole('heading', { name: 'Le stockage de cet appareil est inaccessible' });
    expect(screen.getByRole('main').textContent).toMatch(/Quittez la navigation privée/);
    expect(page().closest('[hidden]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeTruthy();
  });

  it('offers no reload while another tab blocks the opening, and gives the page back once it lets go', async () => {
    render(<StorageTroubleGate>La page</StorageTroubleGate>);
    act(() => storageHealth.set('blocked'));
    await screen.findByRole('heading', { name: 'Village est ouvert dans un autre onglet' });
    expect(screen.queryByRole('button')).toBeNull();
    act(() => storageHealth.set(undefined));
    expect(screen.queryByRole('heading')).toBeNull();
    expect(page().closest('[hidden]')).toBeNull();
  });

  it('says above the page that the browser closed the store, the page left in view', async () => {
    render(<StorageTroubleGate>La page</StorageTroubleGate>);
    act(() => storageHealth.set('closed'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Le navigateur a fermé le stockage de Village\./);
    expect(alert.textContent).toMatch(/ont pu être effacées/);
    expect(page().closest('[hidden]')).toBeNull();
  });

  it('reads an error reaching the root: a storage error gets its screen, any other none', async () => {
    expect(storageTroubleScreenFor(new TypeError('x is undefined'))).toBeNull();
    const full = Object.assign(new Error('abort'), { name: 'AbortError', inner: { name: 'QuotaExceededError' } });
    render(storageTroubleScreenFor(full));
    await screen.findByRole('heading', { name: 'Le stockage de cet appareil est plein' });
  });
});
