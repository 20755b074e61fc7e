// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { StrictMode } from 'react';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verificationLinkInvalid } from '../../contract/email-verification';
import { db } from '../../db/database';
import { TOKEN_KEY } from '../../session/token';
import { answerFetch } from '../../testing/answer-fetch';
import { aUser } from '../../testing/factories';
import { renderWithRouter } from '../../testing/render-screen';
import { VerifyEmailPage } from './verify-email-page';

const unverified = aUser({ id: 'u1', email: 'zoe@example.test', email_verified_at: null });
const verified = { ...unverified, email_verified_at: '2026-11-24T08:00:00.000Z' };
const gone = { status: 410, body: { message: verificationLinkInvalid, http_code: 410 } };

// Each test has its own token: a token is posted once per page load (the module remembers it).
let n = 0;
const nextToken = () => `jeton-${(n += 1)}`;
const signIn = async () => {
  localStorage.setItem(TOKEN_KEY, 'session');
  await db.session.put({ key: 'current', token: 'session', userId: unverified.id });
  await db.users.put(unverified);
};

beforeEach(async () => {
  localStorage.clear();
  await db.users.clear();
  await db.session.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the verification link’s page', () => {
  it('signed out: posts the token once, says the address is verified and leads to sign-in', async () => {
    const token = nextToken();
    const { fetchMock, requests } = answerFetch({ status: 204 });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(() => (
      <StrictMode>
        <VerifyEmailPage token={token} />
      </StrictMode>
    ));
    await screen.findByText('Votre adresse e-mail est vérifiée.');
    expect(screen.getByRole('heading', { name: 'Adresse vérifiée' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/auth/login');
    // Even under StrictMode's double effects: a second post would answer 410 for a link that just worked.
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', body: { token } });
    expect(requests[0].url).toMatch(/\/v1\/auth\/verify-email$/);
  });

  it('signed in: the stored user is read again (verified) and the button leads to the villages', async () => {
    await signIn();
    const { fetchMock, requests } = answerFetch({ status: 204 }, { status: 200, body: { data: verified } });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(() => <VerifyEmailPage token={nextToken()} />);
    await screen.findByText('Votre adresse e-mail est vérifiée.');
    expect(screen.getByRole('link', { name: 'Aller à mes villages' }).getAttribute('href')).toBe('/dashboard/villages');
    await waitFor(async () => expect((await db.users.get('u1'))?.email_verified_at).toBe(verified.email_verified_at));
    expect(requests[1].url).toMatch(/\/v1\/users\/me$/);
  });

  it('a dead link signed out: the server’s French message and the way to sign in, no resend', async () => {
    vi.stubGlobal('fetch', answerFetch(gone).fetchMock);
    await renderWithRouter(() => <VerifyEmailPage token={nextToken()} />);
    expect((await screen.findByRole('alert')).textContent).toBe(verificationLinkInvalid);
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Recevoir un nouveau lien' })).toBeNull();
  });

  it('a dead link signed in: offers a new link, and says where it went', async () => {
    await signIn();
    const { fetchMock, requests } = answerFetch(gone, { status: 200, body: { data: unverified } }, { status: 204 });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(() => <VerifyEmailPage token={nextToken()} />);
    expect((await screen.findByRole('alert')).textContent).toBe(verificationLinkInvalid);
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir un nouveau lien' }));
    await screen.findByText("Un nouveau lien vient d'être envoyé à zoe@example.test. Pensez à regarder dans vos courriers indésirables.");
    expect(requests[2]).toMatchObject({ method: 'POST' });
    expect(requests[2].url).toMatch(/\/v1\/users\/me\/email_verification$/);
  });

  it('a link opened again once the address is verified: says it is, rather than offer another', async () => {
    await signIn();
    vi.stubGlobal('fetch', answerFetch(gone, { status: 200, body: { data: verified } }).fetchMock);
    await renderWithRouter(() => <VerifyEmailPage token={nextToken()} />);
    await screen.findByText('Votre adresse e-mail est déjà vérifiée.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offline: says so, keeps the token and posts it when the network is back', async () => {
    const token = nextToken();
    const answers = answerFetch({ status: 204 });
    let offline = true;
    const requests: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(String(init?.body));
      if (offline) throw new TypeError('Failed to fetch');
      return answers.fetchMock(input, init);
    });
    await renderWithRouter(() => <VerifyEmailPage token={token} />);
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Pas de connexion pour le moment\u00a0: votre adresse sera vérifiée dès que le réseau reviendra/,
    );
    offline = false;
    await act(async () => void window.dispatchEvent(new Event('online')));
    await screen.findByText('Votre adresse e-mail est vérifiée.');
    expect(requests).toEqual([JSON.stringify({ token }), JSON.stringify({ token })]);
  });
});
