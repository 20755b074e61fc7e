import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** The peer's address, for rate limits. In-process tests have no socket: they all count as one address. */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'in-process';
  }
}
