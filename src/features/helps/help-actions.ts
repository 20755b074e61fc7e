import { v7 as uuidv7 } from 'uuid';
import type { CreateHelpInput } from '../../contract';
import { track } from '../../analytics/analytics';
import type { AddHelpPayload } from './mutations/add-help';
import type { RemoveHelpPayload } from './mutations/remove-help';
import { writeLocally, type LocalWrite } from '../needs/local-write';

/** A villager takes a slot on a need. Counted only once kept: a write lost to a full disk is no help. */
export async function addHelpAction(villageId: string, needId: string, input: CreateHelpInput): Promise<LocalWrite> {
  const payload: AddHelpPayload = { village_id: villageId, village_need_id: needId, id: uuidv7(), input };
  const result = await writeLocally('add-help', payload);
  if (result.ok) track('add_help');
  return result;
}

/** A helper withdraws their own help. */
export async function deleteHelpAction(villageId: string, helpId: string, villagerId: string): Promise<LocalWrite> {
  const payload: RemoveHelpPayload = { village_id: villageId, help_id: helpId, villager_id: villagerId };
  const result = await writeLocally('delete-help', payload);
  if (result.ok) track('delete_help');
  return result;
}

/** The creator or the needy person turns someone else's help down. */
export async function refuseHelpAction(villageId: string, helpId: string, villagerId: string): Promise<LocalWrite> {
  const payload: RemoveHelpPayload = { village_id: villageId, help_id: helpId, villager_id: villagerId };
  const result = await writeLocally('refuse-help', payload);
  if (result.ok) track('refuse_help');
  return result;
}
