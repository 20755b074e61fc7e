import * as v from 'valibot';
import { UpdateUserInput } from '../../contract';
import { phoneNumber } from '../../contract/phone-number';

/**
 * The profile form: the contract's own rules and messages, the phone number checked as well (too short, a
 * number that cannot exist) and sent in E.164, so that nothing the server would refuse is sent.
 */
export const profileSchema = v.strictObject({ ...UpdateUserInput.entries, phone: v.optional(phoneNumber) });
