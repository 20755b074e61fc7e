import { isFurther, STEP_PATHS, type CreationMode, type StepName } from './steps';

/**
 * The progress marker of a pending village on this device: the furthest step whose answers were saved, in
 * localStorage under one key per village. It only tells apart a step left empty on purpose (the period may
 * stay unknown) from one not reached yet: the answers themselves are in the village, saved by the outbox.
 * It goes once the creation is finished. Storage that cannot be used (private mode, full disk) only costs
 * the resume its precision, so failures are ignored.
 */
const key = (villageId: string) => `village-creation-progress:${villageId}`;

const isStepName = (value: string | null): value is StepName => value !== null && value in STEP_PATHS;

export function readProgress(villageId: string): StepName | null {
  try {
    const value = localStorage.getItem(key(villageId));
    return isStepName(value) ? value : null;
  } catch {
    return null;
  }
}

/** Records that `step` was saved, unless the marker is already further (going back does not undo progress). */
export function markStepDone(villageId: string, mode: CreationMode, step: StepName) {
  if (!isFurther(mode, step, readProgress(villageId))) return;
  try {
    localStorage.setItem(key(villageId), step);
  } catch {
    // See above: the marker is a convenience.
  }
}

export function forgetProgress(villageId: string) {
  try {
    localStorage.removeItem(key(villageId));
  } catch {
    // See above.
  }
}
