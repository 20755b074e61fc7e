import type { Context, MiddlewareHandler, Next } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from '../deps';
import { redactFeedToken } from '../calendar/redact-path';

/**
 * Marks every answer `nosniff` and logs it at info level. The header is set before the handler runs, so
 * that `c.json`, `c.body`, the error and not-found handlers build their answer with it. Setting it after
 * `next()` costs more than the rest of a small call: Hono's `c.header` then reads `bodyUsed`, which makes
 * `@hono/node-server` re-create the Response and stream its body instead of writing it in one go. The
 * log line, and the wait for the answer that it needs, only when info is on (production runs at warn).
 */
export function markAndLogRequests(logger: Logger): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    c.header('X-Content-Type-Options', 'nosniff');
    return logger.isLevelEnabled('info') ? logRequest(logger, c, next) : next();
  };
}

async function logRequest(logger: Logger, c: Context<AppEnv>, next: Next) {
  const started = performance.now();
  await next();
  logger.info(
    { method: c.req.method, path: redactFeedToken(c.req.path), status: c.res.status, ms: Math.round(performance.now() - started) },
    'request',
  );
}
