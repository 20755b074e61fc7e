import { describe, expect, it } from 'vitest';
import {
  firstUnfinishedStep,
  isFurther,
  isStepOf,
  nextStep,
  previousStep,
  stepAt,
  stepsFor,
  STEP_PATHS,
  type StepName,
  type VillageProgressFields,
} from './steps';

const pending = (fields: Partial<VillageProgressFields> = {}): VillageProgressFields => ({
  creation_mode: 1,
  first_name: null,
  start_date: null,
  end_date: null,
  ...fields,
});

describe('the steps of each creation mode', () => {
  it('has 4 steps for oneself and 5 for a close person, in the spec’s order', () => {
    expect(stepsFor(1)).toEqual(['reason', 'needs', 'period', 'infos']);
    expect(stepsFor(2)).toEqual(['reason', 'about-close', 'needs', 'period', 'infos']);
  });

  it('knows which steps a mode has', () => {
    expect(isStepOf(1, 'about-close')).toBe(false);
    expect(isStepOf(2, 'about-close')).toBe(true);
    for (const step of stepsFor(1)) expect(isStepOf(2, step)).toBe(true);
  });

  it.each([
    [1, ['reason', 'needs', 'period', 'infos']],
    [2, ['reason', 'about-close', 'needs', 'period', 'infos']],
  ] as const)('walks mode %i forwards and backwards, the last step without a next and the first without a previous', (mode, order) => {
    for (let i = 0; i < order.length; i++) {
      expect(nextStep(mode, order[i])).toBe(order[i + 1] ?? null);
      expect(previousStep(mode, order[i])).toBe(i === 0 ? null : order[i - 1]);
    }
  });

  it('gives no neighbour to a step the mode does not have', () => {
    expect(nextStep(1, 'about-close')).toBeNull();
    expect(previousStep(1, 'about-close')).toBeNull();
  });

  it('orders steps within a mode', () => {
    expect(isFurther(2, 'needs', 'about-close')).toBe(true);
    expect(isFurther(2, 'about-close', 'needs')).toBe(false);
    expect(isFurther(1, 'reason', null)).toBe(true);
    expect(isFurther(1, 'reason', 'reason')).toBe(false);
  });

  it('finds the step an address shows, with or without a trailing slash', () => {
    for (const [step, path] of Object.entries(STEP_PATHS)) {
      expect(stepAt(path)).toBe(step);
      expect(stepAt(`${path}/`)).toBe(step);
    }
    expect(stepAt('/create/village')).toBeNull();
    expect(stepAt('/dashboard/villages')).toBeNull();
  });
});

describe('where a pending village resumes', () => {
  it('for oneself: a village just created goes on to its needs', () => {
    expect(firstUnfinishedStep(pending(), 0, null)).toBe('needs');
    expect(firstUnfinishedStep(pending(), 0, 'reason')).toBe('needs');
  });

  it('for a close person: a village just created goes on to the close person', () => {
    expect(firstUnfinishedStep(pending({ creation_mode: 2 }), 0, 'reason')).toBe('about-close');
  });

  it('for a close person: a first name passes the close person step, even without the marker (another device)', () => {
    expect(firstUnfinishedStep(pending({ creation_mode: 2, first_name: 'Nina' }), 0, null)).toBe('needs');
    expect(firstUnfinishedStep(pending({ creation_mode: 2, first_name: 'Nina' }), 2, null)).toBe('period');
  });

  it('a need passes the needs step; the period is left empty on purpose only as the marker says', () => {
    expect(firstUnfinishedStep(pending(), 1, null)).toBe('period');
    expect(firstUnfinishedStep(pending(), 1, 'needs')).toBe('period');
    expect(firstUnfinishedStep(pending(), 1, 'period')).toBe('infos');
    expect(firstUnfinishedStep(pending({ creation_mode: 2, first_name: 'Nina' }), 3, 'period')).toBe('infos');
  });

  it('a date, start or end, passes the period step', () => {
    expect(firstUnfinishedStep(pending({ start_date: '2030-01-01' }), 1, null)).toBe('infos');
    expect(firstUnfinishedStep(pending({ end_date: '2030-01-01' }), 1, null)).toBe('infos');
  });

  it('stops at the first unfinished step even when a later one is filled in', () => {
    expect(firstUnfinishedStep(pending({ start_date: '2030-01-01' }), 0, null)).toBe('needs');
    expect(firstUnfinishedStep(pending({ creation_mode: 2, start_date: '2030-01-01' }), 2, null)).toBe('about-close');
  });

  it('trusts the marker for the steps it covers', () => {
    expect(firstUnfinishedStep(pending({ creation_mode: 2 }), 0, 'needs')).toBe('period');
    expect(firstUnfinishedStep(pending(), 0, 'period')).toBe('infos');
  });

  it('never goes past the last step, where the creation is finished', () => {
    const everything = pending({ creation_mode: 2, first_name: 'Nina', start_date: '2030-01-01' });
    expect(firstUnfinishedStep(everything, 4, null)).toBe('infos');
    expect(firstUnfinishedStep(everything, 4, 'infos')).toBe('infos');
  });

  it('ignores a marker of a step the mode does not have (the reason is always passed)', () => {
    expect(firstUnfinishedStep(pending(), 0, 'about-close' as StepName)).toBe('needs');
  });
});
