import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
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

createRoot(root).render(
  <StrictMode>
    <BrowserRouter basename={ADMIN_BASENAME}>
      <AdminApp />
    </BrowserRouter>
  </StrictMode>,
);
