// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../testing/render-screen';
import { RequestResetForm, RESET_REQUESTED_TEXT } from './request-reset-form';
import { answerFetch } from '../../testing/answer-fetch';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('asking for a password reset', () => {
  it('checks the e-mail first, with the spec’s message', async () => {
    await renderWithRouter(() => <RequestResetForm />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'pas un email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir le lien' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    expect(screen.getByText("L'email n'est pas valide")).toBeTruthy();
  });

  it('confirms with the same French sentence whatever the address', async () => {
    const { fetchMock, requests } = answerFetch({ status: 204 });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(() => <RequestResetForm />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'quelquun@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir le lien' }));
    expect((await screen.findByRole('status')).textContent).toBe(RESET_REQUESTED_TEXT);
    expect(requests[0]).toMatchObject({ method: 'POST', body: { email: 'quelquun@example.test' } });
  });
});
