import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { reportView } from '../../lib/analytics';
import { markNavigated, usePageData } from '../../lib/page-data';
import { Spinner } from '../ui/spinner';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { ScrollManager } from './scroll-manager';
import { Toaster } from './toaster';

export function SiteLayout() {
  const { pathname } = useLocation();
  const data = usePageData();
  // The first page's head came with its HTML; each navigation after it writes the next page's, with code fetched
  // with the first navigation (the content loader's chunk), not with every page's first load.
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    markNavigated();
    void import('../../lib/seo').then(({ applyHead }) => applyHead(pathname, data));
  }, [pathname, data]);
  useEffect(() => reportView(pathname), [pathname]);

  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only z-50 rounded bg-indigo-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <ScrollManager />
      <Navbar />
      <main id="main" className="flex-1" tabIndex={-1}>
        <Suspense fallback={<Spinner label="Loading page" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Toaster />
    </div>
  );
}
