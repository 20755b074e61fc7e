import type { Context, Next } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from '../deps';
import { redactFeedToken } from '../calendar/redact-path';

/**
 * Logs an answer at info level (server/app.ts calls it only when info is on: production runs at warn). The
 * `nosniff` mark is set by the HTTP server (serve-node.ts): set here, it cost more than the rest of a small call.
 */
export async function logRequest(logger: Logger, c: Context<AppEnv>, next: Next) {
  const started = performance.now();
  await next();
  logger.info(
    { method: c.req.method, path: redactFeedToken(c.req.path), status: c.res.status, ms: Math.round(performance.now() - started) },
    'request',
  );
}
