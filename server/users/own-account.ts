import type { Context } from 'hono';
import type { AuthUser } from '../deps';
import { forbidden, text } from '../http/errors';

/**
 * Route options for the calls on `/v1/users/{id}…`: one acts on one's own account only. A malformed id
 * is the account's 404, anyone else's id a 403, both before the body is read.
 */
export const ownAccountOnly = {
  ids: { id: text.userNotFound },
  before: (_c: Context, { user, params }: { user: AuthUser; params: { id: string } }) => {
    if (params.id !== user.id) throw forbidden(text.onlyYourself);
  },
};
