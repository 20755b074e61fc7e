// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../testing/render-screen';
import { ChangePasswordForm } from './change-password-form';
import { BAD_TOKEN_TEXT, ResetPasswordPage } from './reset-password-page';
import { answerFetch } from '../../testing/answer-fetch';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));

describe('choosing a new password', () => {
  it('asks for 8 characters, then for the same password twice, focusing the field in error', async () => {
    await renderWithRouter(() => <ChangePasswordForm token="t" onChanged={vi.fn()} onBadToken={vi.fn()} />);
    type('Nouveau mot de passe', 'court');
    submit();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Nouveau mot de passe')));
    expect(screen.getByText('Ce champ doit contenir au moins 8 caractères')).toBeTruthy();
    expect(screen.getByText('Ce champ est requis')).toBeTruthy();

    type('Nouveau mot de passe', 'assez-long');
    type('Confirmez le mot de passe', 'autre-chose');
    submit();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Confirmez le mot de passe')));
    expect(screen.getByText('Les mots de passe ne correspondent pas')).toBeTruthy();
  });

  it('sends the token with both passwords', async () => {
    const { fetchMock, requests } = answerFetch({ status: 204 });
    vi.stubGlobal('fetch', fetchMock);
    const onChanged = vi.fn();
    await renderWithRouter(() => <ChangePasswordForm token="jeton" onChanged={onChanged} onBadToken={vi.fn()} />);
    type('Nouveau mot de passe', 'assez-long');
    type('Confirmez le mot de passe', 'assez-long');
    submit();
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      body: { token: 'jeton', new_password: 'assez-long', new_password_confirmation: 'assez-long' },
    });
  });

  it('says clearly that a dead link is dead and offers to ask for a new one', async () => {
    vi.stubGlobal('fetch', answerFetch({ status: 400, body: { message: BAD_TOKEN_TEXT, http_code: 400 } }).fetchMock);
    await renderWithRouter(() => <ResetPasswordPage token="perime" />);
    expect((await screen.findByRole('alert')).textContent).toBe(BAD_TOKEN_TEXT);
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' }).getAttribute('href')).toBe('/auth/reset-password');
  });

  it('shows the form only once the link is known to be good', async () => {
    const { fetchMock, requests } = answerFetch({ status: 204 });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(() => <ResetPasswordPage token="bon" />);
    await screen.findByLabelText('Nouveau mot de passe');
    expect(requests[0]).toMatchObject({ method: 'POST', body: { token: 'bon' } });
    expect(requests[0].url).toMatch(/\/v1\/auth\/check-reset-password-token$/);
  });
});
