import { v7 as uuidv7 } from 'uuid';
import type { CreateHelpInput, UpdateHelpInput } from '../../contract';
import type { Occurrence } from '../../contract/schedule';
import { track } from '../../analytics/analytics';
import { writeLocally, type LocalWrite } from '../../outbox/write-locally';
import { addHelp } from './mutations/add-help';
import { deleteHelp, refuseHelp } from './mutations/remove-help';
import { updateHelp } from './mutations/update-help';
import { askReplacement, cancelReplacement, takeOverHelp } from './mutations/replacement';

/** What the list of refused changes needs to name a take after the fact; not sent. */
export interface SlotContext {
  needName?: string;
  timeZone?: string;
  /** A scheduled slot taken (said "Créneau du …"), not a time of the helper's choosing. */
  slot?: boolean;
}

/** A villager takes a slot on a need. Counted only once kept: a write lost to a full disk is no help. */
export async function addHelpAction(
  villageId: string,
  needId: string,
  input: CreateHelpInput,
  context: SlotContext = {},
): Promise<LocalWrite & { helpId: string }> {
  const helpId = uuidv7();
  const result = await writeLocally(addHelp, {
    village_id: villageId,
    village_need_id: needId,
    id: helpId,
    input,
    ...(context.needName !== undefined ? { need_name: context.needName } : {}),
    ...(context.timeZone !== undefined ? { time_zone: context.timeZone } : {}),
    ...(context.slot ? { slot: true } : {}),
  });
  if (result.ok) track('add_help');
  return { ...result, helpId };
}

/**
 * One tap on an open slot: a help on the occurrence, from its start to its end. Offline it shows taken at
 * once; a slot filled meanwhile comes back from the replay as a failed change with the server's message.
 */
export function takeSlotAction(
  villageId: string,
  needId: string,
  slot: Occurrence,
  helperId: string,
  comment: string | null = null,
  context: SlotContext = {},
): Promise<LocalWrite & { helpId: string }> {
  return addHelpAction(
    villageId,
    needId,
    { helper_id: helperId, start_date: slot.start_date, end_date: slot.end_date, comment },
    { ...context, slot: true },
  );
}

/** The helper's note on their help, added after taking it or changed; an empty one removes it. */
export function updateHelpAction(villageId: string, helpId: string, input: UpdateHelpInput): Promise<LocalWrite> {
  return writeLocally(updateHelp, { village_id: villageId, help_id: helpId, input });
}

/** Which help it was, for the list of refused changes; not sent. */
export interface HelpContext {
  needName?: string;
  startDate?: string;
}
const helpContext = (context: HelpContext) => ({ need_name: context.needName, start_date: context.startDate });

/** A helper withdraws their own help. */
export async function deleteHelpAction(
  villageId: string,
  helpId: string,
  villagerId: string,
  context: HelpContext = {},
): Promise<LocalWrite> {
  const result = await writeLocally(deleteHelp, {
    village_id: villageId,
    help_id: helpId,
    villager_id: villagerId,
    ...helpContext(context),
  });
  if (result.ok) track('delete_help');
  return result;
}

/** The creator or the needy person turns someone else's help down. */
export async function refuseHelpAction(
  villageId: string,
  helpId: string,
  villagerId: string,
  context: HelpContext = {},
): Promise<LocalWrite> {
  const result = await writeLocally(refuseHelp, {
    village_id: villageId,
    help_id: helpId,
    villager_id: villagerId,
    ...helpContext(context),
  });
  if (result.ok) track('refuse_help');
  return result;
}

/** Which slot it is, for the list of refused changes; not sent. */
export interface ReplacementContext {
  needName?: string;
  startDate?: string;
  timeZone?: string;
}
const replacementContext = (c: ReplacementContext) => ({ need_name: c.needName, start_date: c.startDate, time_zone: c.timeZone });

/** « Chercher un remplaçant »: the helper keeps their help and the circle is asked to take it over. */
export function askReplacementAction(villageId: string, helpId: string, villagerId: string, context: ReplacementContext = {}) {
  return writeLocally(askReplacement, { village_id: villageId, help_id: helpId, villager_id: villagerId, ...replacementContext(context) });
}

/** « Je peux venir finalement »: the request is taken back. */
export function cancelReplacementAction(villageId: string, helpId: string, villagerId: string, context: ReplacementContext = {}) {
  return writeLocally(cancelReplacement, {
    village_id: villageId,
    help_id: helpId,
    villager_id: villagerId,
    ...replacementContext(context),
  });
}

/** « Je prends le relais »: one tap, offline too; the new help's id is chosen here so it shows at once. */
export async function takeOverAction(
  villageId: string,
  helpId: string,
  helperId: string,
  context: ReplacementContext = {},
): Promise<LocalWrite & { helpId: string }> {
  const id = uuidv7();
  const result = await writeLocally(takeOverHelp, {
    village_id: villageId,
    help_id: helpId,
    id,
    helper_id: helperId,
    ...replacementContext(context),
  });
  return { ...result, helpId: id };
}
