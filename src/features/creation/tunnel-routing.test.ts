// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { isNotFound, isRedirect } from '@tanstack/react-router';
import { guardStep, resumeCreation } from './tunnel-routing';
import { TunnelSearch } from './tunnel-search';
import { markStepDone } from './progress';
import { CID, pendingVillage, signInAs, signInClaire } from '../../testing/creation-world';

/** Where a redirect goes, or what else was thrown. */
async function outcome(run: () => Promise<unknown>) {
  try {
    await run();
    return 'passed';
  } catch (error) {
    if (isRedirect(error)) {
      const { to, search, params } = error.options as { to: string; search?: object; params?: object };
      return { to, ...(search ? { search } : {}), ...(params ? { params } : {}) };
    }
    if (isNotFound(error)) return 'not-found';
    throw error;
  }
}

const pcvi = { pcvi: CID.village };

describe('the tunnel’s query', () => {
  it('keeps a pending village id and drops anything else', () => {
    expect(v.parse(TunnelSearch, { pcvi: CID.village })).toEqual(pcvi);
    expect(v.parse(TunnelSearch, { pcvi: '42' })).toEqual({ pcvi: undefined });
    expect(v.parse(TunnelSearch, {})).toEqual({ pcvi: undefined });
  });
});

describe('/create/village', () => {
  it('starts a new village at the reason', async () => {
    await signInClaire();
    expect(await outcome(() => resumeCreation(undefined))).toEqual({ to: '/create/village/reason', search: {} });
  });

  it('resumes a village for a close person just created at the close person', async () => {
    await signInClaire();
    await pendingVillage({ creation_mode: 2 });
    expect(await outcome(() => resumeCreation(CID.village))).toEqual({ to: '/create/village/about-close', search: pcvi });
  });

  it('resumes after the needs when the village has some, and after an empty period only as the marker says', async () => {
    await signInClaire();
    await pendingVillage({ creation_mode: 1 }, [{ name: 'Repas' }]);
    expect(await outcome(() => resumeCreation(CID.village))).toEqual({ to: '/create/village/period', search: pcvi });
    markStepDone(CID.village, 1, 'period');
    expect(await outcome(() => resumeCreation(CID.village))).toEqual({ to: '/create/village/infos', search: pcvi });
  });

  it('sends a finished creation to its own page', async () => {
    await signInClaire();
    await pendingVillage({ state: 2 });
    expect(await outcome(() => resumeCreation(CID.village))).toEqual({
      to: '/dashboard/villages/$id/waiting-validation',
      params: { id: CID.village },
    });
    await pendingVillage({ state: 3 });
    expect(await outcome(() => resumeCreation(CID.village))).toEqual({ to: '/dashboard/villages/$id/home', params: { id: CID.village } });
  });

  it('knows no village that is not here, nor one its user does not manage', async () => {
    await signInClaire();
    expect(await outcome(() => resumeCreation(CID.village))).toBe('not-found');
    await pendingVillage();
    await signInAs('user-hugo');
    expect(await outcome(() => resumeCreation(CID.village))).toBe('not-found');
  });
});

describe('a step’s address', () => {
  it('opens the reason without a village, and sends any other step without one to the reason', async () => {
    await signInClaire();
    expect(await outcome(() => guardStep('reason', undefined))).toBe('passed');
    expect(await outcome(() => guardStep('needs', undefined))).toEqual({ to: '/create/village/reason', search: {} });
  });

  it('opens the steps of the village’s mode only', async () => {
    await signInClaire();
    await pendingVillage({ creation_mode: 1 });
    expect(await outcome(() => guardStep('needs', CID.village))).toBe('passed');
    expect(await outcome(() => guardStep('reason', CID.village))).toBe('passed');
    expect(await outcome(() => guardStep('about-close', CID.village))).toEqual({ to: '/create/village', search: pcvi });
    await pendingVillage({ creation_mode: 2 });
    expect(await outcome(() => guardStep('about-close', CID.village))).toBe('passed');
  });

  it('leaves the tunnel once the creation is finished', async () => {
    await signInClaire();
    await pendingVillage({ state: 2 });
    expect(await outcome(() => guardStep('infos', CID.village))).toEqual({
      to: '/dashboard/villages/$id/waiting-validation',
      params: { id: CID.village },
    });
  });
});
