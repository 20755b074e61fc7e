import { call } from '../../api/client';
import { type UpdateUserInput, User } from '../../contract';
import { storeCurrentUser } from '../../session/current-user';

/** PUT /v1/users/{id}, then the saved user is kept locally so every screen shows it. */
export async function updateProfile(userId: string, input: UpdateUserInput) {
  const result = await call('PUT', `/v1/users/${userId}`, { body: input, schema: User, showErrorPage: false });
  if (result.ok) await storeCurrentUser(result.data);
  return result;
}
