/**
 * Messages the page posts to its service worker, named once for both. CACHE_NEED_PICTURES carries `urls`:
 * the catalogue pictures to keep for offline use (src/pwa/need-pictures.ts sends it, sw/photos.ts acts).
 */
export const CACHE_NEED_PICTURES = 'CACHE_NEED_PICTURES';
