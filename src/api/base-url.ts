/**
 * Where /v1 lives: VITE_API_URL when set, else the page's own origin (the server serves the app and the
 * API together; `npm run dev` proxies /v1). The spec's default, localhost:3333, is that same origin.
 */
export const apiBaseUrl = (): string => (import.meta.env.VITE_API_URL ?? '').replace(/\/$/, '');
