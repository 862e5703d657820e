import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';

/** The phone layout's page for a desktop address, where there is one. */
export function mobilePathFor(pathname: string): string | undefined {
  const project = /^\/projects\/([^/]+)/.exec(pathname);
  if (project?.[1] && project[1] !== 'new') return paths.mobile.project.getHref(decodeURIComponent(project[1]));
  const pages: Record<string, string> = {
    [paths.app.dashboard.getHref()]: paths.mobile.home.getHref(),
    [paths.app.projects.getHref()]: paths.mobile.projects.getHref(),
    [paths.app.tasks.getHref()]: paths.mobile.tasks.getHref(),
    [paths.app.notes.getHref()]: paths.mobile.notes.getHref(),
    [paths.app.links.getHref()]: paths.mobile.links.getHref(),
    [paths.app.settings.getHref()]: paths.mobile.settings.getHref(),
    [paths.app.workspaceSettings.getHref()]: paths.mobile.workspaceSettings.getHref(),
  };
  return pages[pathname];
}

/**
 * On a phone-sized screen (styles.css shows it at 640 px and below), a desktop page that has a phone
 * layout offers it (issue 32): "On a phone? Open the mobile layout".
 */
export function MobileLayoutOffer() {
  const mobile = mobilePathFor(useLocation().pathname);
  return mobile ? (
    <p className="mobile-phone-link">
      <Link to={mobile}>On a phone? Open the mobile layout</Link>
    </p>
  ) : null;
}
