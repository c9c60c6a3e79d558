import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ADMIN_BASENAME, AdminApp } from './app/router';
import './index.css';

// Screens load on first visit (see app/router.tsx). After a release the chunks this tab knows may be gone:
// reload once to fetch the current app instead of failing; a second failure within a minute is left to surface.
const CHUNK_RELOAD_KEY = 'admin:chunk-reload-at';
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(window.sessionStorage.getItem(CHUNK_RELOAD_KEY));
  if (Date.now() - last < 60_000) return;
  window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A data router, for its navigation blocker (unsaved content asks before leaving, features/content/leave-guard.tsx);
// the routes themselves stay the declarative <Routes> of app/router.tsx, under one catch-all route.
const router = createBrowserRouter([{ path: '*', element: <AdminApp /> }], { basename: ADMIN_BASENAME });

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
