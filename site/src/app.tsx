import { Route, Routes } from 'react-router-dom';
import { SiteLayout } from './components/layout/site-layout';
import { bookingRoute, jobRoute, otherRoute, publicRoutes } from './routes';

export function App() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        {publicRoutes.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path={jobRoute.path} element={<jobRoute.Page />} />
        <Route path={bookingRoute.path} element={<bookingRoute.Page />} />
        <Route path="*" element={<otherRoute.Page />} />
      </Route>
    </Routes>
  );
}
