import type { UpdateVillageInput, Village } from '../../contract';
import type { SubmitOutcome } from '../../components/form/use-form';
import type { LocalWrite } from '../../outbox/write-locally';
import { updateVillageAction } from '../../domain/villages/actions';

/** The village's own fields a step fills in. */
export type StepFields = Omit<UpdateVillageInput, 'updater_id'>;

/**
 * Saves a step's answers into the pending village through the outbox (update-village), so leaving the
 * tunnel and coming back, here or on another device, finds them. Only what changed is sent: going through
 * a step again without changing anything writes nothing (each write is also an entry of the village's feed).
 */
export function saveVillageFields(village: Village, updaterId: string, fields: StepFields): Promise<LocalWrite> {
  const changed = Object.fromEntries(
    Object.entries(fields).filter(([key, value]) => value !== undefined && (village[key as keyof Village] ?? null) !== (value ?? null)),
  );
  if (!Object.keys(changed).length) return Promise.resolve({ ok: true });
  return updateVillageAction(village.id, { updater_id: updaterId, ...changed });
}

/** A write this device could not keep (full storage), said at the form's level. */
export const refusedLocally = (write: LocalWrite): SubmitOutcome =>
  write.ok ? undefined : { failure: { kind: 'refused', status: 0, message: write.message } };
