import { call } from '../../api/client';
import { deleteUser } from '../../contract/endpoints/users';
import { track } from '../../analytics/analytics';
import { clearSession } from '../../session/clear-session';
import { toast, TOAST_TEXT } from '../../state/toasts';

/** Deletes the account; only once the server has deleted it is the session forgotten here. */
export async function deleteAccount(userId: string) {
  const result = await call(deleteUser, { params: { id: userId } });
  if (!result.ok) return result;
  track('delete_account');
  await clearSession();
  toast.success(TOAST_TEXT.deleted);
  return result;
}
