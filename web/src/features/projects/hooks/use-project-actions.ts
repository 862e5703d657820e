import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { ProjectSummary } from '@shared/schemas/project';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { useReportWriteFailure } from '@/hooks/use-report-write-failure';
import { cachedProjects } from '../api/project-cache';
import { DELETE_PROJECT_FAILED, UPDATE_PROJECT_FAILED, useDeleteProject, useUpdateProject } from '../api/project-mutations';

export const ARCHIVE_PROJECT_CONFIRMATION = 'Are you sure you want to archive this project?';

/** Where a deleted project and its contents go (the Trash, issue 37). */
const PROJECT_WAITS_IN_TRASH = 'The project waits in the Trash for 30 days.';

const counted = (count: number, one: string) => `${count} ${count === 1 ? one : `${one}s`}`;

/**
 * The spec's delete confirmation, naming the project and what goes with it ('Its 6 tasks, 2 milestones and
 * 1 note are deleted with it.'), so nobody deletes a project's contents unawares; since the Trash (issue 37)
 * it says where they wait instead of that it cannot be undone.
 */
export function deleteProjectConfirmation(project: Pick<ProjectSummary, 'name' | 'taskCount' | 'milestoneCount' | 'noteCount'>): string {
  const contents = [
    project.taskCount > 0 ? counted(project.taskCount, 'task') : '',
    project.milestoneCount > 0 ? counted(project.milestoneCount, 'milestone') : '',
    project.noteCount > 0 ? counted(project.noteCount, 'note') : '',
  ].filter(Boolean);
  const listed = contents.length > 1 ? `${contents.slice(0, -1).join(', ')} and ${contents.at(-1) ?? ''}` : (contents[0] ?? '');
  const goesWithIt = listed ? ` Its ${listed} ${contents.length === 1 && listed.startsWith('1 ') ? 'is' : 'are'} deleted with it.` : ' It holds no tasks, milestones or notes.';
  return `Are you sure you want to delete ${project.name}?${goesWithIt} ${PROJECT_WAITS_IN_TRASH}`;
}

/**
 * Archive and Delete of the project page (spec core §2: then to /). Each asks first, then stays on the page
 * until the server has done it; only then does the page go. A failure is a toast with Retry, which sends the
 * write again without asking twice, and the page stays. The outcome is awaited on the write's promise, not
 * with mutate()'s callbacks: the change's own push may take the project out of the cache (and this page
 * off the screen) before the answer arrives, and mutate()'s callbacks are dropped once the page is gone.
 */
export function useProjectActions(project: ProjectSummary) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const reportFailure = useReportWriteFailure();
  const updateProject = useUpdateProject();
  const deleteProject = useDeleteProject();
  // Only from this project's pages: someone who went elsewhere meanwhile stays where they are.
  const projectHref = paths.app.project.getHref(project.id);
  const leave = () => {
    const { pathname } = window.location;
    if (pathname === projectHref || pathname.startsWith(`${projectHref}/`)) void navigate(paths.home.getHref());
  };
  // A retry writes with the project as cached then (a refused write may have reloaded a newer version).
  const latest = () => cachedProjects(queryClient, project.workspaceId)?.find((candidate) => candidate.id === project.id) ?? project;

  const sendArchive = (): void =>
    void updateProject.mutateAsync({ project: latest(), edit: { archived: true } }).then(leave, (error: unknown) => reportFailure(error, UPDATE_PROJECT_FAILED, sendArchive));
  const sendDelete = (): void => void deleteProject.mutateAsync(project).then(leave, (error: unknown) => reportFailure(error, DELETE_PROJECT_FAILED, sendDelete));

  const archive = async () => {
    if (await confirm({ message: ARCHIVE_PROJECT_CONFIRMATION, title: 'Archive Project', confirmLabel: 'Archive' })) sendArchive();
  };
  const remove = async () => {
    if (await confirm({ message: deleteProjectConfirmation(latest()), title: 'Delete Project', confirmLabel: 'Delete', danger: true })) sendDelete();
  };

  const busy: 'archive' | 'delete' | undefined =
    updateProject.isPending && updateProject.variables.edit.archived ? 'archive' : deleteProject.isPending ? 'delete' : undefined;
  return { archive: () => void archive(), remove: () => void remove(), busy, confirmDialog: dialog };
}
