import { exportRoutes } from './export/routes';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv, Deps } from './deps';
import { HttpError, answerRouteNotFound, text } from './http/errors';
import { authenticate } from './http/authenticate';
import { BODY_METHODS, limitBody } from './http/body-limit';
import { loggingRequests } from './http/request-log';
import { setCallSteps } from './http/route';
import { createSerializers } from './serialize';
import { authRoutes } from './auth/routes';
import { verifyEmailRoutes } from './auth/verify-email-routes';
import { signInLinkRoutes } from './auth/sign-in-link-routes';
import { addPasswordRoute } from './auth/add-password-route';
import { passkeyRoutes } from './auth/passkey-routes';
import { userRoutes } from './users/routes';
import { notificationSettingsRoutes } from './notification-settings/routes';
import { unsubscribeRoutes } from './mail/unsubscribe-routes';
import { villageRoutes } from './villages/routes';
import { createVillageViewCache } from './villages/view-cache';
import { joinRoutes } from './villages/join-routes';
import { invitationRoutes } from './invitations/routes';
import { villagePhotoRoutes } from './villages/photo-routes';
import { villageStateRoutes } from './villages/state-routes';
import { villageCloseRoutes } from './villages/close-routes';
import { refuseWritesToClosedVillages } from './villages/closed-guard';
import { needRoutes } from './needs/routes';
import { helpRoutes } from './helps/routes';
import { slotRoutes } from './slots/routes';
import { villageMemberRoutes, villagerRoutes } from './villagers/routes';
import { actionRoutes } from './actions/routes';
import { messageRoutes } from './messages/routes';
import { newsRoutes } from './news/routes';
import { newsReactionRoutes } from './news/reaction-routes';
import { newsPhotoRoutes } from './news/photo-routes';
import { categoryRoutes } from './categories/routes';
import { calendarRoutes } from './calendar/routes';
import { redactSecretPath } from './calendar/redact-path';
import { staticRoutes } from './static/routes';
import { MAX_PHOTO_BYTES } from './photos/process-photo';
import { createCaches } from './cache/caches';
import { keepCachesFresh } from './cache/notifications';
import { createEventHub } from './events/hub';
import { eventRoutes } from './events/routes';
import { sharedSecret } from './events/shared-secret';
import { pushRoutes } from './push/routes';
import { healthRoutes } from './health/routes';
import { operatorRoutes } from './operator/routes';
import { openApiRoutes } from './openapi/routes';
import { batchRoutes } from './batch/routes';
import { deviceRoutes } from './devices/routes';
import { DATABASE_RETRY_AFTER, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './db/unavailable';
import { STORAGE_FULL_MESSAGE, STORAGE_FULL_RETRY_AFTER, findStorageFull } from './db/storage-full';
import { vapidKeys } from './push/vapid-keys';

const JSON_LIMIT = 1024 * 1024;

/** The whole HTTP app, built from its dependencies so that each test can have its own world. */
export function createApp(input: Deps) {
  const deps: Deps = { ...input, caches: input.caches ?? createCaches(() => input.clock.now().getTime()) };
  if (deps.listen) {
    keepCachesFresh(deps.listen, deps.caches!).catch((error) => deps.logger.error({ err: error }, 'LISTEN failed'));
  }
  // After the caches' LISTEN, so that a stream checking its reader's membership reads it afresh.
  const events = createEventHub();
  if (deps.listen) events.listen(deps.listen).catch((error) => deps.logger.error({ err: error }, 'LISTEN failed'));
  const serialize = createSerializers(deps.publicUrl);
  const app = new Hono<AppEnv>();

  // The steps of every call, run by its route (setCallSteps says why): the body limit, only where a body can
  // come (a GET goes straight on; the photo's multipart envelope adds a little to the 10 MB photo, whose own
  // size is checked after, as is a news post's `/photos`; every method, as routes are what name theirs), then the token read. The log line
  // wraps the app's fetch, below.
  const jsonLimit = limitBody(JSON_LIMIT);
  const photoLimit = limitBody(MAX_PHOTO_BYTES + 64 * 1024);
  const authenticated = authenticate(deps);
  // Then a closed village's writes are refused, in this one place (villages/closed-guard.ts).
  const closedGuard = refuseWritesToClosedVillages(deps);
  const readToken: typeof authenticated = (c, next) => authenticated(c, () => closedGuard(c, next));
  setCallSteps(app, (c, next) => {
    if (!BODY_METHODS.has(c.req.method)) return readToken(c, next);
    const limit = c.req.path.endsWith('/photo') || c.req.path.endsWith('/photos') ? photoLimit : jsonLimit;
    return limit(c, () => readToken(c, next));
  });
  app.fetch = loggingRequests(deps.logger, app.fetch);

  // Each resource registers its calls from the endpoint table of the contract (server/http/route.ts).
  healthRoutes(app);
  operatorRoutes(app, deps);
  openApiRoutes(app);
  authRoutes(app, deps, serialize);
  verifyEmailRoutes(app, deps);
  signInLinkRoutes(app, deps, serialize);
  addPasswordRoute(app, deps);
  passkeyRoutes(app, deps, serialize);
  userRoutes(app, deps, serialize);
  notificationSettingsRoutes(app, deps);
  unsubscribeRoutes(app, deps);
  calendarRoutes(app, deps);
  exportRoutes(app, deps);
  pushRoutes(app, deps, vapidKeys(deps.db));
  categoryRoutes(app, deps, serialize);
  joinRoutes(app, deps, serialize);
  invitationRoutes(app, deps);
  villageRoutes(app, deps, serialize, createVillageViewCache());
  villageStateRoutes(app, deps, serialize);
  villageCloseRoutes(app, deps, serialize);
  villagePhotoRoutes(app, deps, serialize);
  needRoutes(app, deps, serialize);
  helpRoutes(app, deps, serialize);
  slotRoutes(app, deps);
  villageMemberRoutes(app, deps, serialize);
  villagerRoutes(app, deps, serialize);
  actionRoutes(app, deps, serialize);
  messageRoutes(app, deps, serialize);
  newsRoutes(app, deps, serialize);
  newsReactionRoutes(app, deps, serialize);
  newsPhotoRoutes(app, deps, serialize);
  eventRoutes(app, deps, events, sharedSecret(deps.db, 'event_tickets'));
  batchRoutes(app);
  deviceRoutes(app, deps);
  app.route('/', staticRoutes(deps));

  app.notFound(answerRouteNotFound);

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return c.json({ message: error.message, http_code: error.status, ...(error.errors ? { errors: error.errors } : {}) }, error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ message: text.unexpected, http_code: error.status }, error.status as ContentfulStatusCode);
    }
    if (isDatabaseUnavailable(error)) {
      deps.logger.warn({ err: error, method: c.req.method, path: redactSecretPath(c.req.path) }, 'database unavailable');
      c.header('Retry-After', DATABASE_RETRY_AFTER);
      return c.json({ message: DATABASE_UNAVAILABLE_MESSAGE, http_code: 503 }, 503);
    }
    const full = findStorageFull(error);
    if (full) {
      // Every write fails alike until space is freed: one line each, without a stack.
      deps.logger.error({ ...full, method: c.req.method, path: redactSecretPath(c.req.path) }, 'storage full');
      c.header('Retry-After', STORAGE_FULL_RETRY_AFTER);
      return c.json({ message: STORAGE_FULL_MESSAGE, http_code: 503 }, 503);
    }
    deps.logger.error({ err: error, method: c.req.method, path: redactSecretPath(c.req.path) }, 'unhandled error');
    return c.json({ message: text.unexpected, http_code: 500 }, 500);
  });

  return app;
}
export type App = ReturnType<typeof createApp>;
