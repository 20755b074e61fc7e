// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../testing/render-screen';
import { db } from '../../db/database';
import { toastStore } from '../../state/toasts';
import { answerFetch } from '../../testing/answer-fetch';
import { aUser } from '../../testing/factories';
import { AddPassword } from './add-password';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const open = () => fireEvent.click(screen.getByRole('button', { name: 'Ajouter un mot de passe' }));
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));

describe('adding a password from Mon compte', () => {
  it('is not offered to an account that has a password', async () => {
    await renderWithRouter(() => <AddPassword user={aUser({ has_password: true })} />);
    expect(screen.queryByRole('button', { name: 'Ajouter un mot de passe' })).toBeNull();
  });

  it('opens a form focused on its first field, checks it in French and sends nothing when wrong', async () => {
    const { fetchMock, requests } = answerFetch();
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(() => <AddPassword user={aUser({ has_password: false })} />);
    open();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Mot de passe')));
    type('Mot de passe', 'court');
    type('Confirmez le mot de passe', 'autre');
    save();
    expect(await screen.findByText('Ce champ doit contenir au moins 8 caractères')).toBeTruthy();
    expect(screen.getByLabelText('Mot de passe').getAttribute('aria-invalid')).toBe('true');
    type('Mot de passe', 'assez-long-secret');
    save();
    expect(await screen.findByText('Les mots de passe ne correspondent pas')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('sends the new password with no current one, keeps the user as having one and says so', async () => {
    const user = aUser({ id: 'u-add', has_password: false });
    await db.users.put(user);
    const { fetchMock, requests } = answerFetch({ status: 204 });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(() => <AddPassword user={user} />);
    open();
    type('Mot de passe', 'assez-long-secret');
    type('Confirmez le mot de passe', 'assez-long-secret');
    save();
    await waitFor(() => expect(toastStore.get().at(-1)?.text).toBe('Votre mot de passe a bien été enregistré.'));
    expect(requests).toEqual([
      {
        url: expect.stringMatching(/\/v1\/users\/me\/password$/),
        method: 'POST',
        body: { new_password: 'assez-long-secret', new_password_confirmation: 'assez-long-secret' },
      },
    ]);
    expect((await db.users.get('u-add'))?.has_password).toBe(true);
  });

  it('says a refusal in French at the form', async () => {
    const message = 'Votre compte a déjà un mot de passe. Pour le changer, utilisez « Mot de passe oublié ? » sur la page de connexion.';
    vi.stubGlobal('fetch', answerFetch({ status: 409, body: { message, http_code: 409 } }).fetchMock);
    await renderWithRouter(() => <AddPassword user={aUser({ has_password: false })} />);
    open();
    type('Mot de passe', 'assez-long-secret');
    type('Confirmez le mot de passe', 'assez-long-secret');
    save();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });
});
