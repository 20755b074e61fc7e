import { notFound, redirect } from '@tanstack/react-router';
import { VILLAGE_STATE, type Village } from '../../contract';
import { initialLoadStep } from '../../state/first-load';
import { canManage } from '../../domain/villagers/roles';
import { readProgress } from './progress';
import { firstUnfinishedStep, isStepOf, STEP_PATHS, type StepName } from './steps';

/** Imported when a guard runs: this module is itself imported only when a tunnel address opens (tunnel-route-guards.ts). */
const localVillage = () => import('../../domain/villages/local-village');

/** The pending village this user may fill in, from the local store; another's, or one unknown here, is a 404. */
async function ownVillage(villageId: string): Promise<Village> {
  const { village, userId } = await (await localVillage()).readLocalVillage(villageId);
  const me = village?.villagers?.find((villager) => villager.user_id === userId);
  if (!village || (village.villagers && !canManage(me))) throw notFound();
  return village;
}

/** A village whose creation is finished has nothing left in the tunnel: its own page instead. */
function leaveIfFinished(village: Village) {
  if (village.state === VILLAGE_STATE.waitingValidation) {
    throw redirect({ to: '/dashboard/villages/$id/waiting-validation', params: { id: village.id }, replace: true, state: initialLoadStep });
  }
  if (village.state === VILLAGE_STATE.started) {
    throw redirect({ to: '/dashboard/villages/$id/home', params: { id: village.id }, replace: true, state: initialLoadStep });
  }
}

const toStep = (step: StepName, pcvi?: string) =>
  redirect({ to: STEP_PATHS[step], search: pcvi ? { pcvi } : {}, replace: true, state: initialLoadStep });

/** `/create/village`: a new village starts at the reason; a pending one resumes at its first unfinished step. */
export async function resumeCreation(pcvi: string | undefined): Promise<never> {
  if (!pcvi) throw toStep('reason');
  const village = await ownVillage(pcvi);
  leaveIfFinished(village);
  const needsCount = await (await localVillage()).countLocalNeeds(pcvi);
  throw toStep(firstUnfinishedStep(village, needsCount, readProgress(pcvi)), pcvi);
}

/**
 * A step's page: only the reason step opens without a village (it creates one); the others need the
 * pending village, and only the steps of its creation mode (no "about-close" for oneself).
 */
export async function guardStep(step: StepName, pcvi: string | undefined): Promise<void> {
  if (!pcvi) {
    if (step === 'reason') return;
    throw toStep('reason');
  }
  const village = await ownVillage(pcvi);
  leaveIfFinished(village);
  if (!isStepOf(village.creation_mode, step))
    throw redirect({ to: '/create/village', search: { pcvi }, replace: true, state: initialLoadStep });
}
