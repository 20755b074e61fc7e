import { call } from '../../api/client';
import type { UpdateUserInput } from '../../contract';
import { updateUser } from '../../contract/endpoints/users';
import { storeCurrentUser } from '../../session/current-user';

/** Saves the profile, then the saved user is kept locally so every screen shows it. */
export async function updateProfile(userId: string, input: UpdateUserInput) {
  const result = await call(updateUser, { params: { id: userId }, body: input });
  if (result.ok) await storeCurrentUser(result.data);
  return result;
}
