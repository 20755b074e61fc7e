// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithRouter } from '../testing/render-screen';
import { LOST_VILLAGE } from './lost-village';
import { NotFound } from './not-found';

afterEach(cleanup);

describe('the 404 page', () => {
  it('says in French that a village left this device, with the way to the user’s villages', async () => {
    await renderWithRouter(() => <NotFound data={LOST_VILLAGE} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Village indisponible');
    expect(screen.getByText('Vous ne faites plus partie de ce village : il a été retiré de cet appareil.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mes villages' }).getAttribute('href')).toBe('/dashboard/villages');
    expect(document.body.textContent).not.toContain('Page Not Found');
  });

  it('keeps the spec’s text for an unknown address', async () => {
    await renderWithRouter(() => <NotFound />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found /');
  });
});
