// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { StrictMode } from 'react';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInLinkInvalid, signInLinkOffline } from '../../contract/sign-in-link';
import { db } from '../../db/database';
import { BOOTSTRAP_PATH } from '../../session/bootstrap-path';
import { RETURN_TO_KEY, TOKEN_KEY } from '../../session/token';
import { answerFetch } from '../../testing/answer-fetch';
import { aUser } from '../../testing/factories';
import { renderScreen } from '../../testing/render-screen';
import { SignInLinkPage } from './sign-in-link-page';

const lina = aUser({ id: 'u1', email: 'lina@example.test' });
const session = { status: 200, body: { data: { token: 'nouvelle-session', user: lina } } };
const gone = { status: 410, body: { message: signInLinkInvalid, http_code: 410 } };

// Each test has its own token: a token is posted once per page load (the module remembers it).
let n = 0;
const nextToken = () => `lien-${(n += 1)}`;

beforeEach(async () => {
  localStorage.clear();
  await db.users.clear();
  await db.session.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the sign-in link’s page', () => {
  it('posts the token once, keeps the session as a login does and goes through the bootstrap page', async () => {
    const token = nextToken();
    const { fetchMock, requests } = answerFetch(session);
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderScreen(() => (
      <StrictMode>
        <SignInLinkPage token={token} redirect="/account" />
      </StrictMode>
    ));
    await waitFor(() => expect(router.state.location.pathname).toBe(BOOTSTRAP_PATH));
    expect(localStorage.getItem(TOKEN_KEY)).toBe('nouvelle-session');
    expect(localStorage.getItem(RETURN_TO_KEY)).toBe('/account');
    expect((await db.users.get('u1'))?.email).toBe('lina@example.test');
    // Even under StrictMode's double effects: a second post would answer 410 for a link that just worked.
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', body: { token } });
    expect(requests[0].url).toMatch(/\/v1\/auth\/sign-in-link\/redeem$/);
  });

  it('never goes back to an address elsewhere', async () => {
    vi.stubGlobal('fetch', answerFetch(session).fetchMock);
    const { router } = await renderScreen(() => <SignInLinkPage token={nextToken()} redirect="//ailleurs.example/" />);
    await waitFor(() => expect(router.state.location.pathname).toBe(BOOTSTRAP_PATH));
    expect(localStorage.getItem(RETURN_TO_KEY)).toBe('/');
  });

  it('a used or expired link: the server’s French message and a way to get another', async () => {
    vi.stubGlobal('fetch', answerFetch(gone).fetchMock);
    await renderScreen(() => <SignInLinkPage token={nextToken()} />);
    expect((await screen.findByRole('alert')).textContent).toBe(signInLinkInvalid);
    expect(screen.getByRole('link', { name: 'Recevoir un nouveau lien' }).getAttribute('href')).toBe('/auth/link');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('offline: says the link needs the network, retries on demand, and signs in when it is back', async () => {
    const token = nextToken();
    const answers = answerFetch(session);
    let offline = true;
    const bodies: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(String(init?.body));
      if (offline) throw new TypeError('Failed to fetch');
      return answers.fetchMock(input, init);
    });
    const { router } = await renderScreen(() => <SignInLinkPage token={token} />);
    expect((await screen.findByRole('alert')).textContent).toBe(signInLinkOffline);
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect((await screen.findByRole('alert')).textContent).toBe(signInLinkOffline);
    offline = false;
    await act(async () => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(router.state.location.pathname).toBe(BOOTSTRAP_PATH));
    expect(bodies).toEqual([JSON.stringify({ token }), JSON.stringify({ token }), JSON.stringify({ token })]);
  });
});
