import type { Help, Villager } from '../../contract';
import { helpOverAt } from '../../contract/help-thanks';
import { isManagerVillager } from '../../contract/roles';
import { writeLocally, type LocalWrite } from '../../outbox/write-locally';
import { markHelpDone, thankHelper } from './mutations/close-help';
import { thankEveryone } from './mutations/thank-everyone';

/**
 * The server's rules (server/helps/thanks-routes.ts), so a screen offers only what will be accepted: once a
 * help's time has passed, its helper or an organiser says it was done; organisers and the person helped
 * (the managers) thank its helper, never themselves.
 */
export const isHelpOver = (help: Help, now: number = Date.now()) => helpOverAt(help) <= now;

export const mayMarkDone = (help: Help, me: Villager | null | undefined, now?: number) =>
  !!me && !help.done_at && isHelpOver(help, now) && (help.helper_id === me.id || isManagerVillager(me));

/** Once thanked, the help says « Merci envoyé » and offers no second one (the server would take it). */
export const mayThank = (help: Help, me: Villager | null | undefined, now?: number) =>
  !!me && help.thanks_count === 0 && isHelpOver(help, now) && help.helper_id !== me.id && isManagerVillager(me);

/** « C'est fait »: shown done at once, sent when the device can. */
export const markHelpDoneAction = (villageId: string, help: Help, villagerId: string, needName?: string): Promise<LocalWrite> =>
  writeLocally(markHelpDone, { village_id: villageId, help_id: help.id, villager_id: villagerId, need_name: needName });

/** « Merci », with an optional word. */
export const thankHelperAction = (villageId: string, help: Help, thankerId: string, message: string, needName?: string) =>
  writeLocally(thankHelper, { village_id: villageId, help_id: help.id, input: { thanker_id: thankerId, message }, need_name: needName });

/** « Merci à tous »: every helper of the past week not thanked yet. */
export const thankEveryoneAction = (villageId: string, thankerId: string, message: string) =>
  writeLocally(thankEveryone, { village_id: villageId, input: { thanker_id: thankerId, message } });
