import type { FieldErrors } from '../../components/form/use-form';

/**
 * A message on no field the form shows (the contract's check of the whole schedule answers on
 * `schedule.…`): said at the top of the form, never lost.
 */
export function strayError(errors: FieldErrors, shown: readonly string[]): string | null {
  const stray = Object.entries(errors).find(([field]) => !shown.includes(field));
  return stray ? stray[1] : null;
}
