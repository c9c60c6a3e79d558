import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { usePageData } from '../../lib/page-data';
import { applyHead } from '../../lib/seo';
import { Spinner } from '../ui/spinner';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { ScrollManager } from './scroll-manager';
import { Toaster } from './toaster';

export function SiteLayout() {
  const { pathname } = useLocation();
  const data = usePageData();
  // The first page's head came with its HTML; each navigation after it writes the next page's.
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    applyHead(pathname, data);
  }, [pathname, data]);

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
