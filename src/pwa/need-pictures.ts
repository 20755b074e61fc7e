import type { NeedCategory } from '../contract';
import { CACHE_NEED_PICTURES } from '../contract/worker-messages';

/**
 * The catalogue pictures are served by the server, not built with the app, so they cannot be precached;
 * and cached only when first shown, the add-a-need screen first opened offline would show none. Once the
 * catalogue is known, the worker fetches those it does not hold yet. Not awaited by anyone: a picture
 * missed now is fetched again on the next start.
 */
export function cacheNeedPictures(categories: NeedCategory[]) {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const urls = categories.flatMap((category) => category.needs ?? []).flatMap((need) => (need.photo ? [need.photo.original_url] : []));
  if (!urls.length) return;
  // `ready` also covers the first visit, before the worker controls the page.
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: CACHE_NEED_PICTURES, urls }));
}
