// First: a browser that blocks site storage gets a French explanation before any module reads the storage.
import { storageBlocked } from './app/storage-blocked';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './router';
import { provideMutationKinds } from './outbox/registry';
import { followPageExit, importChunk } from './pwa/lazy-chunk';
import { preloadWarmStart } from './app/warm-start-code';
import { followWorkerStorage } from './db/storage-health';
import './styles.css';
// The join preview card's (join-preview-space.tsx): a join link's first load has them with the page's stylesheet.
import './features/join/join-preview.css';

/** The app, in a browser that lets it keep its data. */
function start() {
  // Before anything is imported on demand: an import cut short by the page being left is not an error (lazy-chunk.ts).
  followPageExit();

  // The kinds of queued writes, loaded the first time the outbox is replayed or rebased: not with the first
  // screen's code (its size budget), which has no use for them.
  provideMutationKinds(() => importChunk(() => import('./domain/mutation-kinds')).then((m) => m.mutationKinds));

  // The worker's opening of the store, blocked by an older tab, holds up the page's without the browser saying so.
  if ('serviceWorker' in navigator) followWorkerStorage(navigator.serviceWorker);

  // A warm start's code, every level of it at once rather than one guard after another (warm-start-code.ts).
  preloadWarmStart(router, location.pathname);

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  try {
    // A transition: React renders the first screen in slices of a few milliseconds instead of one long task,
    // which Lighthouse's simulation counted as blocking time once the page painted earlier (`bench:lighthouse`).
    // StrictMode's checks run in development only: the build leaves it out, bytes of the first screen's budget.
    const app = <RouterProvider router={router} />;
    startTransition(() => createRoot(root).render(import.meta.env.DEV ? <StrictMode>{app}</StrictMode> : app));
  } catch (error) {
    // The spec: a mounting failure is logged to the console.
    console.error('Village could not start', error);
  }

  // Loaded after the first screen's code (its size budget): a join asked for offline goes out once the app
  // is ready and whenever the network comes back; the installed app opened by a join link shows it in the
  // running window (the browser keeps launches queued until a consumer is set).
  // The join page starts it itself when it keeps a code; here only for a code kept on an earlier visit.
  const notStarted = (error: unknown) => console.error('Village: a part of the app could not be loaded', error);
  if (localStorage.getItem('ga-pending-join'))
    importChunk(() => import('./domain/villages/pending-join')).then(({ startPendingJoin }) => startPendingJoin(), notStarted);
  importChunk(() => import('./features/join/launch-queue')).then(({ consumeLaunches }) => consumeLaunches(router), notStarted);
}

// The spec: a mounting failure is logged to the console (the page says it in words: storage-blocked.ts).
if (storageBlocked) console.error('Village: storage blocked');
else start();
