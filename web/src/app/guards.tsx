import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { FullPageLoader } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { pathOf, redirectTarget } from '@/lib/redirect';

/**
 * Every route but the landing and auth pages: a visitor without a user goes to /auth/login with the page
 * they came from (router state and ?redirect=); after Sign out, to the plain login page. While the
 * session is being read, a loader shows (no flash of the login page).
 */
export function RequireAuth() {
  const { status, signedOutByUser } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageLoader />;
  if (status === 'signedOut') {
    if (signedOutByUser) return <Navigate to={paths.auth.login.getHref()} replace />;
    const from = pathOf(location);
    return <Navigate to={paths.auth.login.getHref(from)} state={{ from: location }} replace />;
  }
  return <Outlet />;
}

/** The landing and auth pages: a signed-in visitor goes on (to the page they came from, else /dashboard). */
export function RedirectIfSignedIn() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageLoader />;
  if (status === 'signedIn') return <Navigate to={redirectTarget(location.state, location.search)} replace />;
  return <Outlet />;
}
