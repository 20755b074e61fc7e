import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './router';
import { provideMutationKinds } from './outbox/registry';
import './styles.css';

// The kinds of queued writes, loaded the first time the outbox is replayed or rebased: not with the first
// screen's code (its size budget), which has no use for them.
provideMutationKinds(() => import('./app/mutation-kinds').then((m) => m.mutationKinds));

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
try {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
} catch (error) {
  // The spec: a mounting failure is logged to the console.
  console.error('Village could not start', error);
}

// Loaded after the first screen's code (its size budget): a join asked for offline goes out once the app
// is ready and whenever the network comes back; the installed app opened by a join link shows it in the
// running window (the browser keeps launches queued until a consumer is set).
// The join page starts it itself when it keeps a code; here only for a code kept on an earlier visit.
if (localStorage.getItem('ga-pending-join')) void import('./features/join/pending-join').then(({ startPendingJoin }) => startPendingJoin());
void import('./features/join/launch-queue').then(({ consumeLaunches }) => consumeLaunches(router));
