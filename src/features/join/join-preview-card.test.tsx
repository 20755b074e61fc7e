// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../testing/answer-fetch';
import { JoinLinkPreview } from './join-link-preview';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a join link's preview on the sign-in pages", () => {
  it('names who invites when the link is an invitation, asking with its token', async () => {
    const { fetchMock, requests } = answerFetch({
      status: 200,
      body: { data: { village_name: 'Le village de Jeanne', first_name: 'Jeanne', photo: null, inviter_first_name: 'Claire' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    render(<JoinLinkPreview redirect="/join/village?c=ABCD2345&rli=inv&i=jeton_42" />);
    expect((await screen.findByText(/vous invite/)).textContent).toBe('Claire vous invite à rejoindre «\u00a0Le village de Jeanne\u00a0»');
    const asked = new URL(requests[0].url);
    expect(asked.pathname).toBe('/v1/villages/join/preview');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ c: 'ABCD2345', i: 'jeton_42' });
  });

  it('says "Vous êtes invité·e" for a plain join link', async () => {
    const { fetchMock, requests } = answerFetch({
      status: 200,
      body: { data: { village_name: 'Le village de Jeanne', first_name: 'Jeanne', photo: null } },
    });
    vi.stubGlobal('fetch', fetchMock);
    render(<JoinLinkPreview redirect="/join/village?c=ABCD2345&rli=jv" />);
    expect((await screen.findByText(/invité·e/)).textContent).toBe('Vous êtes invité·e à rejoindre «\u00a0Le village de Jeanne\u00a0»');
    expect(new URL(requests[0].url).searchParams.has('i')).toBe(false);
  });

  it("keeps the card's space while the server is asked, and gives it back when the code is unknown", async () => {
    let answer!: (response: Response) => void;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const { container } = render(<JoinLinkPreview redirect="/join/village?c=ABCD2345&rli=jv" />);
    await waitFor(() => expect(answer).toBeDefined());
    const space = container.querySelector('.join-preview-space');
    expect(space?.getAttribute('aria-hidden')).toBe('true');
    expect(space?.textContent).toBe('');
    answer(new Response(JSON.stringify({ message: 'Ce code ne correspond à aucun village.', http_code: 404 }), { status: 404 }));
    await waitFor(() => expect(container.querySelector('.join-preview')).toBeNull());
  });
});
