import type { z } from 'zod';
import {
  createMilestoneInput,
  createNoteInput,
  createProjectInput,
  createTaskInput,
  listProjectsResponse,
  milestoneResponse,
  moveTaskInput,
  noteResponse,
  projectResponse,
  taskResponse,
  updateMilestoneInput,
  updateNoteInput,
  updateProjectInput,
  updateTaskInput,
  type MilestoneView,
  type MoveTaskInput,
  type NoteView,
  type ProjectView,
  type TaskView,
} from '../../../../../shared/schemas/project';
import { fieldErrorsOf, invalidBodyMessage } from '../../../../../shared/schemas/field-errors';
import { ApiError, apiRequest } from '../../../lib/api-client';

/**
 * The projects API (shared/routes.ts, issue 3): every call names the workspace; bodies are checked with the
 * schemas the server validates with, so a bad body fails here with the server's 400 shape (ApiError with
 * `fields`) without a round trip; every answer is parsed with its view schema.
 */

/** Error texts of spec core §8: loading the current workspace's list; loading one project. */
export const FETCH_PROJECTS_FAILED = 'Failed to fetch projects';
export const LOAD_PROJECTS_FAILED = 'Failed to load projects';
export const CREATE_PROJECT_FAILED = 'Failed to create project';
export const UPDATE_PROJECT_FAILED = 'Failed to update project';
export const DELETE_PROJECT_FAILED = 'Failed to delete project';

export type CreateProjectValues = z.input<typeof createProjectInput>;
export type UpdateProjectValues = z.input<typeof updateProjectInput>;
export type CreateTaskValues = z.input<typeof createTaskInput>;
export type UpdateTaskValues = z.input<typeof updateTaskInput>;
export type CreateMilestoneValues = z.input<typeof createMilestoneInput>;
export type UpdateMilestoneValues = z.input<typeof updateMilestoneInput>;
export type CreateNoteValues = z.input<typeof createNoteInput>;
export type UpdateNoteValues = z.input<typeof updateNoteInput>;

/** The body to send, or the 400 the server would answer. */
export function checkedBody<S extends z.ZodType>(schema: S, input: z.input<S>): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = fieldErrorsOf(result.error);
  throw new ApiError(400, invalidBodyMessage(fields), fields);
}

const segment = encodeURIComponent;
const projectsPath = (workspaceId: string) => `/workspaces/${segment(workspaceId)}/projects`;
const projectPath = (workspaceId: string, projectId: string) => `${projectsPath(workspaceId)}/${segment(projectId)}`;
type Child = 'tasks' | 'milestones' | 'notes';
const childrenPath = (workspaceId: string, projectId: string, child: Child) => `${projectPath(workspaceId, projectId)}/${child}`;
const childPath = (workspaceId: string, projectId: string, child: Child, id: string) =>
  `${childrenPath(workspaceId, projectId, child)}/${segment(id)}`;

const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

// --- projects --------------------------------------------------------------------------------------------

/** GET → the workspace's projects, each with its tasks, milestones and notes (in the server's order). */
export async function listProjects(workspaceId: string, signal?: AbortSignal): Promise<ProjectView[]> {
  const { projects } = await apiRequest(projectsPath(workspaceId), { schema: listProjectsResponse, ...withSignal(signal) });
  return projects;
}

export async function getProject(workspaceId: string, projectId: string, signal?: AbortSignal): Promise<ProjectView> {
  const { project } = await apiRequest(projectPath(workspaceId, projectId), { schema: projectResponse, ...withSignal(signal) });
  return project;
}

export async function createProject(workspaceId: string, input: CreateProjectValues): Promise<ProjectView> {
  const body = checkedBody(createProjectInput, input);
  const { project } = await apiRequest(projectsPath(workspaceId), { method: 'POST', body, schema: projectResponse });
  return project;
}

/** PATCH with the version read; a stale one is answered 409. */
export async function updateProject(workspaceId: string, projectId: string, input: UpdateProjectValues): Promise<ProjectView> {
  const body = checkedBody(updateProjectInput, input);
  const { project } = await apiRequest(projectPath(workspaceId, projectId), { method: 'PATCH', body, schema: projectResponse });
  return project;
}

/** Deletes the project with its tasks, milestones and notes. */
export async function deleteProject(workspaceId: string, projectId: string): Promise<void> {
  await apiRequest(projectPath(workspaceId, projectId), { method: 'DELETE' });
}

// --- tasks -----------------------------------------------------------------------------------------------

export async function createTask(workspaceId: string, projectId: string, input: CreateTaskValues): Promise<TaskView> {
  const body = checkedBody(createTaskInput, input);
  const { task } = await apiRequest(childrenPath(workspaceId, projectId, 'tasks'), { method: 'POST', body, schema: taskResponse });
  return task;
}

export async function updateTask(workspaceId: string, projectId: string, taskId: string, input: UpdateTaskValues): Promise<TaskView> {
  const body = checkedBody(updateTaskInput, input);
  const { task } = await apiRequest(childPath(workspaceId, projectId, 'tasks', taskId), { method: 'PATCH', body, schema: taskResponse });
  return task;
}

/** A drop on the board: status and position in one write. */
export async function moveTask(workspaceId: string, projectId: string, taskId: string, input: MoveTaskInput): Promise<TaskView> {
  const body = checkedBody(moveTaskInput, input);
  const path = `${childPath(workspaceId, projectId, 'tasks', taskId)}/move`;
  const { task } = await apiRequest(path, { method: 'POST', body, schema: taskResponse });
  return task;
}

export async function deleteTask(workspaceId: string, projectId: string, taskId: string): Promise<void> {
  await apiRequest(childPath(workspaceId, projectId, 'tasks', taskId), { method: 'DELETE' });
}

// --- milestones ------------------------------------------------------------------------------------------

export async function createMilestone(workspaceId: string, projectId: string, input: CreateMilestoneValues): Promise<MilestoneView> {
  const body = checkedBody(createMilestoneInput, input);
  const { milestone } = await apiRequest(childrenPath(workspaceId, projectId, 'milestones'), { method: 'POST', body, schema: milestoneResponse });
  return milestone;
}

export async function updateMilestone(
  workspaceId: string,
  projectId: string,
  milestoneId: string,
  input: UpdateMilestoneValues,
): Promise<MilestoneView> {
  const body = checkedBody(updateMilestoneInput, input);
  const path = childPath(workspaceId, projectId, 'milestones', milestoneId);
  const { milestone } = await apiRequest(path, { method: 'PATCH', body, schema: milestoneResponse });
  return milestone;
}

export async function deleteMilestone(workspaceId: string, projectId: string, milestoneId: string): Promise<void> {
  await apiRequest(childPath(workspaceId, projectId, 'milestones', milestoneId), { method: 'DELETE' });
}

// --- notes -----------------------------------------------------------------------------------------------

export async function createNote(workspaceId: string, projectId: string, input: CreateNoteValues): Promise<NoteView> {
  const body = checkedBody(createNoteInput, input);
  const { note } = await apiRequest(childrenPath(workspaceId, projectId, 'notes'), { method: 'POST', body, schema: noteResponse });
  return note;
}

/** `projectId` in the input moves the note to another project of the workspace. */
export async function updateNote(workspaceId: string, projectId: string, noteId: string, input: UpdateNoteValues): Promise<NoteView> {
  const body = checkedBody(updateNoteInput, input);
  const { note } = await apiRequest(childPath(workspaceId, projectId, 'notes', noteId), { method: 'PATCH', body, schema: noteResponse });
  return note;
}

export async function deleteNote(workspaceId: string, projectId: string, noteId: string): Promise<void> {
  await apiRequest(childPath(workspaceId, projectId, 'notes', noteId), { method: 'DELETE' });
}
