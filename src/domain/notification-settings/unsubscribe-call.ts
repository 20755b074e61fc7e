import { call } from '../../api/client';
import { unsubscribeMail } from '../../contract/endpoints/mail';

/** The one-click unsubscribe, from the page a mail's footer opens: no session, nothing to queue. */
export const unsubscribeFromMail = (token: string) => call(unsubscribeMail, { params: { token } });
