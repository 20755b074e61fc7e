import type { MutationKind } from '../outbox/mutation-kind';
import { createNeed } from './needs/mutations/create-need';
import { updateNeed } from './needs/mutations/update-need';
import { deleteNeed } from './needs/mutations/delete-need';
import { addHelp } from './helps/mutations/add-help';
import { deleteHelp, refuseHelp } from './helps/mutations/remove-help';
import { updateHelp } from './helps/mutations/update-help';
import { markHelpDone, thankHelper } from './helps/mutations/close-help';
import { thankEveryone } from './helps/mutations/thank-everyone';
import { replacementKinds } from './helps/mutations/replacement';
import { sendMessage } from './messages/mutations/send-message';
import { checkNotifications } from './villagers/mutations/check-notifications';
import { setVillagerRole } from './villagers/mutations/set-villager-role';
import { createVillage } from './villages/mutations/create-village';
import { updateVillage } from './villages/mutations/update-village';
import { finishCreation } from './villages/mutations/finish-creation';
import { openValidation } from './villages/mutations/open-validation';
import { leaveVillage } from './villages/mutations/leave-village';
import { banVillager } from './villages/mutations/ban-villager';
import { createInvitations } from './invitations/mutations/create-invitations';
import { resendInvitation } from './invitations/mutations/resend-invitation';
import { withdrawInvitation } from './invitations/mutations/withdraw-invitation';
import { updateNotificationSettings } from './notification-settings/mutations/update-notification-settings';
import { newsKinds } from './news/news-kinds';

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
  markHelpDone,
  thankHelper,
  thankEveryone,
  ...replacementKinds,
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
  ...newsKinds,
];
