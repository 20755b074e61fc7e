/** The query of the sign-in pages: where to go back after signing in, and whether a session just expired. */
export interface AuthSearch {
  redirect?: string;
  expired?: boolean;
}

export function parseAuthSearch(search: Record<string, unknown>): AuthSearch {
  return {
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
    expired: search.expired === true || search.expired === 'true' ? true : undefined,
  };
}
