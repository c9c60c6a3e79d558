import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/auth/login-page';
import { RequireAuth } from '../features/auth/require-auth';
import { VerifyPage } from '../features/auth/verify-page';
import { Toasts } from '../lib/toasts';
import { Loading } from '../components/ui/feedback';

export const ADMIN_BASENAME = '/admin';

// What an admin downloads before signing in is React, the router (a data router, main.tsx) and the two sign-in
// screens; the invitee's page, opened once per admin, is a chunk of its own. The signed-in shell (store, RTK Query,
// layout and the screens' routes, signed-in-routes.tsx) is one chunk, fetched once the guard lets the admin in; each
// screen is its own chunk, fetched when first opened (the guard and the layout show a loading status meanwhile).
const AcceptInvitePage = lazy(() => import('../features/auth/accept-invite-page').then((m) => ({ default: m.AcceptInvitePage })));
// Single sign-on's last step (decision 093), opened only by the provider's way in.
const SsoPage = lazy(() => import('../features/auth/sso-page').then((m) => ({ default: m.SsoPage })));
const SignedInShell = lazy(() => import('./signed-in-shell').then((m) => ({ default: m.SignedInShell })));

/** The sign-in routes and the signed-in shell (SPEC §2), under a router whose basename is /admin, and the toast container. */
export function AdminApp() {
  return (
    <>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/verify-2fa" element={<VerifyPage />} />
        <Route
          path="/sso"
          element={
            <Suspense fallback={<Loading />}>
              <SsoPage />
            </Suspense>
          }
        />
        <Route
          path="/accept-invite"
          element={
            <Suspense fallback={<Loading />}>
              <AcceptInvitePage />
            </Suspense>
          }
        />
        <Route element={<RequireAuth />}>
          <Route path="/*" element={<SignedInShell />} />
        </Route>
      </Routes>
      <Toasts />
    </>
  );
}
