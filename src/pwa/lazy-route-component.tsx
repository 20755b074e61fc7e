import { createElement, use, type ComponentType } from 'react';
import { ChunkLoadFailed, importChunk } from './lazy-chunk';

const RELOADED_FOR = 'village:reloaded-for-screen';

/** A reload made for this address this long ago was the retry: the next failure goes to the error screen. */
const RELOAD_MEMORY_MS = 60_000;

const reloadedHereLately = () => {
  const [at, href] = (sessionStorage.getItem(RELOADED_FOR) ?? '').split(' ');
  return href === location.href && Date.now() - Number(at) < RELOAD_MEMORY_MS;
};

/**
 * A screen's chunk that still fails in a page that stays (importChunk) is tried once more in a fresh page: the
 * browser remembers a failed module for the document's life (Firefox asked the server for it once, however many
 * times it was imported), so only a reload fetches it again. The reload is made once per address (kept for a
 * minute, whatever the other screens of the page did meanwhile); when the reloaded page fails too, or when there
 * is no network to reload from, the error goes to the error screen.
 */
async function importScreen<Module>(importer: () => Promise<Module>): Promise<Module> {
  try {
    return await importChunk(importer);
  } catch (error) {
    if (!(error instanceof ChunkLoadFailed) || navigator.onLine === false || reloadedHereLately()) throw error;
    sessionStorage.setItem(RELOADED_FOR, `${Date.now()} ${location.href}`);
    location.reload();
    return new Promise<Module>(() => {});
  }
}

/**
 * The app's own `lazyRouteComponent`, which the route code splitter uses for every screen (vite.config.ts swaps
 * it for TanStack's). TanStack's reloads the page the first time a screen's chunk fails to load; in Firefox that
 * failure comes from the page being left (src/pwa/lazy-chunk.ts), and the reload then replaced the address the
 * user had just asked for with the old one. Here a page being left waits; a page that stays tries the chunk
 * again, then in a reloaded page, then shows the routes' error screen in French rather than a blank page.
 */
export function lazyRouteComponent<Props extends object, Module extends Record<string, unknown>>(
  importer: () => Promise<Module>,
  exportName = 'default',
) {
  let loading: Promise<void> | undefined;
  let component: ComponentType<Props> | undefined;
  let failure: unknown;

  const load = () => {
    if (!loading) {
      failure = undefined;
      loading = importScreen(importer).then(
        (module) => {
          component = module[exportName] as ComponentType<Props>;
        },
        (error: unknown) => {
          // The next visit to the screen tries again.
          loading = undefined;
          failure = error;
        },
      );
    }
    return loading;
  };

  function Lazy(props: Props) {
    if (!component && !failure) use(load());
    if (failure) throw failure;
    return createElement(component!, props);
  }
  // The router preloads a screen on intent and before rendering it.
  Lazy.preload = load;
  return Lazy;
}
