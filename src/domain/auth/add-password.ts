import { call } from '../../api/client';
import type { User } from '../../contract';
import type { AddPasswordInput } from '../../contract/add-password';
import { addPassword as addPasswordEndpoint } from '../../contract/endpoints/users';
import { storeCurrentUser } from '../../session/current-user';

/** A first password for an account joined without one; once set, the kept user says so (Mon compte). */
export async function addPassword(user: User, input: AddPasswordInput) {
  const result = await call(addPasswordEndpoint, { body: input });
  if (result.ok) await storeCurrentUser({ ...user, has_password: true });
  return result;
}
