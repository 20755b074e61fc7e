/**
 * Messages the page posts to its service worker, named once for both. CACHE_NEED_PICTURES carries `urls`:
 * the catalogue pictures to keep for offline use (src/pwa/need-pictures.ts sends it, sw/photos.ts acts).
 */
export const CACHE_NEED_PICTURES = 'CACHE_NEED_PICTURES';

/**
 * The message the service worker posts to its pages about its own opening of the local store, with `blocked`:
 * true when it waits on a tab that holds an older version (every page's own opening then waits behind it, and
 * IndexedDB tells only the first opening that it is blocked), false once it went through. sw/sw.ts sends it,
 * src/db/storage-health.ts says it. Short: it is part of the first screen's code.
 */
export const WORKER_STORE = 'store';
