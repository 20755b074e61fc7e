/**
 * Whether the browser refuses this site its storage (site data blocked, some private modes): reading
 * localStorage throws. The app keeps its session there and everything else in IndexedDB, so it cannot run,
 * and the page says so in French rather than staying blank (storage-blocked-page.ts, a chunk of its own: the
 * first screen's code has no room for words almost nobody reads). main.tsx imports this module first, so the
 * page is asked for before any module that reads the storage as it loads.
 */
export const storageBlocked = (() => {
  try {
    localStorage.getItem('ga-token');
    return false;
  } catch {
    return true;
  }
})();

// A chunk that fails to load is reported by the browser as an unhandled rejection: nothing more to say here.
if (storageBlocked) void import('./storage-blocked-page').then((page) => page.showStorageBlocked());
