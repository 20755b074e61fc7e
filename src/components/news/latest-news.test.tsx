// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewsPost } from '../../contract/news';
import { db } from '../../db/database';
import { buildVillage, ID } from '../../testing/nina-village';
import { renderScreen } from '../../testing/render-screen';
import { LatestNews } from './latest-news';

const post = (n: number, body: string): NewsPost => ({
  id: `0190a000-0000-7000-8000-0000000e000${n}`,
  village_id: ID.village,
  author_id: ID.claire,
  author: { id: 'u-claire', first_name: 'Claire', last_name: 'Durand', photo: null },
  body,
  photos: [],
  created_at: `2026-01-0${n}T09:00:00.000Z`,
  updated_at: `2026-01-0${n}T09:00:00.000Z`,
  hearts: n === 4 ? 1 : 0,
  hearted_by_me: false,
  comments: [],
  comments_count: n === 4 ? 2 : 0,
});

beforeEach(async () => {
  await buildVillage('hugo');
  // No network: the latest news come from the device.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('offline'))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the latest news of a village', () => {
  it('shows the three newest posts kept on the device, newest first, and links the whole journal', async () => {
    await db.news.bulkPut([post(1, 'Première'), post(2, 'Deuxième'), post(3, 'Troisième'), post(4, 'Quatrième')]);
    await renderScreen(() => <LatestNews villageId={ID.village} />);
    const section = screen.getByRole('region', { name: 'Dernières nouvelles' });
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(3));
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.latest-news-body')?.textContent),
    ).toEqual(['Quatrième', 'Troisième', 'Deuxième']);
    expect(within(section).getAllByRole('listitem')[0].textContent).toContain('1 cœur · 2 commentaires');
    expect(within(section).getByRole('link', { name: 'Toutes les nouvelles' }).getAttribute('href')).toBe(
      `/dashboard/villages/${ID.village}/news`,
    );
  });

  it('says when there is no news yet', async () => {
    await renderScreen(() => <LatestNews villageId={ID.village} />);
    await screen.findByText('Aucune nouvelle pour le moment.');
  });
});
