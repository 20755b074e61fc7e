/** The spec's storage key for the auth token. */
export const TOKEN_KEY = 'ga-token';
/** Where the initialisation guard keeps the address to come back to after the bootstrap page. */
export const RETURN_TO_KEY = 'ga-return-to';

const storage = () => (typeof localStorage === 'undefined' ? null : localStorage);

export const getToken = (): string | null => storage()?.getItem(TOKEN_KEY) ?? null;

export function setToken(token: string) {
  storage()?.setItem(TOKEN_KEY, token);
}

export function clearToken() {
  storage()?.removeItem(TOKEN_KEY);
  storage()?.removeItem(RETURN_TO_KEY);
}
