import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './router';
import { startPendingJoin } from './features/join/pending-join';
import { consumeLaunches } from './features/join/launch-queue';
import './styles.css';

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

// A join asked for offline goes out once the app is ready and whenever the network comes back.
startPendingJoin();
// The installed app opened by a join link: the router shows it in the running window.
consumeLaunches(router);
