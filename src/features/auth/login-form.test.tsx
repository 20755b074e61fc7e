// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../testing/render-screen';
import { LoginForm, SESSION_EXPIRED_TEXT } from './login-form';
import { answerFetch } from '../../testing/answer-fetch';
import { aUser } from '../../testing/factories';

const user = aUser({ id: 'u1' });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the login form', () => {
  it('says "Ce champ est requis" at both empty fields, ties each message to its field and focuses the first', async () => {
    const onSignedIn = vi.fn();
    await renderWithRouter(() => <LoginForm onSignedIn={onSignedIn} />);
    submit();
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = email.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe('Ce champ est requis');
    expect(screen.getAllByText('Ce champ est requis')).toHaveLength(2);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('says the e-mail is not valid, word for word, and moves focus to it', async () => {
    await renderWithRouter(() => <LoginForm onSignedIn={vi.fn()} />);
    type('Mot de passe', 'secret');
    type('Email', 'alice@');
    submit();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    expect(screen.getByText("L'email n'est pas valide")).toBeTruthy();
    expect(screen.getByLabelText('Mot de passe').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a refusal in French at the form, focused, keeping what was typed', async () => {
    const { fetchMock, requests } = answerFetch({ status: 400, body: { message: 'Email ou mot de passe incorrect.', http_code: 400 } });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(() => <LoginForm onSignedIn={vi.fn()} />);
    type('Email', 'Alice@Example.test');
    type('Mot de passe', 'pas-le-bon');
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Email ou mot de passe incorrect.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('Alice@Example.test');
    expect((screen.getByLabelText('Mot de passe') as HTMLInputElement).value).toBe('pas-le-bon');
    expect(requests[0]).toMatchObject({ method: 'POST', body: { email: 'alice@example.test', password: 'pas-le-bon' } });
  });

  it('says when the network is out, in French', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await renderWithRouter(() => <LoginForm onSignedIn={vi.fn()} />);
    type('Email', 'alice@example.test');
    type('Mot de passe', 'secret');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Pas de connexion pour le moment. Réessayez quand le réseau sera revenu.');
  });

  it('hands the session over once the server accepts', async () => {
    vi.stubGlobal('fetch', answerFetch({ status: 200, body: { data: { token: 'tok', user } } }).fetchMock);
    const onSignedIn = vi.fn(async () => undefined);
    await renderWithRouter(() => <LoginForm onSignedIn={onSignedIn} />);
    type('Email', 'alice@example.test');
    type('Mot de passe', 'secret');
    submit();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ token: 'tok', user }));
  });

  it('says why a user must sign in again after their session expired', async () => {
    await renderWithRouter(() => <LoginForm expired onSignedIn={vi.fn()} />);
    expect(screen.getByText(SESSION_EXPIRED_TEXT)).toBeTruthy();
  });
});
