import * as v from 'valibot';
import { uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { updateNotificationSettings as updateEndpoint } from '../../../contract/endpoints/notification-settings';
import {
  MAX_MUTED_VILLAGES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type UpdateNotificationSettingsInput,
} from '../../../contract/notification-settings';
import { ACCOUNT_SCOPE, defineMutation } from '../../../outbox/mutation-kind';
import { CHANNEL_LABELS, KIND_LABELS } from '../kind-texts';

/**
 * One switch of the settings screen. A switch of a kind sends only that switch, so two devices changing two
 * switches offline both keep theirs; muting sends the whole list the contract asks for, as this device saw it.
 * The village's name rides along only to tell the change in French if the server refuses it.
 */
const Payload = v.variant('change', [
  v.object({
    change: v.literal('switch'),
    channel: v.picklist(NOTIFICATION_CHANNELS),
    kind: v.picklist(NOTIFICATION_KINDS),
    on: v.boolean(),
  }),
  v.object({
    change: v.literal('mute'),
    village_id: uuid,
    village_name: v.string(),
    muted: v.boolean(),
    muted_village_ids: v.pipe(v.array(uuid), v.maxLength(MAX_MUTED_VILLAGES)),
  }),
]);
export type NotificationSettingsChange = v.InferOutput<typeof Payload>;

// These settings belong to the account, not to a village: filed under the outbox's account scope.
export { ACCOUNT_SCOPE };

/** The body of the PUT, and what the screen lays over the server's settings while it waits. */
export function changeBody(change: NotificationSettingsChange): UpdateNotificationSettingsInput {
  return change.change === 'switch' ? { [change.channel]: { [change.kind]: change.on } } : { muted_village_ids: change.muted_village_ids };
}

/**
 * A change of one's notification choices. Nothing is written to the village tables: the screen shows the
 * change in its query cache at once and lays the changes still waiting here over every refetch
 * (notification-settings-query.ts), so a change made offline shows until it is sent, and goes if refused.
 */
export const updateNotificationSettings = defineMutation({
  name: 'update-notification-settings',
  payload: Payload,
  villageId: () => ACCOUNT_SCOPE,
  target: () => 'notification_settings:me',
  apply: async () => undefined,
  request: (change) => requestTo(updateEndpoint, { body: changeBody(change) }),
  describe: (change) =>
    change.change === 'switch'
      ? `${KIND_LABELS[change.kind]} ${CHANNEL_LABELS[change.channel].toLowerCase()}\u00a0: ${change.on ? 'activé' : 'désactivé'}`
      : `${change.muted ? 'Mise en sourdine' : 'Fin de la sourdine'} du village «\u00a0${change.village_name}\u00a0»`,
});
