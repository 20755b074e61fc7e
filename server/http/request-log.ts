import type { Logger } from 'pino';
import { redactSecretPath } from '../calendar/redact-path';

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>;

/**
 * The app's `fetch`, logging each answer at info level when info is on (production runs at warn). It wraps
 * the whole app rather than being a Hono middleware, so that a request matches only its own route (see
 * `setCallSteps` in route.ts); with info off, an answer ready at once still goes back as it is. The `nosniff`
 * mark is set by the HTTP server (serve-node.ts): set from Hono, it cost more than the rest of a small call.
 */
export function loggingRequests<F extends Fetch>(logger: Logger, fetch: F): F {
  return ((request: Request, ...rest: never[]) => {
    if (!logger.isLevelEnabled('info')) return fetch(request, ...rest);
    const started = performance.now();
    const log = (status: number) =>
      logger.info(
        {
          method: request.method,
          path: redactSecretPath(new URL(request.url).pathname),
          status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
    const answer = fetch(request, ...rest);
    if (!(answer instanceof Promise)) return (log(answer.status), answer);
    return answer.then((response) => (log(response.status), response));
  }) as F;
}
