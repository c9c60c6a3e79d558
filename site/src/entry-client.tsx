import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app';
import { routeForPath } from './routes';
import './index.css';

function hydrate() {
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
    {
      onRecoverableError(error) {
        console.error('Hydration error', error);
      },
    },
  );
}

// The page's chunk is already on its way (<link rel="modulepreload">); waiting for it lets hydration run
// in one pass, with no Suspense fallback replacing the prerendered content.
void routeForPath(window.location.pathname).Page.preload().then(hydrate, hydrate);
