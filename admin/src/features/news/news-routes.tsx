import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';

// News' two screens, each its own chunk, behind one route of app/router.tsx: the first load has no room left (npm run size).
const NewsListPage = lazy(() => import('./news-list-page').then((m) => ({ default: m.NewsListPage })));
const PostEditorPage = lazy(() => import('./post-editor-page').then((m) => ({ default: m.PostEditorPage })));

/** `/news` (the posts) and `/news/:id` (a post's editor). */
export function NewsRoutes() {
  return (
    <Routes>
      <Route index element={<NewsListPage />} />
      <Route path=":id" element={<PostEditorPage />} />
    </Routes>
  );
}
