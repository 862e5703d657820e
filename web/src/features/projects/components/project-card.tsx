import { Link } from 'react-router-dom';
import { completionPercent } from '@shared/rules/projects';
import type { ProjectSummary } from '@shared/schemas/project';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { useProjectLinkPrefetch } from '../api/get-project-items';
import { ColorDot } from './color-dot';
import { deadlineLabel } from '../utils/deadline-label';
import { priorityLabels } from '../utils/labels';
import './priority-badge.css';
import './project-list.css';

/**
 * A project in the list (spec core §2 Projects list). The name is the link; its ::after stretches over the
 * card so the whole card is clickable while the link's name stays just the project's name.
 */
/** `href`: where the card leads (the project page, or the mobile layout's). */
export function ProjectCard({ project, today, href }: { project: ProjectSummary; today: string; href?: string }) {
  const deadline = deadlineLabel(project.deadline, today);
  const prefetchOnIntent = useProjectLinkPrefetch();
  return (
    <article className="project-card card">
      <div className="project-card-head">
        <ColorDot color={project.color} />
        <h3 className="project-card-title">
          <Link to={href ?? paths.app.project.getHref(project.id)} {...prefetchOnIntent(project)} className="project-card-link">
            {project.name}
          </Link>
        </h3>
        {project.isFavorite ? (
          <span className="project-card-favorite" title="Favorite">
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">Favorite</span>
          </span>
        ) : null}
      </div>
      <div className="project-card-tags">
        <span className={`deadline-badge deadline-${deadline.tone}`}>{deadline.text}</span>
        <span className={`priority-badge priority-${project.priority}`}>{priorityLabels[project.priority]}</span>
        {project.archived ? <span className="tag">Archived</span> : null}
      </div>
      {project.description ? <p className="project-card-description">{project.description}</p> : null}
      <ProgressBar label={`${project.name} progress`} value={completionPercent(project)} />
      <p className="project-card-count">
        {project.completedTaskCount} of {project.taskCount} tasks completed
      </p>
    </article>
  );
}
