// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HOME_SCREEN_ASK_AGAIN_AFTER_MS, shouldOfferHomeScreen, withVillageOpened } from './home-screen-offer';

const NOW = Date.parse('2026-11-28T09:00:00Z');
const DAY = 24 * 3600 * 1000;
const inVillage = {
  guide: 'ios-safari',
  earned: true,
  signedIn: true,
  pathname: '/dashboard/villages/v1/needs',
  dismissedAt: null,
  now: NOW,
};

describe('when the home-screen sheet is offered', () => {
  it('in a village once the person has joined or created one, on a browser that needs it', () => {
    expect(shouldOfferHomeScreen(inVillage)).toBe(true);
    expect(shouldOfferHomeScreen({ ...inVillage, pathname: '/dashboard/villages' })).toBe(true);
  });

  it('not before any village, nor where the browser needs no guidance (desktop, installed)', () => {
    expect(shouldOfferHomeScreen({ ...inVillage, earned: false })).toBe(false);
    expect(shouldOfferHomeScreen({ ...inVillage, guide: null })).toBe(false);
  });

  it('never on the sign-in, join, creation or bootstrap screens, nor signed out', () => {
    for (const pathname of [
      '/auth/login',
      '/auth/register',
      '/join/village',
      '/create/village',
      '/vous-etes-sublime',
      '/',
      '/dashboardx',
    ]) {
      expect(shouldOfferHomeScreen({ ...inVillage, pathname }), pathname).toBe(false);
    }
    expect(shouldOfferHomeScreen({ ...inVillage, signedIn: false })).toBe(false);
  });

  it('not for 14 days after "Plus tard", then again', () => {
    expect(shouldOfferHomeScreen({ ...inVillage, dismissedAt: NOW - DAY })).toBe(false);
    expect(shouldOfferHomeScreen({ ...inVillage, dismissedAt: NOW - 13 * DAY })).toBe(false);
    expect(shouldOfferHomeScreen({ ...inVillage, dismissedAt: NOW - HOME_SCREEN_ASK_AGAIN_AFTER_MS })).toBe(true);
  });
});

describe('a village opened', () => {
  it('brings the offer back when it is new to this device, not when it was seen before', () => {
    const dismissed = { dismissedAt: NOW, villages: ['v1'] };
    expect(withVillageOpened(dismissed, 'v1')).toBe(dismissed);
    expect(withVillageOpened(dismissed, 'v2')).toEqual({ dismissedAt: null, villages: ['v1', 'v2'] });
  });

  it('keeps the last twenty it has seen', () => {
    const many = { dismissedAt: null, villages: Array.from({ length: 20 }, (_, i) => `v${i}`) };
    expect(withVillageOpened(many, 'new').villages).toEqual([...many.villages.slice(1), 'new']);
  });
});

describe('the record on this device', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.resetModules();
  });

  it('keeps "Plus tard" and the villages across a reload', async () => {
    const first = await import('./home-screen-offer');
    first.noteVillageOpened('v1');
    first.dismissHomeScreen(NOW);
    vi.resetModules();
    const reloaded = await import('./home-screen-offer');
    expect(reloaded.homeScreenRecord.get()).toEqual({ dismissedAt: NOW, villages: ['v1'] });
    reloaded.noteVillageOpened('v2');
    expect(reloaded.homeScreenRecord.get().dismissedAt).toBeNull();
  });

  it('reads a damaged record as empty', async () => {
    localStorage.setItem('village-home-screen', '{not json');
    const { homeScreenRecord } = await import('./home-screen-offer');
    expect(homeScreenRecord.get()).toEqual({ dismissedAt: null, villages: [] });
  });
});
