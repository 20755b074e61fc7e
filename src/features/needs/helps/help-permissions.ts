import type { Help, Villager } from '../../../contract';
import { canManage } from '../../../domain/villagers/villager-reads';
import type { HelpAction } from './help-item';

/**
 * What the viewer may do with a help still to come: withdraw their own, or, as creator or needy person,
 * turn down someone else's. A past help is history: nothing to do with it.
 */
export function helpActionFor(help: Help, me: Villager | null | undefined, past: boolean): HelpAction | null {
  if (past || !me) return null;
  if (help.helper_id === me.id) return 'remove';
  return canManage(me) ? 'refuse' : null;
}

/** The helper's first name, "(vous)" for the viewer's own helps. */
export function helperName(help: Help, villagers: Villager[], me: Villager | null | undefined): string {
  const name = villagers.find((v) => v.id === help.helper_id)?.user?.first_name ?? 'Un membre du village';
  return help.helper_id === me?.id ? `${name} (vous)` : name;
}
