import type { ReactNode } from 'react';
import { Link, matchPath, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useCurrentWorkspace } from '@/lib/current-workspace';

/** Pages about the account rather than the workspace: they stay open to set two-factor sign-in up. */
const ACCOUNT_PAGES = [paths.app.settings.path, paths.mobile.settings.path, paths.app.newWorkspace.path, paths.app.timezones.path];

/**
 * The page, or, in a workspace that requires two-factor sign-in of owners and admins while the user (one of
 * them) has not turned it on, what to do about it: every call about the workspace would be refused.
 */
export function TwoFactorNeededGate({ children, settingsHref = paths.app.settings.getHref() }: { children: ReactNode; settingsHref?: string }) {
  const { currentWorkspace } = useCurrentWorkspace();
  const { pathname } = useLocation();
  if (!currentWorkspace?.twoFactorNeeded || ACCOUNT_PAGES.some((page) => matchPath(page, pathname))) return children;
  return (
    <section className="empty-state card" aria-labelledby="two-factor-needed-title">
      <h2 id="two-factor-needed-title">Two-factor sign-in required</h2>
      <p className="muted">
        {currentWorkspace.name} requires owners and admins to sign in with two-factor authentication. Turn it on for your account, then come back
        here. You can still switch to another workspace.
      </p>
      <Link to={settingsHref} className="btn btn-primary">
        Turn on two-factor sign-in
      </Link>
    </section>
  );
}
