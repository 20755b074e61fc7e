import type { AnyEndpoint } from '../endpoint';
import * as auth from './auth';
import * as sessions from './sessions';
import * as users from './users';
import * as villages from './villages';
import * as needs from './needs';
import * as villagers from './villagers';
import * as helps from './helps';
import * as helpThanks from './help-thanks';
import * as replacement from './replacement';
import * as slots from './slots';
import * as actions from './actions';
import * as messages from './messages';
import * as events from './events';
import * as categories from './categories';
import * as notificationSettings from './notification-settings';
import * as calendar from './calendar';
import * as health from './health';
import * as push from './push';
import * as invitations from './invitations';
import * as mail from './mail';
import * as batch from './batch';
import * as devices from './devices';
import * as signInLinks from './sign-in-links';
import * as passkeys from './passkeys';
import * as news from './news';
import * as operator from './operator';
import * as exports from './exports';

/**
 * Every call of /v1, once. The server registers its routes from this list and the OpenAPI document is
 * generated from it. The app imports each endpoint from its own file instead, so a screen's bundle carries
 * only the schemas of the calls it makes.
 */
export const endpointTable: readonly AnyEndpoint[] = [
  auth,
  sessions,
  users,
  villages,
  needs,
  villagers,
  helps,
  helpThanks,
  replacement,
  slots,
  actions,
  messages,
  events,
  categories,
  notificationSettings,
  calendar,
  health,
  push,
  invitations,
  mail,
  batch,
  devices,
  signInLinks,
  passkeys,
  news,
  operator,
  exports,
].flatMap((group) =>
  Object.values(group).filter(
    (value): value is AnyEndpoint => typeof value === 'object' && value !== null && 'method' in value && 'path' in value,
  ),
);
