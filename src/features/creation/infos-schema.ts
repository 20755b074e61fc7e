import * as v from 'valibot';
import { optionalText, text } from '../../contract';
import { phoneNumber } from '../../contract/phone-number';

/**
 * The last step's form: the village's name (required here, the contract lets it be empty), its presentation
 * and a contact number, checked as typed (too short, a number that cannot exist) and sent in E.164.
 */
export const infosSchema = v.object({
  name: text(100),
  infos: optionalText(2000),
  phone: phoneNumber,
});
