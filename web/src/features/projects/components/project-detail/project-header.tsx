import { completionPercent } from '@shared/rules/projects';
import type { ProjectSummary } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { ArchiveIcon, MoreIcon, StarIcon, UserPlusIcon } from '@/components/ui/action-icons';
import { SettingsIcon, TrashIcon } from '@/components/ui/icons';
import { Menu, MenuItem } from '@/components/ui/menu';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format-date';
import { NO_DEADLINE } from '../../utils/deadline-label';

/**
 * The project's header (spec core §2): colour bar, name, description, deadline, progress, the counts of
 * tasks, completed tasks and milestones, and the project actions: the favourite star, Invite Member (owners
 * and admins) and Settings at hand,
 * the rarer and destructive Archive and Delete in a 'More project actions' menu. Below 40rem it stacks.
 */
export function ProjectHeader({
  project,
  busy,
  onSettings,
  onInvite,
  onToggleFavorite,
  onArchive,
  onDelete,
}: {
  project: ProjectSummary;
  /** An archive or delete is under way (the menu button shows it). */
  busy?: 'archive' | 'delete' | undefined;
  onSettings: () => void;
  /** Owners and admins: Invite Member to the project's workspace. */
  onInvite?: (() => void) | undefined;
  onToggleFavorite: () => void;
  onArchive: () => void;
  /** Its creator, owners and admins: Delete (a member may not delete someone else's project). */
  onDelete?: (() => void) | undefined;
}) {
  const percent = completionPercent(project);

  return (
    <header className="project-header card">
      <div className="project-color-bar" style={{ background: project.color }} aria-hidden="true" />
      <div className="project-header-main">
        <div className="project-header-text">
          <div className="project-title-row">
            <h1 className="page-title">{project.name}</h1>
            {project.archived ? <span className="project-archived-badge">Archived</span> : null}
          </div>
          {project.description ? <p className="project-description">{project.description}</p> : null}
        </div>
        <div className="project-actions">
          <button
            type="button"
            className="btn btn-secondary btn-icon project-favorite"
            aria-pressed={project.isFavorite}
            aria-label="Favorite"
            title={project.isFavorite ? 'Remove from favorites' : 'Add to favorites'}
            onClick={onToggleFavorite}
          >
            <StarIcon fill={project.isFavorite ? 'currentColor' : 'none'} />
          </button>
          {onInvite ? (
            <Button onClick={onInvite} title="Invite Member">
              <UserPlusIcon /> <span className="project-action-label">Invite Member</span>
            </Button>
          ) : null}
          <Button onClick={onSettings}>
            <SettingsIcon /> Settings
          </Button>
          {project.archived && !onDelete ? null : (
            <Menu
              button={busy ? <Spinner size="sm" /> : <MoreIcon />}
              buttonLabel="More project actions"
              buttonTitle="More project actions"
              buttonClassName="btn btn-secondary btn-icon"
              align="end"
            >
              {project.archived ? null : (
                <MenuItem icon={<ArchiveIcon />} onSelect={onArchive}>
                  Archive
                </MenuItem>
              )}
              {onDelete ? (
                <MenuItem icon={<TrashIcon />} onSelect={onDelete}>
                  Delete
                </MenuItem>
              ) : null}
            </Menu>
          )}
        </div>
      </div>
      <dl className="project-facts">
        <div>
          <dt>Deadline</dt>
          <dd>{project.deadline ? formatDate(project.deadline) : NO_DEADLINE}</dd>
        </div>
        <div>
          <dt>Tasks</dt>
          <dd>{project.taskCount}</dd>
        </div>
        <div>
          <dt>Completed</dt>
          <dd>{project.completedTaskCount}</dd>
        </div>
        <div>
          <dt>Milestones</dt>
          <dd>{project.milestoneCount}</dd>
        </div>
        <div className="project-progress">
          <dt>Progress</dt>
          <dd>
            <ProgressBar label="Project progress" value={percent} />
          </dd>
        </div>
      </dl>
    </header>
  );
}
