import type { MutationKind } from '../outbox/mutation-kind';
import { createNeed } from '../features/needs/mutations/create-need';
import { updateNeed } from '../features/needs/mutations/update-need';
import { deleteNeed } from '../features/needs/mutations/delete-need';
import { addHelp } from '../features/helps/mutations/add-help';
import { deleteHelp, refuseHelp } from '../features/helps/mutations/remove-help';
import { updateHelp } from '../features/helps/mutations/update-help';
import { sendMessage } from '../features/chat/mutations/send-message';
import { checkNotifications } from '../features/villagers/mutations/check-notifications';
import { setVillagerRole } from '../features/villagers/mutations/set-villager-role';
import { createVillage } from '../features/villages/mutations/create-village';
import { updateVillage } from '../features/villages/mutations/update-village';
import { finishCreation } from '../features/villages/mutations/finish-creation';
import { openValidation } from '../features/villages/mutations/open-validation';
import { leaveVillage } from '../features/villages/mutations/leave-village';
import { banVillager } from '../features/villages/mutations/ban-villager';
import { createInvitations } from '../features/invitations/mutations/create-invitations';
import { resendInvitation } from '../features/invitations/mutations/resend-invitation';
import { withdrawInvitation } from '../features/invitations/mutations/withdraw-invitation';
import { updateNotificationSettings } from '../features/notification-settings/mutations/update-notification-settings';

/**
 * Every kind of queued write, the one place that knows them all: the page (lazily, src/main.tsx) and the
 * service worker (sw/sw.ts) hand this list to `provideMutationKinds`, so the outbox replays and rebases
 * entries by name without importing a feature. A kind missing here is a stored entry nobody can send.
 */
export const mutationKinds: readonly MutationKind[] = [
  createNeed,
  updateNeed,
  deleteNeed,
  addHelp,
  deleteHelp,
  refuseHelp,
  updateHelp,
  sendMessage,
  checkNotifications,
  setVillagerRole,
  createVillage,
  updateVillage,
  finishCreation,
  openValidation,
  leaveVillage,
  banVillager,
  createInvitations,
  resendInvitation,
  withdrawInvitation,
  updateNotificationSettings,
];
