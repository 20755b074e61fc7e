import type { MutationRequest } from './mutation-kind';

/** How the replayer and the pull reach /v1: the page and the service worker each give their own. */
export interface Transport {
  fetch: typeof fetch;
  /** Absolute address of the API, without a trailing slash (`https://…` or the page's origin). */
  baseUrl: string;
}

/** Sends one request with the bearer token; a lost connection rejects, as fetch does. */
export function send(transport: Transport, token: string, request: Omit<MutationRequest, 'method'> & { method: string }, headers: Record<string, string> = {}) {
  const url = new URL(`${transport.baseUrl}${request.path}`);
  for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);
  const init: RequestInit = {
    method: request.method,
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, ...headers },
  };
  if (request.body !== undefined) {
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
    init.body = JSON.stringify(request.body);
  }
  return transport.fetch(url, init);
}

/** The French message of an error answer, or a general one when the body says nothing usable. */
export async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body?.message === 'string' && body.message) return body.message;
  } catch {
    // not JSON
  }
  return "Le serveur a refusé cette modification.";
}
