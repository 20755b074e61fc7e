import * as v from 'valibot';
import { endpoint } from '../endpoint';
import { NOTIFICATION_KINDS } from '../notification-settings';

export const unsubscribeMail = endpoint({
  name: 'unsubscribeMail',
  method: 'POST',
  path: '/v1/mail/unsubscribe/{token}',
  summary:
    'One-click unsubscribe (RFC 8058): the token of a mail’s List-Unsubscribe link turns that kind of mail off for its person; no session, body `List-Unsubscribe=One-Click` (read or not)',
  auth: false,
  status: 200,
  answer: { data: v.object({ kind: v.picklist(NOTIFICATION_KINDS) }) },
});
