import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { FullPageLoader } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { pathOf, redirectTarget } from '@/lib/redirect';

const loadSignedInServices = () => import('./signed-in-services');
const SignedInServices = lazy(async () => ({ default: (await loadSignedInServices()).SignedInServices }));

/**
 * Every route but the landing and auth pages: a visitor without a user goes to /auth/login with the page
 * they came from (router state and ?redirect=); after Sign out, to the plain login page. While the
 * session is being read, a loader shows (no flash of the login page). Signed in, the pages get the
 * signed-in services (current workspace, realtime).
 */
export function RequireAuth() {
  const { status, signedOutByUser } = useAuth();
  const location = useLocation();
  const queryClient = useQueryClient();
  const signedIn = status === 'signedIn';
  useEffect(() => {
    if (signedIn) void loadSignedInServices().then((services) => services.prefetchSignedInReads(queryClient));
  }, [signedIn, queryClient]);
  if (status === 'loading') return <FullPageLoader />;
  if (status === 'signedOut') {
    if (signedOutByUser) return <Navigate to={paths.auth.login.getHref()} replace />;
    const from = pathOf(location);
    return <Navigate to={paths.auth.login.getHref(from)} state={{ from: location }} replace />;
  }
  return (
    <Suspense fallback={<FullPageLoader />}>
      <SignedInServices>
        <Outlet />
      </SignedInServices>
    </Suspense>
  );
}

/** The landing and auth pages: a signed-in visitor goes on (to the page they came from, else /dashboard). */
export function RedirectIfSignedIn() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageLoader />;
  if (status === 'signedIn') return <Navigate to={redirectTarget(location.state, location.search)} replace />;
  return <Outlet />;
}
