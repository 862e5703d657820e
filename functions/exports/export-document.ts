import type { AttachmentView } from '../../shared/schemas/attachment.js';
import {
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  type ExportedMember,
  type ExportedProject,
  type ExportedTask,
  type WorkspaceExport,
} from '../../shared/schemas/export.js';
import type { LabelView } from '../../shared/schemas/label.js';
import type { LinkView } from '../../shared/schemas/link.js';
import type { MilestoneView, NoteView, ProjectSummary, TaskView } from '../../shared/schemas/project.js';
import type { PlacedComment } from '../data/comments.js';
import type { Workspace } from '../data/workspace.js';

/**
 * What a workspace holds, as its data modules read it (functions/exports/export-sources.ts): the few
 * (members, labels, projects) whole, the many as they are read, a project's items one project at a time.
 */
export interface ExportSources {
  readonly workspace: Workspace;
  readonly members: readonly ExportedMember[];
  readonly labels: readonly LabelView[];
  readonly projects: readonly ProjectSummary[];
  readonly tasksOf: (projectId: string) => AsyncIterable<TaskView>;
  readonly milestonesOf: (projectId: string) => AsyncIterable<MilestoneView>;
  readonly notesOf: (projectId: string) => AsyncIterable<NoteView>;
  readonly links: () => AsyncIterable<LinkView>;
  readonly comments: () => AsyncIterable<PlacedComment>;
  /** A task's files, and the files of projects' own comments with their project. */
  readonly attachments: () => AsyncIterable<AttachmentView & { projectId?: string }>;
}

export type ExportTarget = { readonly scope: 'workspace' } | { readonly scope: 'project'; readonly projectId: string };

/** The document's lists, in its order: each comes after the document's other fields. */
export const EXPORT_LISTS = ['members', 'labels', 'projects', 'tasks', 'milestones', 'notes', 'links', 'comments', 'attachments'] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];
export type ExportElement<K extends ExportList> = WorkspaceExport[K][number];

/**
 * An export document as it is read: its first fields, and each list as a stream of its elements. The lists
 * must be read in EXPORT_LISTS order, each to its end (as writing the document does): the comments and
 * files find their tasks' projects in what reading the tasks noted.
 */
export interface StreamedExport {
  readonly head: Omit<WorkspaceExport, ExportList>;
  readonly lists: { readonly [K in ExportList]: () => AsyncIterable<ExportElement<K>> };
}

const exportedProject = ({ taskCount: _t, completedTaskCount: _c, milestoneCount: _m, noteCount: _n, commentCount: _cc, countsRevision: _r, ...project }: ProjectSummary): ExportedProject => project;
const exportedTask = ({ commentCount: _count, ...task }: TaskView): ExportedTask => task;

async function* each<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}

/**
 * The export document (shared/schemas/export.ts) of a workspace or of one of its projects, as a stream. A
 * project's export holds its own tasks, milestones, notes, their comments and files and the project's own
 * comments, the workspace's labels and members (its tasks refer to them), and no links. A task's comments
 * and files are keyed by task alone (they follow a moved task), so each gets the project its task is in now,
 * and one whose task is gone is left out; a project's own comment is kept while its project is exported.
 */
export function streamWorkspaceExport(sources: ExportSources, target: ExportTarget, exportedAt: Date): StreamedExport {
  const projects = target.scope === 'project' ? sources.projects.filter((project) => project.id === target.projectId) : sources.projects;
  const projectIds = new Set(projects.map((project) => project.id));
  // Task id → project id, noted while the tasks are read: small beside the tasks themselves, never held.
  const projectOfTask = new Map<string, string>();
  let tasksRead = false;
  const ofProjects = <T>(read: (projectId: string) => AsyncIterable<T>) =>
    async function* (): AsyncGenerator<T> {
      for (const project of projects) yield* read(project.id);
    };
  const tasks = ofProjects(sources.tasksOf);
  // A comment's or file's project in the export: a project's own keeps its project while that is exported;
  // a task's is the project its task is in now (it may have moved since); none when that is not exported.
  const exportedProjectOf = (taskId: string | undefined, ownProject: string | undefined): string | undefined =>
    taskId === undefined ? (ownProject !== undefined && projectIds.has(ownProject) ? ownProject : undefined) : projectOfTask.get(taskId);
  const afterTasks = () => {
    if (!tasksRead) throw new Error("An export's comments and files are read after its tasks");
  };
  const { id, name, slug, createdAt, autoWeeklyPlan, blockersMustBeDone, requireTwoFactor, apiTokensEnabled, allowNonExpiringTokens } = sources.workspace;
  return {
    head: {
      format: EXPORT_FORMAT,
      version: EXPORT_FORMAT_VERSION,
      exportedAt: exportedAt.toISOString(),
      scope: target.scope,
      workspace: { id, name, slug, createdAt, autoWeeklyPlan, blockersMustBeDone, requireTwoFactor, apiTokensEnabled, allowNonExpiringTokens },
    },
    lists: {
      members: () => each(sources.members),
      labels: () => each(sources.labels),
      projects: () => each(projects.map(exportedProject)),
      tasks: async function* () {
        for await (const task of tasks()) {
          projectOfTask.set(task.id, task.projectId);
          yield exportedTask(task);
        }
        tasksRead = true;
      },
      milestones: ofProjects(sources.milestonesOf),
      notes: ofProjects(sources.notesOf),
      links: () => (target.scope === 'workspace' ? sources.links() : each([])),
      comments: async function* () {
        afterTasks();
        for await (const { projectId: writtenIn, ...comment } of sources.comments()) {
          const projectId = exportedProjectOf(comment.taskId, writtenIn);
          if (projectId !== undefined) yield { ...comment, projectId };
        }
      },
      attachments: async function* () {
        afterTasks();
        for await (const { projectId: itsProject, ...attachment } of sources.attachments()) {
          const projectId = exportedProjectOf(attachment.taskId, itsProject);
          if (projectId !== undefined) yield { ...attachment, projectId };
        }
      },
    },
  };
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const read: T[] = [];
  for await (const item of items) read.push(item);
  return read;
}

/** The whole document in memory (what the streamed one's bytes must parse to; tests compare the two). */
export async function buildWorkspaceExport(sources: ExportSources, target: ExportTarget, exportedAt: Date): Promise<WorkspaceExport> {
  const { head, lists } = streamWorkspaceExport(sources, target, exportedAt);
  return {
    ...head,
    members: await all(lists.members()),
    labels: await all(lists.labels()),
    projects: await all(lists.projects()),
    tasks: await all(lists.tasks()),
    milestones: await all(lists.milestones()),
    notes: await all(lists.notes()),
    links: await all(lists.links()),
    comments: await all(lists.comments()),
    attachments: await all(lists.attachments()),
  };
}
