// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { onlineStatus } from '../../pwa/online-status';
import { answerFetch } from '../../testing/answer-fetch';
import { aUser } from '../../testing/factories';
import { renderWithRouter } from '../../testing/render-screen';
import { SlotNotePrompt } from './slot-note-prompt';

const WAITING = 'Vous recevrez la confirmation et le rappel par e-mail une fois votre adresse confirmée.';

const showPrompt = () =>
  renderWithRouter(() => (
    <SlotNotePrompt villageId="v1" helpId="h1" helperId="vr1" slotLabel="mercredi 17 mars, 19 h" onDone={() => undefined} />
  ));

beforeEach(async () => {
  await db.users.clear();
  onlineStatus.set(true);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the sheet after taking a slot', () => {
  it('says, while the address is unverified, that the confirmation and reminder wait for it, and mails a new link', async () => {
    await db.users.put(aUser({ id: 'u1', email: 'zoe@example.test', email_verified_at: null }));
    const { fetchMock, requests } = answerFetch({ status: 204 });
    vi.stubGlobal('fetch', fetchMock);
    await showPrompt();
    expect(screen.getByRole('heading', { name: 'C’est noté\u00a0: vous y allez, mercredi 17 mars, 19 h.' })).toBeTruthy();
    expect(await screen.findByText(WAITING)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Renvoyer le lien' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(/^Un nouveau lien vient d'être envoyé à zoe@example\.test\./),
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST' });
    expect(requests[0].url).toMatch(/\/v1\/users\/me\/email_verification$/);
  });

  it('says nothing of it once the address is verified', async () => {
    await db.users.put(aUser({ id: 'u1', email: 'zoe@example.test' }));
    await showPrompt();
    expect(screen.getByRole('heading', { name: 'C’est noté\u00a0: vous y allez, mercredi 17 mars, 19 h.' })).toBeTruthy();
    // The stored user is read asynchronously: given the time to appear, the sentence still does not.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(WAITING)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Renvoyer le lien' })).toBeNull();
  });
});
