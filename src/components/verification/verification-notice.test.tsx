// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alreadyVerified, verificationMailTooSoon } from '../../contract/email-verification';
import { db } from '../../db/database';
import { onlineStatus } from '../../pwa/online-status';
import { TOKEN_KEY } from '../../session/token';
import { answerFetch } from '../../testing/answer-fetch';
import { aUser } from '../../testing/factories';
import { renderWithRouter } from '../../testing/render-screen';
import { VerificationNotice } from './verification-notice';
import { asRead } from '../../testing/as-read';

const unverified = aUser({ id: 'u1', email: 'zoe@example.test', email_verified_at: null });
const resend = () => fireEvent.click(screen.getByRole('button', { name: 'Renvoyer le lien' }));

beforeEach(async () => {
  localStorage.clear();
  await db.users.clear();
  onlineStatus.set(true);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the account’s verification notice', () => {
  it('shows nothing once the address is verified', async () => {
    await renderWithRouter(() => <VerificationNotice user={aUser()} />);
    expect(screen.queryByText(/Vérifiez votre adresse e-mail/)).toBeNull();
  });

  it('names the address and mails a new link on request, said in a status', async () => {
    const { fetchMock, requests } = answerFetch({ status: 204 });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(() => <VerificationNotice user={unverified} />);
    expect(screen.getByRole('heading', { name: 'Adresse e-mail à vérifier' })).toBeTruthy();
    expect(screen.getByText('Vérifiez votre adresse e-mail : nous avons envoyé un lien à zoe@example.test.')).toBeTruthy();
    resend();
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        "Un nouveau lien vient d'être envoyé à zoe@example.test. Pensez à regarder dans vos courriers indésirables.",
      ),
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST' });
    expect(requests[0].url).toMatch(/\/v1\/users\/me\/email_verification$/);
  });

  it('offline: says a link can only be sent online, and sends nothing', async () => {
    const { fetchMock, requests } = answerFetch({ status: 204 });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(() => <VerificationNotice user={unverified} />);
    act(() => void onlineStatus.set(false));
    const offline = 'Pas de connexion pour le moment\u00a0: le lien pourra être renvoyé quand le réseau sera revenu.';
    expect(screen.getByText(asRead(offline))).toBeTruthy();
    resend();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(offline));
    expect(requests).toHaveLength(0);
  });

  it('too soon: the server’s French message', async () => {
    vi.stubGlobal('fetch', answerFetch({ status: 429, body: { message: verificationMailTooSoon, http_code: 429 } }).fetchMock);
    await renderWithRouter(() => <VerificationNotice user={unverified} />);
    resend();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(verificationMailTooSoon));
  });

  it('reads the user again when shown, so a link opened on another device clears it', async () => {
    localStorage.setItem(TOKEN_KEY, 'session');
    const verified = { ...unverified, email_verified_at: '2026-11-24T08:00:00.000Z' };
    const { fetchMock, requests } = answerFetch({ status: 200, body: { data: verified } });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(() => <VerificationNotice user={unverified} />);
    await waitFor(async () => expect((await db.users.get('u1'))?.email_verified_at).toBe(verified.email_verified_at));
    expect(requests[0].url).toMatch(/\/v1\/users\/me$/);
  });

  it('already verified elsewhere (409): the stored user is read again and the notice says so', async () => {
    localStorage.setItem(TOKEN_KEY, 'session');
    const verified = { ...unverified, email_verified_at: '2026-11-24T08:00:00.000Z' };
    // The refresh on mount still finds it unverified; the 409 comes after the other device's click.
    vi.stubGlobal(
      'fetch',
      answerFetch(
        { status: 200, body: { data: unverified } },
        { status: 409, body: { message: alreadyVerified, http_code: 409 } },
        { status: 200, body: { data: verified } },
      ).fetchMock,
    );
    await renderWithRouter(() => <VerificationNotice user={unverified} />);
    await waitFor(async () => expect(await db.users.get('u1')).toEqual(unverified));
    resend();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(alreadyVerified));
    await waitFor(async () => expect((await db.users.get('u1'))?.email_verified_at).toBe(verified.email_verified_at));
  });
});
