import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';

// Pages' three screens, each its own chunk, behind one route of app/router.tsx: their routes and the lists of chunks
// each screen preloads stay out of the first load, which has no room left (npm run size).
const BuiltPagesPage = lazy(() => import('./built-pages-page').then((m) => ({ default: m.BuiltPagesPage })));
const BuiltPageEditorPage = lazy(() => import('./built-page-editor-page').then((m) => ({ default: m.BuiltPageEditorPage })));
const RedirectsPage = lazy(() => import('./redirects-page').then((m) => ({ default: m.RedirectsPage })));

/** `/pages` (the list), `/pages/redirects` (the redirects) and `/pages/:id` (a page's editor). */
export function PagesRoutes() {
  return (
    <Routes>
      <Route index element={<BuiltPagesPage />} />
      <Route path="redirects" element={<RedirectsPage />} />
      <Route path=":id" element={<BuiltPageEditorPage />} />
    </Routes>
  );
}
