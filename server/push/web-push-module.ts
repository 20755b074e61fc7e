/**
 * web-push (some 250 KB once bundled) is loaded with the first push, not at the server's start, which
 * `npm run bench:start` times. The import is made once: a dynamic import() per push goes through the module
 * loader every time (its resolve hooks when run by tsx), which a 500-member fan-out felt.
 */
const importWebPush = () => import('web-push').then((module) => module.default);
let loaded: ReturnType<typeof importWebPush> | undefined;

export const loadWebPush = () => (loaded ??= importWebPush());
