// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AnalyticsConsentPrompt } from './analytics-consent-prompt';
import { AnalyticsConsentChoice } from './analytics-consent-choice';
import { LazyAnalyticsConsentPrompt } from './lazy-consent-prompt';
import { appState } from '../state/app-state';
import { consentStore } from './consent';
import { stopAnalytics } from './analytics';
import { API_PREFIX } from '../contract/endpoints/prefix';
import { aUser } from '../testing/factories';

const requests: { url: string; init: RequestInit }[] = [];

beforeEach(() => {
  requests.length = 0;
  vi.stubEnv('VITE_AMPLITUDE_API_KEY', 'test-api-key');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL | string, init: RequestInit) => {
      // The SDK's own upload (after "Accepter") is answered as its ingestion API would, and not recorded.
      if (!new URL(String(url), 'http://localhost').pathname.startsWith(API_PREFIX))
        return new Response(JSON.stringify({ code: 200, events_ingested: 1 }), { status: 200 });
      requests.push({ url: String(url), init });
      // The API answers the saved user, as the server does.
      const { analytics_consent } = JSON.parse(String(init.body)) as { analytics_consent: boolean };
      const user = aUser({ id: 'u1', uuid: 'uuid-1', analytics_consent });
      return new Response(JSON.stringify({ data: user }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  consentStore.set({ id: 'u1', uuid: 'uuid-1', analytics_consent: null });
});
afterEach(async () => {
  // Accepting starts the real SDK: it is flushed into the stubbed fetch and dropped before the stub goes.
  await stopAnalytics();
  cleanup();
  consentStore.set(null);
  appState.set({ initialised: false });
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('the consent prompt', () => {
  it('asks a signed-in user who has not chosen yet, and goes away once they refuse', async () => {
    render(<AnalyticsConsentPrompt />);
    const prompt = screen.getByRole('region', { name: 'Nous aider à améliorer Village\u00a0?' });
    expect(prompt.textContent).toContain("Rien n'est envoyé si vous refusez.");
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refuser' })));
    // The refusal is sent first; 1 s (the default) is short on a shared CI machine.
    await vi.waitFor(() => expect(screen.queryByRole('region')).toBeNull(), { timeout: 5_000 });
    expect(requests.map((r) => [r.init.method, new URL(r.url).pathname, r.init.body])).toEqual([
      ['PUT', '/v1/users/u1', '{"analytics_consent":false}'],
    ]);
  });

  it('is not shown without an API key, nor to a guest, nor once answered', () => {
    vi.stubEnv('VITE_AMPLITUDE_API_KEY', '');
    const { unmount } = render(<AnalyticsConsentPrompt />);
    expect(screen.queryByRole('region')).toBeNull();
    unmount();
    vi.stubEnv('VITE_AMPLITUDE_API_KEY', 'test-api-key');
    act(() => consentStore.set(null));
    render(<AnalyticsConsentPrompt />);
    expect(screen.queryByRole('region')).toBeNull();
    act(() => consentStore.set({ id: 'u1', uuid: 'uuid-1', analytics_consent: false }));
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe('the root layout’s prompt, loaded on demand', () => {
  it('asks nobody before the app is initialised (the sign-in screens), then asks the user who has not chosen', async () => {
    render(<LazyAnalyticsConsentPrompt />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region')).toBeNull();
    act(() => appState.set({ initialised: true }));
    await vi.waitFor(() => expect(screen.getByRole('region', { name: 'Nous aider à améliorer Village\u00a0?' })).toBeTruthy());
    // A sign-out resets the app: the question goes with it.
    act(() => appState.set({ initialised: false }));
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe('the account’s consent setting', () => {
  it('says the current choice and changes it', async () => {
    act(() => consentStore.set({ id: 'u1', uuid: 'uuid-1', analytics_consent: false }));
    render(<AnalyticsConsentChoice />);
    expect(screen.getByText('Vous avez refusé la mesure d’audience : rien n’est envoyé.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refuser' }).getAttribute('aria-pressed')).toBe('true');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Accepter' })));
    await vi.waitFor(() => expect(screen.getByText('Vous avez accepté la mesure d’audience.')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Accepter' }).getAttribute('aria-pressed')).toBe('true');
  });
});
