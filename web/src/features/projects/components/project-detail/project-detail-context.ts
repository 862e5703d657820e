import { useOutletContext } from 'react-router-dom';
import type { ProjectView } from '../../../../../../shared/schemas/project';
import type { ProjectActions } from '../../api/use-project-actions';

/** What the project page hands to its child route (the task dialog at /projects/:projectId/tasks/:taskId). */
export interface ProjectDetailContext {
  readonly project: ProjectView;
  readonly actions: ProjectActions;
  /** Shows a failed background write (one whose dialog has closed) at the top of the page. */
  readonly reportError: (error: unknown, fallback: string) => void;
}

export function useProjectDetailContext(): ProjectDetailContext {
  return useOutletContext<ProjectDetailContext>();
}
