import { parsePhone } from '../../src/contract/phone-number';
import { invalid } from './errors';

/**
 * A phone number sent to a write route, as it is stored: in E.164 whatever way it was written (older apps
 * sent national digits, and their writes may still be queued), null to clear it, undefined to leave it as
 * it is. A number that cannot exist is a 422 with the field's French message, like any invalid field.
 */
export function checkedPhone(phone: string | null | undefined) {
  if (phone == null) return phone;
  const parsed = parsePhone(phone);
  if ('message' in parsed) throw invalid([{ field: 'phone', message: parsed.message }]);
  return parsed.e164;
}
