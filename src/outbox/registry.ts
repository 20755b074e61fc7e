import type { MutationKind } from './mutation-kind';
import { createNeed } from '../features/needs/mutations/create-need';
import { updateNeed } from '../features/needs/mutations/update-need';
import { deleteNeed } from '../features/needs/mutations/delete-need';
import { addHelp } from '../features/helps/mutations/add-help';
import { deleteHelp, refuseHelp } from '../features/helps/mutations/remove-help';
import { updateVillage } from '../features/villages/mutations/update-village';
import { createVillage } from '../features/villages/mutations/create-village';
import { finishCreation } from '../features/villages/mutations/finish-creation';
import { openValidation } from '../features/villages/mutations/open-validation';
import { leaveVillage } from '../features/villages/mutations/leave-village';
import { banVillager } from '../features/villages/mutations/ban-villager';
import { checkNotifications } from '../features/villagers/mutations/check-notifications';
import { sendMessage } from '../features/chat/mutations/send-message';

/** Every kind of queued write, by name: the page enqueues them, the page or the service worker replays them. */
export const mutationRegistry: Record<string, MutationKind> = Object.fromEntries(
  [
    createNeed,
    updateNeed,
    deleteNeed,
    addHelp,
    deleteHelp,
    refuseHelp,
    updateVillage,
    createVillage,
    finishCreation,
    openValidation,
    leaveVillage,
    banVillager,
    checkNotifications,
    sendMessage,
  ].map((kind) => [kind.name, kind]),
);

export function mutationKind(name: string): MutationKind {
  const kind = mutationRegistry[name];
  if (!kind) throw new Error(`Unknown mutation kind: ${name}`);
  return kind;
}
