import { useMemo } from 'react';
import type { MilestoneView, NoteView, ProjectView, TaskStatus, TaskView } from '../../../../../shared/schemas/project';
import { useProjects } from '../components/projects-provider';
import type { ProjectsChange } from '../utils/pending-changes';
import { movedTask, removeChild, removeProject, updateChild, updateProject, withCompletion } from '../utils/project-changes';
import * as api from './projects-api';

/** What the forms edit, without the version (the action adds the one it read). */
export type ProjectEdit = Omit<api.UpdateProjectValues, 'version'>;
export type TaskEdit = Omit<api.UpdateTaskValues, 'version'>;
export type MilestoneEdit = Omit<api.UpdateMilestoneValues, 'version'>;
export type NoteEdit = Omit<api.UpdateNoteValues, 'version'>;

/** Creates show up with the reload that follows them: the server assigns their id and position. */
const noChange: ProjectsChange = (projects) => projects;

const nowIso = () => new Date().toISOString();

/**
 * The version the server gives an item after one write of the version `read` (+1 per write). Shown with the
 * optimistic change, so a second write made before the reload lands carries the version the first one
 * produced instead of failing with 409. It is absolute, so re-applying the change to a reloaded list that
 * already holds the write does not count it twice.
 */
const afterWrite = (read: { version: number }) => ({ version: read.version + 1 });

/**
 * The writes of the project detail page, each through the provider's `mutate`: the expected result is
 * shown at once and rolled back if the server refuses (the promise then rejects with its ApiError).
 * Updates carry the version of the item they are given: the one the user read.
 */
export function useProjectActions(project: ProjectView) {
  const { mutate } = useProjects();

  return useMemo(() => {
    const { workspaceId, id: projectId } = project;
    /** `read`: the project as the user saw it when deciding the write. */
    const patchProject = (edit: ProjectEdit, local: Partial<ProjectView>, read: ProjectView = project) =>
      mutate(
        updateProject(projectId, (current) => ({ ...current, ...local, ...afterWrite(read) })),
        () => api.updateProject(workspaceId, projectId, { ...edit, version: read.version }),
      );

    return {
      editProject: (read: ProjectView, edit: Omit<ProjectEdit, 'archived' | 'isFavorite'>) =>
        patchProject(edit, {
          ...edit,
          ...(edit.color ? { color: edit.color.toUpperCase() } : {}),
        }, read),
      toggleFavorite: () => patchProject({ isFavorite: !project.isFavorite }, { isFavorite: !project.isFavorite }),
      archive: () => patchProject({ archived: true }, { archived: true, archivedAt: nowIso() }),
      deleteProject: () => mutate(removeProject(projectId), () => api.deleteProject(workspaceId, projectId)),

      createTask: (values: api.CreateTaskValues) => mutate(noChange, () => api.createTask(workspaceId, projectId, values)),
      editTask: (task: TaskView, edit: TaskEdit) =>
        mutate(
          updateChild(projectId, 'tasks', task.id, (current) => {
            const { status, completed, ...fields } = edit;
            const completion = { ...(status === undefined ? {} : { status }), ...(completed === undefined ? {} : { completed }) };
            return { ...withCompletion({ ...current, ...fields }, completion, nowIso()), ...afterWrite(task) };
          }),
          () => api.updateTask(workspaceId, projectId, task.id, { ...edit, version: task.version }),
        ),
      moveTask: (task: TaskView, status: TaskStatus, position: number) =>
        mutate(
          updateChild(projectId, 'tasks', task.id, (current) => ({ ...movedTask(current, status, position, nowIso()), ...afterWrite(task) })),
          () => api.moveTask(workspaceId, projectId, task.id, { version: task.version, status, position }),
        ),
      deleteTask: (task: TaskView) => mutate(removeChild(projectId, 'tasks', task.id), () => api.deleteTask(workspaceId, projectId, task.id)),

      createMilestone: (values: api.CreateMilestoneValues) => mutate(noChange, () => api.createMilestone(workspaceId, projectId, values)),
      editMilestone: (milestone: MilestoneView, edit: MilestoneEdit) =>
        mutate(
          updateChild(projectId, 'milestones', milestone.id, (current) => ({ ...current, ...edit, ...afterWrite(milestone) })),
          () => api.updateMilestone(workspaceId, projectId, milestone.id, { ...edit, version: milestone.version }),
        ),
      toggleMilestone: (milestone: MilestoneView) =>
        mutate(
          updateChild(projectId, 'milestones', milestone.id, (current) => ({
            ...current,
            completed: !current.completed,
            completedAt: current.completed ? null : nowIso(),
            ...afterWrite(milestone),
          })),
          () => api.updateMilestone(workspaceId, projectId, milestone.id, { completed: !milestone.completed, version: milestone.version }),
        ),
      deleteMilestone: (milestone: MilestoneView) =>
        mutate(removeChild(projectId, 'milestones', milestone.id), () => api.deleteMilestone(workspaceId, projectId, milestone.id)),

      /** `targetProjectId`: the project chosen in the note dialog's selector. */
      createNote: (targetProjectId: string, values: api.CreateNoteValues) => mutate(noChange, () => api.createNote(workspaceId, targetProjectId, values)),
      editNote: (note: NoteView, edit: NoteEdit) => {
        const moves = edit.projectId !== undefined && edit.projectId !== note.projectId;
        // A note moving to another project appears there with the reload.
        const change = moves ? removeChild(projectId, 'notes', note.id) : updateChild(projectId, 'notes', note.id, (current) => ({ ...current, ...edit, ...afterWrite(note) }));
        return mutate(change, () => api.updateNote(workspaceId, projectId, note.id, { ...edit, version: note.version }));
      },
      deleteNote: (note: NoteView) => mutate(removeChild(projectId, 'notes', note.id), () => api.deleteNote(workspaceId, projectId, note.id)),
    };
  }, [project, mutate]);
}

export type ProjectActions = ReturnType<typeof useProjectActions>;
