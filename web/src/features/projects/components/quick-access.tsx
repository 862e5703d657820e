import { Link, NavLink } from 'react-router-dom';
import { QUICK_ACCESS_COLLAPSED_DOTS, quickAccessProjects, showViewAllProjects } from '@shared/rules/projects';
import { PlusIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useProjectLinkPrefetch } from '../api/get-project-items';
import { useProjects } from '../api/get-projects';
import { ColorDot } from './color-dot';
import './quick-access.css';

/**
 * The sidebar's Quick Access (spec core §2 App shell, §9): up to 10 projects, favorites first then priority,
 * and 'View all N projects' above 5. Collapsed, a plus button (new project) and 4 colour dots.
 */
export function QuickAccess({ collapsed }: { collapsed: boolean }) {
  // Nothing to say while the list loads or when it failed (the page says that): 'No projects yet' is only for an empty list.
  const { data: projects = [], isSuccess: loaded } = useProjects();
  const quick = quickAccessProjects(projects);
  const prefetchOnIntent = useProjectLinkPrefetch();

  if (collapsed) {
    return (
      <section className="sidebar-section" aria-labelledby="quick-access-title">
        <h2 id="quick-access-title" className="visually-hidden">
          Quick Access
        </h2>
        <Link to={paths.app.newProject.getHref()} className="btn btn-ghost btn-icon sidebar-plus" aria-label="New project" title="New project">
          <PlusIcon />
        </Link>
        <ul className="quick-access-dots">
          {quick.slice(0, QUICK_ACCESS_COLLAPSED_DOTS).map((project) => (
            <li key={project.id}>
              <NavLink
                to={paths.app.project.getHref(project.id)}
                {...prefetchOnIntent(project)}
                className="quick-access-dot"
                aria-label={project.name} title={project.name}>
                <ColorDot color={project.color} />
              </NavLink>
            </li>
          ))}
        </ul>
      </section>
    );
  }

  return (
    <section className="sidebar-section" aria-labelledby="quick-access-title">
      <h2 id="quick-access-title" className="sidebar-section-title">
        Quick Access
      </h2>
      {quick.length > 0 ? (
        <ul className="quick-access-list">
          {quick.map((project) => (
            <li key={project.id}>
              <NavLink to={paths.app.project.getHref(project.id)} {...prefetchOnIntent(project)} className="sidebar-link quick-access-link">
                <ColorDot color={project.color} />
                <span className="sidebar-link-label">{project.name}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      ) : loaded ? (
        <p className="sidebar-empty">No projects yet</p>
      ) : null}
      {showViewAllProjects(projects.length) ? (
        <Link to={paths.app.projects.getHref()} className="quick-access-view-all">
          View all {projects.length} projects
        </Link>
      ) : null}
    </section>
  );
}
