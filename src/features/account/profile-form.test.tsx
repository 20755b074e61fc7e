// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../testing/render-screen';
import { db } from '../../db/database';
import { toastStore } from '../../state/toasts';
import { ProfileForm } from './profile-form';
import { answerFetch } from '../../testing/answer-fetch';
import { aUser } from '../../testing/factories';

const user = aUser({ id: 'u1' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

describe('the profile form', () => {
  it('starts from the saved values and gives the spec’s messages at the fields', async () => {
    await renderWithRouter(() => <ProfileForm user={user} />);
    expect((screen.getByLabelText('Prénom') as HTMLInputElement).value).toBe('Alice');
    type('Nom', '');
    type('Téléphone', '06 12 ab');
    save();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Nom')));
    expect(screen.getByText('Ce champ est requis')).toBeTruthy();
    expect(screen.getByText('Le champs doit être un chiffre')).toBeTruthy();
  });

  it('says a number too short or that cannot exist, and sends nothing', async () => {
    const { fetchMock, requests } = answerFetch({ status: 200, body: { data: user } });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(() => <ProfileForm user={user} />);
    type('Téléphone', '06-12');
    save();
    expect(await screen.findByText('Le numéro de téléphone est trop court')).toBeTruthy();
    type('Téléphone', '+33 0 12 34 56 78');
    save();
    expect(await screen.findByText("Ce numéro de téléphone n'existe pas")).toBeTruthy();
    expect((screen.getByLabelText('Téléphone') as HTMLInputElement).value).toBe('+33 0 12 34 56 78');
    expect(requests).toEqual([]);
  });

  it('shows the number kept in the national format, an older one kept as digits too', async () => {
    await renderWithRouter(() => <ProfileForm user={{ ...user, phone: '+33612345678' }} />);
    expect((screen.getByLabelText('Téléphone') as HTMLInputElement).value).toBe('06 12 34 56 78');
    cleanup();
    await renderWithRouter(() => <ProfileForm user={{ ...user, phone: '0612345678' }} />);
    expect((screen.getByLabelText('Téléphone') as HTMLInputElement).value).toBe('06 12 34 56 78');
  });

  it('maps the server’s 422 to the e-mail field', async () => {
    const taken = 'Un compte existe déjà avec cet email';
    vi.stubGlobal(
      'fetch',
      answerFetch({
        status: 422,
        body: { message: 'Certaines informations ne sont pas valides.', http_code: 422, errors: [{ field: 'email', message: taken }] },
      }).fetchMock,
    );
    await renderWithRouter(() => <ProfileForm user={user} />);
    type('Email', 'bob@example.test');
    save();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    expect(screen.getByText(taken)).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('bob@example.test');
  });

  it('saves, keeps the answer locally and says so with the spec’s toast', async () => {
    const saved = { ...user, first_name: 'Alicia', phone: '+33612345678' };
    const { fetchMock, requests } = answerFetch({ status: 200, body: { data: saved } });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(() => <ProfileForm user={user} />);
    type('Prénom', 'Alicia');
    type('Téléphone', '06 12 34 56 78');
    save();
    await waitFor(() => expect(toastStore.get().at(-1)?.text).toBe('Vos modifications ont bien été enregistrées.'));
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      body: { first_name: 'Alicia', last_name: 'Martin', email: 'alice@example.test', phone: '+33612345678' },
    });
    expect(requests[0].url).toMatch(/\/v1\/users\/u1$/);
    expect(await db.users.get('u1')).toEqual(saved);
  });

  it('after a change of address, says a verification link went to the new one', async () => {
    const saved = { ...user, email: 'alice.nouvelle@example.test', email_verified_at: null };
    vi.stubGlobal('fetch', answerFetch({ status: 200, body: { data: saved } }).fetchMock);
    await renderWithRouter(() => <ProfileForm user={user} />);
    type('Email', 'alice.nouvelle@example.test');
    save();
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Un lien de vérification a été envoyé à alice.nouvelle@example.test\u00a0: ouvrez-le pour confirmer votre nouvelle adresse.',
      ),
    );
  });
});
