import { createServer, ServerResponse, type ServerOptions, validateHeaderName, validateHeaderValue, type RequestListener } from 'node:http';
import { serve } from '@hono/node-server';
import { isApiTarget, securityHeaders, type HeaderPairs, type SecuritySettings } from './security-headers';

type ServeOptions = Omit<Parameters<typeof serve>[0], 'createServer'> & {
  /** What the security headers depend on (security-headers.ts); without it, those of a plain-http server. */
  security?: SecuritySettings;
};

type StoreHeader = (this: ServerResponse, firstLine: string, headers: unknown) => unknown;
/** Node's writer of an answer's head: the status line, then the answer's headers, validated one by one. */
const storeHeader = (ServerResponse.prototype as unknown as { _storeHeader?: StoreHeader })._storeHeader;

/** The headers as the lines of a head, each checked once here rather than on every answer. */
function headLines(pairs: HeaderPairs) {
  return pairs
    .map(([name, value]) => {
      validateHeaderName(name);
      validateHeaderValue(name, value);
      return `${name}: ${value}\r\n`;
    })
    .join('');
}

/**
 * Every answer's head begins with the security headers, written after its status line by Node's own writer,
 * so that no header goes through Node's `setHeader`. Hono's `c.header` before the handler made Hono build each
 * answer's headers as a `Headers` object, which `@hono/node-server` then converts, instead of its plain-object
 * fast path: a bare Hono app answered /v1/health at 51k req/s without it and 39k with it (autocannon, 50
 * connections). Node's `setHeader` on the response, the way `nosniff` was set before, costs less but still
 * takes `writeHead` off its own fast path (every header of the answer then goes through `setHeader` too): on
 * one core, writing a JSON answer's head took 0.6-0.8 µs bare, 1.6-1.7 µs with `nosniff` set that way, 3.5 µs
 * with these six, and 0.74-0.77 µs with the six written here (a loop of 300,000 heads). The answers must not set
 * these headers themselves: they would be sent twice.
 */
function securedResponse(app: string, api: string) {
  return class SecuredResponse extends ServerResponse {
    _storeHeader(firstLine: string, headers: unknown) {
      return storeHeader!.call(this, firstLine + (isApiTarget(this.req.url ?? '') ? api : app), headers);
    }
  };
}

/** The app on Node's HTTP server, every answer carrying the security headers (security-headers.ts). */
export function serveApp(options: ServeOptions, onListen?: Parameters<typeof serve>[1]) {
  const { security = { publicUrl: 'http://localhost' }, ...rest } = options;
  const headers = securityHeaders(security);
  const [app, api] = [headLines(headers.app), headLines(headers.api)];
  const securedServer = ((serverOptions: object, listener: RequestListener) => {
    if (storeHeader) return createServer({ ...serverOptions, ServerResponse: securedResponse(app, api) } as ServerOptions, listener);
    // A Node without that writer: the same headers, at setHeader's price.
    return createServer(serverOptions, (req, res) => {
      for (const [name, value] of isApiTarget(req.url ?? '') ? headers.api : headers.app) res.setHeader(name, value);
      listener(req, res);
    });
  }) as unknown as typeof createServer;
  return serve({ ...rest, createServer: securedServer } as Parameters<typeof serve>[0], onListen);
}
