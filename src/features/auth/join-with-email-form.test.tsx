// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../testing/render-screen';
import { answerFetch } from '../../testing/answer-fetch';
import { aUser } from '../../testing/factories';
import { JoinWithEmailForm } from './join-with-email-form';
import { JoinSignIn } from './join-sign-in';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Rejoindre le village' }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const messageOf = (label: string) => {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return document.getElementById(ids.at(-1) ?? '')?.textContent;
};
const fillValid = () => {
  type('Prénom', 'Alice');
  type('Nom', 'Martin');
  type('E-mail', ' Alice@Example.test ');
};

describe('the join-with-e-mail form', () => {
  it('asks only a first name, a name and an e-mail, and registers without a password', async () => {
    const session = { token: 'tok', user: aUser({ has_password: false }) };
    const { fetchMock, requests } = answerFetch({ status: 201, body: { data: session } });
    vi.stubGlobal('fetch', fetchMock);
    const onSignedIn = vi.fn(async () => {});
    await renderWithRouter(() => <JoinWithEmailForm onSignedIn={onSignedIn} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Rejoindre avec mon e-mail');
    expect(screen.queryByLabelText(/mot de passe/i)).toBeNull();
    fillValid();
    submit();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(requests).toHaveLength(1);
    expect(requests[0].method).toBe('POST');
    expect(requests[0].url).toMatch(/\/v1\/auth\/register$/);
    expect(requests[0].body).toEqual({ first_name: 'Alice', last_name: 'Martin', email: 'alice@example.test' });
    expect(onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ token: 'tok' }));
  });

  it('says the French messages at each field and focuses the first one, sending nothing', async () => {
    const { fetchMock, requests } = answerFetch();
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(() => <JoinWithEmailForm onSignedIn={vi.fn()} />);
    type('Nom', 'x'.repeat(101));
    type('E-mail', 'pas-un-email');
    submit();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Prénom')));
    expect(screen.getByLabelText('Prénom').getAttribute('aria-invalid')).toBe('true');
    expect(messageOf('Prénom')).toBe('Ce champ est requis');
    expect(messageOf('Nom')).toBe('Ce champs doit contenir 100 caractères maximum');
    expect(messageOf('E-mail')).toBe("L'email n'est pas valide");
    expect(requests).toHaveLength(0);
  });

  it('puts a taken address at the e-mail field', async () => {
    const taken = 'Un compte existe déjà avec cet email';
    const answer = { message: 'Certaines informations ne sont pas valides.', http_code: 422, errors: [{ field: 'email', message: taken }] };
    vi.stubGlobal('fetch', answerFetch({ status: 422, body: answer }).fetchMock);
    await renderWithRouter(() => <JoinWithEmailForm onSignedIn={vi.fn()} />);
    fillValid();
    submit();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('E-mail')));
    expect(messageOf('E-mail')).toBe(taken);
  });

  it('offline, says in French that the network is needed and keeps what was typed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const onSignedIn = vi.fn();
    await renderWithRouter(() => <JoinWithEmailForm onSignedIn={onSignedIn} />);
    fillValid();
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Pas de connexion pour le moment. Réessayez quand le réseau sera revenu.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect((screen.getByLabelText('Prénom') as HTMLInputElement).value).toBe('Alice');
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});

describe('the sign-in page of a join link', () => {
  it('leads with joining by e-mail; « J’ai déjà un compte » opens the sign-in and focuses it, and back', async () => {
    await renderWithRouter(() => <JoinSignIn redirect="/join/village?c=ABCD2345&rli=jv" onSignedIn={vi.fn()} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Rejoindre avec mon e-mail');
    const register = screen.getByRole('link', { name: 'Créer un compte' });
    expect(register.getAttribute('href')).toContain('/auth/register?redirect=');
    fireEvent.click(screen.getByRole('button', { name: "J'ai déjà un compte" }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Connexion'));
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    fireEvent.click(screen.getByRole('button', { name: 'Rejoindre avec mon e-mail, sans mot de passe' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Prénom')));
  });
});
