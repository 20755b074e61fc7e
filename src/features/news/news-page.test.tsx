// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewsPost } from '../../contract/news';
import { db } from '../../db/database';
import { buildVillage, ID } from '../../testing/nina-village';
import { renderScreen } from '../../testing/render-screen';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';
import { NewsPage } from './news-page';

await provideAppMutationKinds();
vi.mock('../../outbox/page-replayer', () => ({ requestReplay: vi.fn(async () => 'sync-registered') }));

const POST: NewsPost = {
  id: '0190a000-0000-7000-8000-0000000e0001',
  village_id: ID.village,
  author_id: ID.claire,
  author: { id: 'u-claire', first_name: 'Claire', last_name: 'Durand', photo: null },
  body: 'Nina rentre jeudi.',
  photos: [],
  created_at: '2026-01-05T09:00:00.000Z',
  updated_at: '2026-01-05T09:00:00.000Z',
  hearts: 0,
  hearted_by_me: false,
  comments: [],
  comments_count: 0,
};

beforeEach(() => {
  // No network: the journal shows and writes what the device holds.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('offline'))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the journal of a village', () => {
  it('lets a helper read and heart a post with no network, but not post', async () => {
    await buildVillage('hugo');
    await db.news.put(POST);
    await renderScreen(() => <NewsPage villageId={ID.village} />);
    const post = await screen.findByRole('article', { name: /^Claire Durand/ });
    expect(within(post).getByText('Nina rentre jeudi.')).toBeTruthy();
    expect(screen.queryByLabelText('Votre nouvelle')).toBeNull();
    // The heart waits for the device to know who I am in this village (useMyVillager), read after the posts.
    const heart = await within(post).findByRole('button', { name: "J'aime" });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    expect(within(post).getByText('1 cœur')).toBeTruthy();
    expect((await db.outbox.toArray()).map((entry) => entry.kind)).toEqual(['heart-news']);
  });

  it('lets an organiser post, shows the post as waiting, then as refused with the server’s French message', async () => {
    await buildVillage('claire');
    await renderScreen(() => <NewsPage villageId={ID.village} />);
    fireEvent.change(await screen.findByLabelText('Votre nouvelle'), { target: { value: 'Opération réussie.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publier' }));
    const mine = await screen.findByRole('article', { name: /^Vous/ });
    await within(mine).findByText(/En attente d'envoi/);
    const [entry] = await db.outbox.toArray();
    await db.outbox.update(entry.seq!, { status: 'failed', failure: { status: 403, message: 'Seules les personnes qui organisent…' } });
    await within(mine).findByText('Non publiée : Seules les personnes qui organisent…');
  });

  it('lets an organiser change a post’s text in place, offline too, and keeps it to send', async () => {
    await buildVillage('claire');
    await db.news.put({ ...POST, author_id: ID.claire });
    await renderScreen(() => <NewsPage villageId={ID.village} />);
    const post = await screen.findByRole('article', { name: /^Vous/ });
    fireEvent.click(await within(post).findByRole('button', { name: 'Modifier la nouvelle de vous' }));
    const field = within(post).getByLabelText('Texte de la nouvelle');
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(within(post).getByRole('button', { name: 'Enregistrer' }));
    await within(post).findByText('Ce champ est requis');
    fireEvent.change(field, { target: { value: 'Nina rentre vendredi.' } });
    fireEvent.click(within(post).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(within(post).queryByLabelText('Texte de la nouvelle')).toBeNull());
    await within(post).findByText('Nina rentre vendredi.');
    expect(within(post).getByText(/modifiée/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Modifier'));
    const [entry] = await db.outbox.toArray();
    expect(entry.kind).toBe('edit-news');
    expect(entry.payload).toMatchObject({ news_id: POST.id, input: { updater_id: ID.claire, body: 'Nina rentre vendredi.' } });
  });
});
