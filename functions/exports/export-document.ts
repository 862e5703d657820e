import type { AttachmentView } from '../../shared/schemas/attachment.js';
import type { TaskCommentView } from '../../shared/schemas/comment.js';
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
import type { Workspace } from '../data/workspace.js';

/** What a workspace holds, as its data modules read it (functions/exports/export-sources.ts). */
export interface ExportSources {
  readonly workspace: Workspace;
  readonly members: readonly ExportedMember[];
  readonly labels: readonly LabelView[];
  readonly projects: readonly { readonly project: ProjectSummary; readonly tasks: readonly TaskView[]; readonly milestones: readonly MilestoneView[]; readonly notes: readonly NoteView[] }[];
  readonly links: readonly LinkView[];
  readonly comments: readonly TaskCommentView[];
  readonly attachments: readonly (AttachmentView & { taskId: string })[];
}

export type ExportTarget = { readonly scope: 'workspace' } | { readonly scope: 'project'; readonly projectId: string };

const exportedProject = ({ taskCount: _t, completedTaskCount: _c, milestoneCount: _m, noteCount: _n, commentCount: _cc, countsRevision: _r, ...project }: ProjectSummary): ExportedProject => project;
const exportedTask = ({ commentCount: _count, ...task }: TaskView): ExportedTask => task;

/**
 * The export document (shared/schemas/export.ts) of a workspace or of one of its projects. A project's
 * export holds its own tasks, milestones, notes, their comments and files, the workspace's labels and
 * members (its tasks refer to them), and no links. Comments and files are keyed by task alone (they follow
 * a moved task), so each gets the project its task is in now, and one whose task is gone is left out.
 */
export function buildWorkspaceExport(sources: ExportSources, target: ExportTarget, exportedAt: Date): WorkspaceExport {
  const projects = target.scope === 'project' ? sources.projects.filter(({ project }) => project.id === target.projectId) : sources.projects;
  const tasks = projects.flatMap((entry) => entry.tasks);
  const projectOfTask = new Map(tasks.map((task) => [task.id, task.projectId]));
  const withProject = <T extends { taskId: string }>(records: readonly T[]): (T & { projectId: string })[] =>
    records.flatMap((record) => {
      const projectId = projectOfTask.get(record.taskId);
      return projectId === undefined ? [] : [{ ...record, projectId }];
    });
  const { id, name, slug, createdAt, autoWeeklyPlan, blockersMustBeDone, requireTwoFactor, apiTokensEnabled, allowNonExpiringTokens } = sources.workspace;
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_FORMAT_VERSION,
    exportedAt: exportedAt.toISOString(),
    scope: target.scope,
    workspace: { id, name, slug, createdAt, autoWeeklyPlan, blockersMustBeDone, requireTwoFactor, apiTokensEnabled, allowNonExpiringTokens },
    members: [...sources.members],
    labels: [...sources.labels],
    projects: projects.map(({ project }) => exportedProject(project)),
    tasks: tasks.map(exportedTask),
    milestones: projects.flatMap((entry) => entry.milestones),
    notes: projects.flatMap((entry) => entry.notes),
    links: target.scope === 'workspace' ? [...sources.links] : [],
    comments: withProject(sources.comments),
    attachments: withProject(sources.attachments),
  };
}
