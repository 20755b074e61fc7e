/**
 * Messages the page posts to its service worker, named once for both. CACHE_NEED_PICTURES carries `urls`:
 * the catalogue pictures to keep for offline use (src/pwa/need-pictures.ts sends it, sw/photos.ts acts).
 */
export const CACHE_NEED_PICTURES = 'CACHE_NEED_PICTURES';

/**
 * Messages the service worker posts to its pages. STORAGE_BLOCKED: the worker's opening of the local store waits
 * on a tab that holds an older version; every page's own opening then waits behind it, and IndexedDB tells only
 * the first opening that it is blocked (sw/sw.ts sends it, src/db/storage-health.ts says it). STORAGE_UNBLOCKED:
 * that opening went through.
 */
export const STORAGE_BLOCKED = 'STORAGE_BLOCKED';
export const STORAGE_UNBLOCKED = 'STORAGE_UNBLOCKED';
