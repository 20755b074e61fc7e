import { CREATION_MODE } from '../../contract';

/**
 * The creation tunnel's steps (spec section 2): for oneself reason, needs, period, infos; for a close
 * person reason, about-close, needs, period, infos. Pure: no storage, no router, so it is tested alone.
 */
export type StepName = 'reason' | 'about-close' | 'needs' | 'period' | 'infos';
export type CreationMode = (typeof CREATION_MODE)[keyof typeof CREATION_MODE];

export const STEP_PATHS = {
  reason: '/create/village/reason',
  'about-close': '/create/village/about-close',
  needs: '/create/village/needs',
  period: '/create/village/period',
  infos: '/create/village/infos',
} as const satisfies Record<StepName, string>;
export type StepPath = (typeof STEP_PATHS)[StepName];

/** The stepper's short names. */
export const STEP_LABELS: Record<StepName, string> = {
  reason: 'Le village',
  'about-close': 'Votre proche',
  needs: 'Les besoins',
  period: 'La période',
  infos: 'Les informations',
};

const OWN: readonly StepName[] = ['reason', 'needs', 'period', 'infos'];
const CLOSE_PERSON: readonly StepName[] = ['reason', 'about-close', 'needs', 'period', 'infos'];

export const stepsFor = (mode: CreationMode): readonly StepName[] => (mode === CREATION_MODE.closePerson ? CLOSE_PERSON : OWN);

export const isStepOf = (mode: CreationMode, step: StepName) => stepsFor(mode).includes(step);

/** The step after this one, or null on the last step (and on a step the mode does not have). */
export function nextStep(mode: CreationMode, step: StepName): StepName | null {
  const steps = stepsFor(mode);
  const index = steps.indexOf(step);
  return index === -1 ? null : (steps[index + 1] ?? null);
}

/** The step before this one, or null on the first step (and on a step the mode does not have). */
export function previousStep(mode: CreationMode, step: StepName): StepName | null {
  const steps = stepsFor(mode);
  const index = steps.indexOf(step);
  return index <= 0 ? null : steps[index - 1];
}

/** Whether `step` comes after `than` in this mode's order (a step the mode lacks comes after none). */
export function isFurther(mode: CreationMode, step: StepName, than: StepName | null): boolean {
  const steps = stepsFor(mode);
  return steps.indexOf(step) > (than === null ? -1 : steps.indexOf(than));
}

/** What the resume rule reads of a pending village. */
export interface VillageProgressFields {
  creation_mode: CreationMode;
  first_name: string | null;
  start_date: string | null;
  end_date: string | null;
}

/**
 * The step a pending village's creation resumes at. A step is finished when the progress marker (the
 * furthest step this device saw saved, `progress`) reaches it, or when its data shows it was filled in,
 * which covers a tunnel begun on another device:
 * - reason: always (the village exists only once it was saved);
 * - about-close: a first name (it is required there);
 * - needs: at least one need (one is required there);
 * - period: a start or an end date (both may be left out, so only the marker tells an empty period apart);
 * - infos: never: it is where the creation is finished, so a village still pending resumes there at the latest.
 * The answer is the first step not finished, in the mode's order.
 */
export function firstUnfinishedStep(village: VillageProgressFields, needsCount: number, progress: StepName | null): StepName {
  const steps = stepsFor(village.creation_mode);
  const reached = progress === null ? -1 : steps.indexOf(progress);
  const filled: Record<StepName, boolean> = {
    reason: true,
    'about-close': !!village.first_name,
    needs: needsCount > 0,
    period: !!village.start_date || !!village.end_date,
    infos: false,
  };
  return steps.find((step, index) => index > reached && !filled[step]) ?? 'infos';
}

/** The step an address shows, or null (the tunnel's entry, which only redirects). */
export function stepAt(pathname: string): StepName | null {
  const path = pathname.replace(/\/+$/, '');
  const found = (Object.keys(STEP_PATHS) as StepName[]).find((step) => STEP_PATHS[step] === path);
  return found ?? null;
}
