import { useRoutes, type RouteObject } from 'react-router-dom';
import { SiteLayout } from './components/layout/site-layout';
import { bookingRoute, jobRoute, otherRoute, publicRoutes } from './routes';

// The route objects themselves rather than <Routes> and <Route> elements: the same matching without the bundle
// carrying react-router's conversion of <Route> children into these objects.
const siteRoutes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      ...publicRoutes.map(({ path, Page }) => ({ path, element: <Page /> })),
      { path: jobRoute.path, element: <jobRoute.Page /> },
      { path: bookingRoute.path, element: <bookingRoute.Page /> },
      { path: '*', element: <otherRoute.Page /> },
    ],
  },
];

export function App() {
  return useRoutes(siteRoutes);
}
