// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../testing/render-screen';
import { RegisterForm } from './register-form';
import { answerFetch } from '../../testing/answer-fetch';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const fillValid = () => {
  type('Prénom', 'Alice');
  type('Nom', 'Martin');
  type('Email', 'alice@example.test');
  type('Mot de passe', 'motdepasse');
};

describe('the register form', () => {
  it('gives the spec’s messages word for word and focuses the first field in error', async () => {
    await renderWithRouter(() => <RegisterForm onSignedIn={vi.fn()} />);
    type('Nom', 'x'.repeat(101));
    type('Mot de passe', 'court');
    submit();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Prénom')));
    const messageOf = (label: string) => {
      const ids = screen.getByLabelText(label).getAttribute('aria-describedby')!.split(' ');
      return document.getElementById(ids.at(-1)!)?.textContent;
    };
    expect(messageOf('Prénom')).toBe('Ce champ est requis');
    expect(messageOf('Nom')).toBe('Ce champs doit contenir 100 caractères maximum');
    expect(messageOf('Email')).toBe('Ce champ est requis');
    expect(messageOf('Mot de passe')).toBe('Ce champ doit contenir au moins 8 caractères');
  });

  it('clears a message as soon as the field is corrected, without moving focus', async () => {
    await renderWithRouter(() => <RegisterForm onSignedIn={vi.fn()} />);
    submit();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Prénom')));
    type('Email', 'alice@example.test');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('Prénom').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Prénom'));
  });

  it('puts the server’s 422 message at its field and focuses it, keeping every value', async () => {
    const taken = 'Un compte existe déjà avec cet email';
    vi.stubGlobal(
      'fetch',
      answerFetch({
        status: 422,
        body: { message: 'Certaines informations ne sont pas valides.', http_code: 422, errors: [{ field: 'email', message: taken }] },
      }).fetchMock,
    );
    await renderWithRouter(() => <RegisterForm onSignedIn={vi.fn()} />);
    fillValid();
    submit();
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(taken);
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('Prénom') as HTMLInputElement).value).toBe('Alice');
    expect((screen.getByLabelText('Mot de passe') as HTMLInputElement).value).toBe('motdepasse');
  });

  it('says at the form a 422 about a field it does not show', async () => {
    vi.stubGlobal(
      'fetch',
      answerFetch({
        status: 422,
        body: {
          message: 'Certaines informations ne sont pas valides.',
          http_code: 422,
          errors: [{ field: 'Idempotency-Key', message: 'Clé refusée' }],
        },
      }).fetchMock,
    );
    await renderWithRouter(() => <RegisterForm onSignedIn={vi.fn()} />);
    fillValid();
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Clé refusée');
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });

  it('shows a server failure in French without losing what was typed', async () => {
    vi.stubGlobal('fetch', answerFetch({ status: 503, body: { message: 'Service indisponible, réessayez.', http_code: 503 } }).fetchMock);
    await renderWithRouter(() => <RegisterForm onSignedIn={vi.fn()} />);
    fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Service indisponible, réessayez.');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('alice@example.test');
  });
});
