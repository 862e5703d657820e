import * as z from 'zod/mini';
import { attachmentView } from './attachment.js';
import { chatMessageView, conversationView } from './chat.js';
import { commentView } from './comment.js';
import { resourceId } from './ids.js';
import { labelView } from './label.js';
import { linkView } from './link.js';
import { profileView } from './profile.js';
import { milestoneView, noteView, projectSummary, taskView } from './project.js';
import { workspaceRoles } from './workspace.js';

/**
 * Exports (issue 39): the documents an export writes (docs/export-format.md), and the export jobs' API.
 *
 * A workspace or project export is one JSON document of this versioned format: every entity with its id,
 * each reference by id (a task's projectId, parentId, blockedBy, labelIds, assignedTo, createdBy; a
 * comment's taskId, or projectId alone for one on a project itself, and authorId, which names a member).
 * Entities are the API's own views, so an export holds everything the app shows; a project's counts are
 * left out (they are the lists' lengths).
 * `version` goes up when a field changes meaning or goes; new optional fields keep the version.
 */
export const EXPORT_FORMAT = 'taskflow.workspace-export';
export const PERSONAL_EXPORT_FORMAT = 'taskflow.personal-export';
export const EXPORT_FORMAT_VERSION = 1;

export const exportedWorkspace = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  createdAt: z.string(),
  autoWeeklyPlan: z.boolean(),
  blockersMustBeDone: z.boolean(),
  requireTwoFactor: z.boolean(),
  apiTokensEnabled: z.boolean(),
  allowNonExpiringTokens: z.boolean(),
});

/** `email` only in an export an owner or admin asked for: members see each other's names only. */
export const exportedMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.optional(z.string()),
  role: z.enum(workspaceRoles),
  joinedAt: z.string(),
});
export type ExportedMember = z.infer<typeof exportedMember>;

export const exportedProject = z.omit(projectSummary, { taskCount: true, completedTaskCount: true, milestoneCount: true, noteCount: true, commentCount: true, countsRevision: true });
export type ExportedProject = z.infer<typeof exportedProject>;

/** A task as exported: its view without its comment count (the comments are listed). */
export const exportedTask = z.omit(taskView, { commentCount: true });
export type ExportedTask = z.infer<typeof exportedTask>;

/**
 * A comment with its subject: on a task (`taskId`, and `projectId` the project its task is in), or on a
 * project itself (no `taskId`; `projectId` that project). Every comment has a project, so a project's part
 * of an export can be taken alone. Files of version 1 written before projects had comments hold task
 * comments only, which this reads as they are; `taskId` being optional is what keeps the version.
 */
export const exportedComment = z.extend(commentView, { projectId: z.string() });
export type ExportedComment = z.infer<typeof exportedComment>;

/**
 * A file's record (its name, type, size, uploader, comment); the bytes are not in the export. Like a comment,
 * on a task (`taskId`, and the project its task is in) or on a project's own comment (no `taskId`).
 */
export const exportedAttachment = z.extend(attachmentView, { projectId: z.string() });
export type ExportedAttachment = z.infer<typeof exportedAttachment>;

export const exportScopes = ['workspace', 'project'] as const;
export type ExportScope = (typeof exportScopes)[number];

export const workspaceExport = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_FORMAT_VERSION),
  exportedAt: z.string(),
  /** What was exported: the whole workspace, or one project of it (then `projects` holds that one). */
  scope: z.enum(exportScopes),
  workspace: exportedWorkspace,
  members: z.array(exportedMember),
  labels: z.array(labelView),
  projects: z.array(exportedProject),
  tasks: z.array(exportedTask),
  milestones: z.array(milestoneView),
  notes: z.array(noteView),
  /** The workspace's links; none in a project export (links belong to the workspace). */
  links: z.array(linkView),
  comments: z.array(exportedComment),
  attachments: z.array(exportedAttachment),
});
export type WorkspaceExport = z.infer<typeof workspaceExport>;

/** Everything about one person (access and portability): their profile, tasks, comments and assistant conversations. */
export const personalExport = z.object({
  format: z.literal(PERSONAL_EXPORT_FORMAT),
  version: z.literal(EXPORT_FORMAT_VERSION),
  exportedAt: z.string(),
  profile: profileView,
  memberships: z.array(z.object({ workspaceId: z.string(), workspaceName: z.string(), role: z.enum(workspaceRoles), joinedAt: z.string() })),
  /** The tasks assigned to them or made by them, in every workspace they belong to. */
  tasks: z.array(z.extend(exportedTask, { workspaceId: z.string() })),
  /** The comments they wrote, on tasks and on projects. */
  comments: z.array(z.extend(exportedComment, { workspaceId: z.string() })),
  conversations: z.array(z.extend(conversationView, { messages: z.array(chatMessageView) })),
});
export type PersonalExport = z.infer<typeof personalExport>;

// --- the export jobs' API --------------------------------------------------------------------------------

export const createExportInput = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('workspace') }),
  z.object({ scope: z.literal('project'), projectId: resourceId('projectId is required') }),
]);
export type CreateExportInput = z.infer<typeof createExportInput>;

/** How long an export's job and files are kept: its item by TTL, its files by the bucket's lifecycle rule on exports/. */
export const EXPORT_DAYS = 7;

export const exportStatuses = ['pending', 'done', 'failed'] as const;
export type ExportStatus = (typeof exportStatuses)[number];

/** One file of a finished export, with a download link of a few minutes. */
export const exportFile = z.object({ name: z.string(), url: z.string() });
export type ExportFile = z.infer<typeof exportFile>;

export const exportView = z.object({
  id: z.string(),
  /** 'personal' for a person's own export. */
  scope: z.enum([...exportScopes, 'personal']),
  projectId: z.nullable(z.string()),
  status: z.enum(exportStatuses),
  requestedBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
  /** Why it failed, in words for the person who asked. */
  error: z.nullable(z.string()),
  /** When done: the files (export.json, and a CSV per entity for a workspace or project), and when their links expire. */
  files: z.array(exportFile),
  linksExpireAt: z.nullable(z.string()),
});
export type ExportView = z.infer<typeof exportView>;

export const exportResponse = z.object({ export: exportView });
export const exportParams = z.object({ workspaceId: resourceId(), exportId: resourceId() });
export const personalExportParams = z.object({ exportId: resourceId() });
