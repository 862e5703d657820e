import { useOutletContext } from 'react-router-dom';
import type { ProjectItems, ProjectSummary, TaskView } from '@shared/schemas/project';

/** What the project page hands to its child route (the task dialog at /projects/:projectId/tasks/:taskId). */
export interface ProjectDetailContext {
  readonly project: ProjectSummary;
  readonly items: ProjectItems;
  /**
   * Deletes a task from the page, which stays mounted: the dialog closes at once and a refusal is shown on
   * the page.
   */
  readonly removeTask: (task: TaskView) => void;
  /** The page's own address, which closing the dialog goes back to (with the Tasks tab's `?view=`, if one was chosen). */
  readonly pageHref: string;
}

export function useProjectDetailContext(): ProjectDetailContext {
  return useOutletContext<ProjectDetailContext>();
}
