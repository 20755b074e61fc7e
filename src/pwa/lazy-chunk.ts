/**
 * Code loaded on demand (a screen, the outbox's kinds, the join helpers) and what becomes of an import that fails.
 *
 * Firefox stops every load of a document as soon as a navigation away from it begins, before the next page has
 * answered: an import still in flight then rejects with « error loading dynamically imported module », though
 * the chunk is fine and precached. That is no error of the app: the page is going away. Seen in the Firefox
 * journey (tests/engines/firefox-journey.test.ts) when an address was opened while the bootstrap page was still
 * loading its code. So a failed import is tried again after a short pause, which never comes for a page that is
 * unloaded (its timers die with it) and comes on its return for a page kept in the back/forward cache; a page
 * still leaving after that waits for good rather than reporting anything. A second failure in a page that stays
 * is a real one (the chunk is gone from the server and from the worker's caches): it rejects with a French message.
 */

export const CHUNK_LOAD_FAILED = "Cette page n'a pas pu être chargée. Vérifiez votre connexion, puis revenez à l'accueil.";

/** How long a failed import waits before its second and last try. */
export const RETRY_DELAY_MS = 500;

/** A navigation away that has not happened after this long was cancelled (or is very slow): the page stays. */
const LEAVING_MS = 10_000;

/** The messages engines give a dynamic import whose module could not be fetched or evaluated. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /^(error loading dynamically imported module|Failed to fetch dynamically imported module|Importing a module script failed)/.test(
    message,
  );
}

/** The failure of an import tried twice in a page that stays, in French for the error screen. */
export class ChunkLoadFailed extends Error {
  constructor(cause: unknown) {
    super(CHUNK_LOAD_FAILED, { cause });
    this.name = 'ChunkLoadFailed';
  }
}

interface ExitEvents {
  addEventListener(type: 'beforeunload' | 'pageshow', listener: (event: Event & { persisted?: boolean }) => void): void;
}

/** Follows a page's exits: whether a navigation away from it began a moment ago and has not brought it back. */
export function pageExitOf(win: ExitEvents, now: () => number = Date.now) {
  let leftAt: number | null = null;
  // A listener that sets no returnValue asks nothing of the user and keeps the page eligible for the back/forward cache.
  win.addEventListener('beforeunload', () => {
    leftAt = now();
  });
  win.addEventListener('pageshow', (event) => {
    if (event.persisted) leftAt = null;
  });
  return { isLeaving: () => leftAt !== null && now() - leftAt < LEAVING_MS };
}

let thisPage: ReturnType<typeof pageExitOf> | null = null;

/** Called once at start (src/main.tsx), before any chunk is imported on demand. */
export function followPageExit() {
  thisPage ??= pageExitOf(window);
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `load` (a function around an `import()`) and tries it once more if its chunk failed to load; a page being
 * left waits for good rather than failing. Any other error (the module threw while evaluating) is passed on.
 */
export async function importChunk<T>(load: () => Promise<T>, isLeaving: () => boolean = () => thisPage?.isLeaving() ?? false): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!isChunkLoadError(error)) throw error;
  }
  await pause(RETRY_DELAY_MS);
  try {
    return await load();
  } catch (error) {
    if (!isChunkLoadError(error)) throw error;
    if (isLeaving()) return new Promise<T>(() => {});
    throw new ChunkLoadFailed(error);
  }
}
