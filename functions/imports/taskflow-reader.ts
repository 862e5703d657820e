import type * as z from 'zod/mini';
import {
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  exportedComment,
  exportedMember,
  exportedProject,
  exportedTask,
  type ExportedMember,
} from '../../shared/schemas/export.js';
import { labelView } from '../../shared/schemas/label.js';
import { linkView } from '../../shared/schemas/link.js';
import { milestoneView, noteView } from '../../shared/schemas/project.js';
import { jsonSections } from './json-sections.js';
import { ImportFileError, type ImportPerson, type ImportReader, type ImportRecord, type OpenText } from './records.js';

/**
 * A TaskFlow export (docs/export-format.md, `export.json`) as an import source: everything it holds but
 * the workspace's settings, its members (they are matched by e-mail, else name) and the attachments' bytes
 * (not in the file). Read in three passes so that every record follows what it refers to: labels, projects
 * and tasks of their own; then sub-tasks (a task may have been made a sub-task of one listed after it);
 * then milestones, notes, links, comments (on tasks and on projects) and attachments. The members and the tasks' ids are read first:
 * every reference to a member is an id of it, and a blocking task not in the file is left out. An element that does not parse is skipped with why.
 */

export const NOT_A_TASKFLOW_EXPORT = 'This file is not a TaskFlow export (the export.json of a workspace or project export)';
export const unreadableVersion = (version: unknown): string => `This TaskFlow export is of version ${String(version)}, which this app cannot read`;
export const ATTACHMENTS_NOT_KEPT = "Attachments' files are not in the export and are not imported";

/**
 * The format check, the members (they are few) and the tasks' ids, from one pass: a project's export may name
 * a blocking task of another project, which is not in the file and is left out.
 */
async function dictionariesOf(open: OpenText): Promise<{ members: ReadonlyMap<string, ImportPerson>; taskIds: ReadonlySet<string> }> {
  const members = new Map<string, ImportPerson>();
  const taskIds = new Set<string>();
  let format: unknown;
  let version: unknown;
  for await (const { section, value } of jsonSections(open, new Set(['format', 'version', 'members', 'tasks']))) {
    if (section === 'format') format = value;
    else if (section === 'version') version = value;
    else if (section === 'tasks') {
      const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined;
      if (typeof id === 'string') taskIds.add(id);
    } else {
      const member = exportedMember.safeParse(value);
      if (member.success) members.set(member.data.id, personOf(member.data));
    }
    // The format comes first in an export: anything else is refused before reading on.
    if (section === 'format' && format !== EXPORT_FORMAT) throw new ImportFileError(NOT_A_TASKFLOW_EXPORT);
  }
  if (format !== EXPORT_FORMAT) throw new ImportFileError(NOT_A_TASKFLOW_EXPORT);
  if (version !== EXPORT_FORMAT_VERSION) throw new ImportFileError(unreadableVersion(version));
  return { members, taskIds };
}

const personOf = (member: ExportedMember): ImportPerson => ({ name: member.name, ...(member.email === undefined ? {} : { email: member.email }) });

const sectionNames = { labels: 'label', projects: 'project', tasks: 'task', milestones: 'milestone', notes: 'note', links: 'link', comments: 'comment', attachments: 'attachment' } as const;
type Section = keyof typeof sectionNames;

/** Where a skipped element was: "task 12 (Launch)". */
function where(section: Section, index: number | undefined, value: unknown): string {
  const named = typeof value === 'object' && value !== null ? ((value as Record<string, unknown>).title ?? (value as Record<string, unknown>).name) : undefined;
  return `${sectionNames[section]} ${(index ?? 0) + 1}${typeof named === 'string' ? ` (${named.slice(0, 80)})` : ''}`;
}

function parsed<T>(schema: z.ZodMiniType<T>, section: Section, index: number | undefined, value: unknown): T | ImportRecord {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  return { kind: 'skipped', where: where(section, index, value), reason: `Not a valid ${sectionNames[section]}: ${issue ? `${issue.path.join('.') || 'value'} ${issue.message}` : 'unreadable'}` };
}

const isRecord = (value: unknown): value is ImportRecord => typeof value === 'object' && value !== null && 'kind' in value;
const defined = <T extends object>(fields: T): T => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== null)) as T;

export const readTaskflowExport: ImportReader = async function* (open) {
  const { members, taskIds } = await dictionariesOf(open);
  const person = (userId: string | null): ImportPerson | undefined => (userId === null ? undefined : members.get(userId));
  const toTask = (value: unknown, index: number | undefined) => taskRecord(parsed(exportedTask, 'tasks', index, value), person, taskIds);

  for await (const { section, index, value } of jsonSections(open, new Set(['labels', 'projects', 'tasks']))) {
    if (section === 'labels') {
      const label = parsed(labelView, section, index, value);
      yield isRecord(label) ? label : { kind: 'label', key: label.id, name: label.name, color: label.color };
    } else if (section === 'projects') {
      const project = parsed(exportedProject, section, index, value);
      yield isRecord(project)
        ? project
        : defined({
            kind: 'project' as const,
            key: project.id,
            name: project.name,
            description: project.description,
            archived: project.archived,
            color: project.color,
            deadline: project.deadline ?? undefined,
            priority: project.priority,
            isFavorite: project.isFavorite,
            preferredDays: project.preferredDays,
            createdAt: project.createdAt,
          });
    } else if (typeof value === 'object' && value !== null && (value as { parentId?: unknown }).parentId === undefined) {
      yield toTask(value, index);
    } else if (typeof value !== 'object' || value === null) {
      yield parsed(exportedTask, 'tasks', index, value) as ImportRecord;
    }
  }
  for await (const { index, value } of jsonSections(open, new Set(['tasks']))) {
    if (typeof value === 'object' && value !== null && (value as { parentId?: unknown }).parentId !== undefined) yield toTask(value, index);
  }
  let attachments = 0;
  for await (const { section, index, value } of jsonSections(open, new Set(['milestones', 'notes', 'links', 'comments', 'attachments']))) {
    if (section === 'milestones') {
      const milestone = parsed(milestoneView, section, index, value);
      yield isRecord(milestone)
        ? milestone
        : defined({
            kind: 'milestone' as const,
            key: milestone.id,
            projectKey: milestone.projectId,
            title: milestone.title,
            description: milestone.description,
            dueDate: milestone.dueDate,
            completed: milestone.completed,
            completedAt: milestone.completedAt ?? undefined,
            createdBy: person(milestone.createdBy),
            createdAt: milestone.createdAt,
          });
    } else if (section === 'notes') {
      const note = parsed(noteView, section, index, value);
      yield isRecord(note)
        ? note
        : defined({ kind: 'note' as const, key: note.id, projectKey: note.projectId, title: note.title, content: note.content, createdBy: person(note.createdBy), createdAt: note.createdAt });
    } else if (section === 'links') {
      const link = parsed(linkView, section, index, value);
      yield isRecord(link)
        ? link
        : defined({
            kind: 'link' as const,
            key: link.id,
            url: link.url,
            title: link.title ?? undefined,
            category: link.category,
            description: link.description ?? undefined,
            createdBy: person(link.createdBy),
            createdAt: link.createdAt,
          });
    } else if (section === 'comments') {
      const comment = parsed(exportedComment, section, index, value);
      yield isRecord(comment)
        ? comment
        : defined({
            kind: 'comment' as const,
            key: comment.id,
            // Without a task it is on the project itself.
            ...(comment.taskId === undefined ? { projectKey: comment.projectId } : { taskKey: comment.taskId }),
            text: comment.body,
            author: person(comment.authorId) ?? { name: 'A former member' },
            createdAt: comment.createdAt,
            mentions: comment.mentions.flatMap((userId) => person(userId) ?? []),
          });
    } else {
      // Not kept whatever they hold: their files are not in the export.
      attachments += 1;
    }
  }
  for (let count = 0; count < attachments; count += 1) yield { kind: 'notKept', what: ATTACHMENTS_NOT_KEPT };
};

function taskRecord(task: z.infer<typeof exportedTask> | ImportRecord, person: (userId: string | null) => ImportPerson | undefined, taskIds: ReadonlySet<string>): ImportRecord {
  if (isRecord(task)) return task;
  return defined({
    kind: 'task' as const,
    key: task.id,
    projectKey: task.projectId,
    parentKey: task.parentId,
    title: task.title,
    description: task.description,
    status: task.status,
    priority: task.priority,
    dueDate: task.dueDate ?? undefined,
    assignee: person(task.assignedTo),
    labelKeys: task.labelIds,
    createdAt: task.createdAt,
    completed: task.completed,
    completedAt: task.completedAt ?? undefined,
    timeEstimate: task.timeEstimate ?? undefined,
    pinned: task.pinned,
    blockedBy: task.blockedBy?.filter((ref) => taskIds.has(ref.taskId)).map((ref) => ({ projectKey: ref.projectId, taskKey: ref.taskId })),
    repeat: task.repeat,
    series: task.series && {
      title: task.series.title,
      description: task.series.description,
      priority: task.series.priority,
      timeEstimate: task.series.timeEstimate,
      ...(task.series.assignedTo === null ? {} : { assignee: person(task.series.assignedTo) }),
      ...(task.series.labelIds ? { labelKeys: task.series.labelIds } : {}),
    },
    position: task.position,
    createdBy: person(task.createdBy),
  });
}
