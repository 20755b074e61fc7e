// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onlineStatus } from '../../pwa/online-status';
import { answerFetch } from '../../testing/answer-fetch';
import { renderWithRouter } from '../../testing/render-screen';
import { OFFLINE_UNSUBSCRIBE_TEXT, UnsubscribePage } from './unsubscribe-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  onlineStatus.set(true);
});

const TOKEN = 'AZMzRFVmd4iZqrvM3e7_AAPf2Jm1uQRy3SzjzqXVVsiA';
const unsubscribe = () => fireEvent.click(screen.getByRole('button', { name: 'Me désinscrire' }));

describe('the unsubscribe page', () => {
  it('asks first, then posts the token without a session and names the kind turned off', async () => {
    const { fetchMock, requests } = answerFetch({ status: 200, body: { data: { kind: 'reminders' } } });
    const spy = vi.fn(fetchMock);
    vi.stubGlobal('fetch', spy);
    await renderWithRouter(() => <UnsubscribePage token={TOKEN} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Ne plus recevoir ces e-mails\u00a0?' })).toBeTruthy();
    // Opening the page changes nothing: mail scanners open links too.
    expect(requests).toHaveLength(0);

    unsubscribe();
    expect((await screen.findByRole('status')).textContent).toBe(
      "C'est fait\u00a0: vous ne recevrez plus les e-mails «\u00a0Rappels\u00a0».",
    );
    expect(requests).toHaveLength(1);
    expect(requests[0].method).toBe('POST');
    expect(new URL(requests[0].url).pathname).toBe(`/v1/mail/unsubscribe/${TOKEN}`);
    const headers = new Headers(spy.mock.calls[0][1]?.headers);
    expect(headers.get('Authorization')).toBeNull();
    expect(screen.getByRole('link', { name: 'Choisir ce que vous recevez' }).getAttribute('href')).toBe('/account/notifications');
  });

  it('says in French that a link is not valid', async () => {
    const message = "Ce lien de désinscription n'est pas valable.";
    vi.stubGlobal('fetch', answerFetch({ status: 404, body: { message, http_code: 404 } }).fetchMock);
    await renderWithRouter(() => <UnsubscribePage token="garbage" />);
    unsubscribe();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('button', { name: 'Me désinscrire' })).toBeNull();
  });

  it('offline, says so and keeps the button for later', async () => {
    const { fetchMock, requests } = answerFetch({ status: 200, body: { data: { kind: 'chat' } } });
    vi.stubGlobal('fetch', fetchMock);
    onlineStatus.set(false);
    await renderWithRouter(() => <UnsubscribePage token={TOKEN} />);
    unsubscribe();
    expect((await screen.findByRole('alert')).textContent).toBe(OFFLINE_UNSUBSCRIBE_TEXT);
    expect(requests).toHaveLength(0);

    onlineStatus.set(true);
    unsubscribe();
    expect((await screen.findByRole('status')).textContent).toBe(
      "C'est fait\u00a0: vous ne recevrez plus les e-mails «\u00a0Discussion\u00a0».",
    );
  });

  it('a lost connection on the way: says so and keeps the button', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await renderWithRouter(() => <UnsubscribePage token={TOKEN} />);
    unsubscribe();
    expect((await screen.findByRole('alert')).textContent).toBe(OFFLINE_UNSUBSCRIBE_TEXT);
    expect(screen.getByRole('button', { name: 'Me désinscrire' })).toBeTruthy();
  });
});
