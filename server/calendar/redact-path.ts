/** A calendar address holds its secret token: request logs show the path without it. */
export const redactFeedToken = (path: string) => path.replace(/^(\/v1\/calendar\/)[^/]+$/, '$1…');
