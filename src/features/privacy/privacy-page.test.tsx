// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../testing/answer-fetch';
import { asRead } from '../../testing/as-read';
import { renderWithRouter } from '../../testing/render-screen';
import {
  DEVICE_RECORD_DAYS,
  FINISHED_MAIL_DAYS,
  IDEMPOTENCY_KEY_DAYS,
  SESSION_IDLE_DAYS,
  WITHDRAWN_INVITATION_DAYS,
} from '../../contract/retention';
import { OPERATOR_UNKNOWN_TEXT, OPERATOR_UNSET_TEXT } from './operator-section';
import { PrivacyPage } from './privacy-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const section = (name: string) => screen.getByRole('region', { name });

describe('the privacy page', () => {
  it('states each duration the server deletes by, from the same constants', async () => {
    vi.stubGlobal('fetch', answerFetch({ status: 200, body: { data: { name: null, email: null } } }).fetchMock);
    await renderWithRouter(() => <PrivacyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Confidentialité' })).toBeTruthy();
    const lines = within(section('Combien de temps'))
      .getAllByRole('listitem')
      .map((li) => asRead(li.textContent ?? ''));
    for (const [days, words] of [
      [SESSION_IDLE_DAYS, 'Une connexion inutilisée pendant'],
      [IDEMPOTENCY_KEY_DAYS, "La trace d'une modification envoyée"],
      [FINISHED_MAIL_DAYS, "La trace d'un e-mail envoyé ou abandonné"],
      [DEVICE_RECORD_DAYS, "L'identifiant d'un appareil"],
      [WITHDRAWN_INVITATION_DAYS, 'Une invitation retirée'],
    ] as const) {
      const line = lines.find((l) => l.startsWith(words));
      expect(line, words).toMatch(new RegExp(`\\b${days} jours\\b`));
    }
    expect(lines.some((l) => l.startsWith('Quand vous supprimez votre compte'))).toBe(true);
  });

  it('says who sees what and how to use each right', async () => {
    vi.stubGlobal('fetch', answerFetch({ status: 200, body: { data: { name: null, email: null } } }).fetchMock);
    await renderWithRouter(() => <PrivacyPage />);
    const seen = asRead(section('Qui voit quoi').textContent ?? '');
    expect(seen).toContain("L'adresse et le code d'accès d'un besoin ne sont montrés qu'aux organisateurs et aux aidants");
    expect(seen).toContain('« visible aux organisateurs seulement »');
    const rights = section('Vos droits, et comment les exercer');
    expect(asRead(rights.textContent ?? '')).toContain('« Télécharger mes données »');
    expect(within(rights).getByRole('link', { name: 'Mon compte' }).getAttribute('href')).toBe('/account');
  });

  it("names the operator and their address from the server's settings", async () => {
    const { fetchMock, requests } = answerFetch({
      status: 200,
      body: { data: { name: 'Association Les Tilleuls', email: 'contact@tilleuls.example' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(() => <PrivacyPage />);
    const operator = section("Qui s'occupe de vos données");
    expect(await within(operator).findByText('Association Les Tilleuls')).toBeTruthy();
    expect(within(operator).getByRole('link', { name: 'contact@tilleuls.example' }).getAttribute('href')).toBe(
      'mailto:contact@tilleuls.example',
    );
    expect(new URL(requests[0].url).pathname).toBe('/v1/operator');
  });

  it('says when the operator left their name unset, and waits for the network when offline', async () => {
    vi.stubGlobal('fetch', answerFetch({ status: 200, body: { data: { name: null, email: null } } }).fetchMock);
    await renderWithRouter(() => <PrivacyPage />);
    expect(await screen.findByText(asRead(OPERATOR_UNSET_TEXT))).toBeTruthy();
    cleanup();

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await renderWithRouter(() => <PrivacyPage />);
    expect(screen.getByText(asRead(OPERATOR_UNKNOWN_TEXT))).toBeTruthy();
  });
});
