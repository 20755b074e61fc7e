/**
 * What one push is on the wire, whichever road carries it (push-request.ts over HTTP/1.1, push-h2.ts over
 * HTTP/2): apart from both, so that neither imports the other for it.
 */
export interface PushRequest {
  method: string;
  headers: Record<string, string>;
  body: Buffer | null;
  /**
   * Given up after this long without a byte from the push service (Node's socket timeout): an
   * AbortSignal.timeout per push (a timer, a weak reference and listeners each) was some 10 % of a fan-out's CPU.
   */
  timeoutMs: number;
}

/** What a push service answered: its status, and when to come back if it said. */
export interface PushResponse {
  status: number;
  retryAfter: string | null;
}
