import { createHash } from 'node:crypto';
import type { ImportEntityCounts, ImportReport } from '../../shared/schemas/import.js';
import { COMMENT_MAX_LENGTH, type CommentView } from '../../shared/schemas/comment.js';
import { DEFAULT_LABEL_COLOR } from '../../shared/schemas/label.js';
import { LINK_TITLE_MAX_LENGTH } from '../../shared/schemas/link.js';
import {
  DEFAULT_PREFERRED_DAYS,
  DEFAULT_PROJECT_COLOR,
  MILESTONE_TITLE_MAX_LENGTH,
  NOTE_TITLE_MAX_LENGTH,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_NAME_MAX_LENGTH,
  TASK_DESCRIPTION_MAX_LENGTH,
  TASK_TITLE_MAX_LENGTH,
  type TaskView,
} from '../../shared/schemas/project.js';
import { batchGetItems } from '../data/batch-get.js';
import { createComment, createCommentsTogether, type CommentPlace } from '../data/comments.js';
import type { ItemKey } from '../data/keys.js';
import { keys } from '../data/keys.js';
import { createLabel, listLabels } from '../data/labels.js';
import { createLink } from '../data/links.js';
import { createChild, createTasksTogether, tasksTogetherItems, type ChildWriteOutcome } from '../data/project-children.js';
import { createProject } from '../data/projects.js';
import type { MemberMatcher } from './member-match.js';
import { personName } from './member-match.js';
import type { ImportedComment, ImportedTask, ImportRecord } from './records.js';

/**
 * The write phase's records (issue 39), through the app's own data writers, so an imported item is like any
 * other: a task's project counters, sub-task count and index attributes in its write, its history, search
 * entries and pushes from the table's stream. Every id is made from the import's id and the record's key,
 * and every write is put if absent, so a chunk written twice writes nothing twice: what is there already
 * (read with one BatchGet a chunk, before anything is written one by one) counts as created. Tasks and comments carry the import's id on their
 * items, so their stream records tell nobody (no notice or mail of assignments, mentions or comments).
 */

export interface WriteContext {
  readonly workspaceId: string;
  readonly importId: string;
  /** Who started the import: the author of what no member wrote, and a comment's writer when its author matches no one. */
  readonly importer: string;
  /** The job's creation: the time part of the ids of what has no date of its own. */
  readonly importedAt: string;
  readonly match: MemberMatcher;
  /** Labels by folded name: one of the same name is used, not made again. */
  readonly labelsByName: Map<string, string>;
  /** Each label's id by its key, and each task's project by the task's key (filled by every record read, written or not). */
  readonly labelIds: Map<string, string>;
  readonly taskProjects: Map<string, string>;
}

export type Tally = { created: ImportEntityCounts; skipped: ImportReport['skipped']; skippedCount: number };
/** The report lists the first skips; the count says how many there were. */
export const LISTED_SKIPS = 100;

export const emptyTally = (): Tally => ({ created: { projects: 0, tasks: 0, subtasks: 0, labels: 0, comments: 0 }, skipped: [], skippedCount: 0 });

export function addSkip(tally: Tally, where: string, reason: string): void {
  tally.skippedCount += 1;
  if (tally.skipped.length < LISTED_SKIPS) tally.skipped.push({ where, reason });
}

/** A label's name as labels are matched: without regard to case or surrounding spaces. */
export const foldedName = (text: string): string => text.trim().toLocaleLowerCase('en-US');

/** The workspace's labels' ids by folded name. */
export async function labelsByName(workspaceId: string): Promise<Map<string, string>> {
  return new Map((await listLabels(workspaceId)).map((label) => [foldedName(label.name), label.id]));
}

export async function writeContext(fields: Omit<WriteContext, 'labelsByName' | 'labelIds' | 'taskProjects'>): Promise<WriteContext> {
  return { ...fields, labelsByName: await labelsByName(fields.workspaceId), labelIds: new Map(), taskProjects: new Map() };
}

const digest = (context: WriteContext, kind: string, key: string): string => createHash('sha256').update(`${context.importId}\0${kind}\0${key}`).digest('hex');

/** A UUID-shaped id (as the app's projects, tasks and labels have), the same for the same import and key. */
export function importedId(context: WriteContext, kind: string, key: string): string {
  const hex = digest(context, kind, key);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** A comment's id sorts by its time, as the app's do (functions/data/time-sorted-id.ts), with the key's digest. */
function commentId(context: WriteContext, key: string, at: string): string {
  return `${Date.parse(at).toString(36).padStart(10, '0')}-${digest(context, 'comment', key).slice(0, 16)}`;
}

const clipped = (text: string | undefined, max: number): string => (text ?? '').trim().slice(0, max);

/** Trello's colour names (and any #RRGGBB) as the app's hex colours. */
const namedColors: Readonly<Record<string, string>> = {
  green: '#22C55E',
  yellow: '#EAB308',
  orange: '#F97316',
  red: '#EF4444',
  purple: '#A855F7',
  blue: '#3B82F6',
  sky: '#0EA5E9',
  lime: '#84CC16',
  pink: '#EC4899',
  black: '#374151',
};
export function colorOf(color: string | undefined, fallback: string): string {
  if (!color) return fallback;
  if (/^#[0-9a-f]{6}$/i.test(color)) return color.toUpperCase();
  return namedColors[foldedName(color).replace(/_(dark|light)$/, '')] ?? fallback;
}

/** Fills the dictionaries from a record, as writing it would: a resumed run reads the records before its cursor through this. */
export function remember(context: WriteContext, record: ImportRecord): void {
  if (record.kind === 'label') context.labelIds.set(record.key, context.labelsByName.get(foldedName(record.name)) ?? importedId(context, 'label', record.key));
  else if (record.kind === 'task') context.taskProjects.set(record.key, importedId(context, 'project', record.projectKey));
}

type Counted = keyof ImportEntityCounts;

/** One record's write: the item it makes (to see whether it is there already), what it counts as, and the write (a skip's reason, or nothing). */
interface PlannedWrite {
  readonly key?: ItemKey;
  readonly counts?: Counted;
  readonly write: () => Promise<string | undefined>;
  /** A task's or a comment's write, which may go together with the ones of its kind beside it (createTasksTogether, createCommentsTogether). */
  readonly together?: Together;
}

type Together = { readonly kind: 'task'; readonly task: TaskView } | { readonly kind: 'comment'; readonly place: CommentPlace & { taskId: string }; readonly comment: CommentView };

const childRefusals: Partial<Record<ChildWriteOutcome, string>> = {
  'project-missing': 'Its project was not imported',
  'project-deleting': 'Its project is being deleted',
  'parent-refused': 'Its parent task was not imported, or is a sub-task itself',
  'parent-full': 'Its parent task holds the most sub-tasks it can',
};

/**
 * Creates a project child; an author or assignee who is no longer a member is written as the importer or
 * unassigned (they were members when matched; someone may have removed them meanwhile).
 */
async function createdChild(context: WriteContext, write: (author: string, assignee: string | null) => Promise<ChildWriteOutcome>, author: string, assignee: string | null): Promise<string | undefined> {
  let outcome = await write(author, assignee);
  if (outcome === 'author-not-member') outcome = await write(context.importer, assignee);
  if (outcome === 'assignee-missing') outcome = await write(author, null);
  if (outcome === 'written' || outcome === 'stale') return undefined;
  return childRefusals[outcome] ?? `Not written (${outcome})`;
}

function taskOf(context: WriteContext, record: ImportedTask, index: number): TaskView {
  const projectId = importedId(context, 'project', record.projectKey);
  // An archived card is completed whatever its list says (records.ts; the preview counts it so).
  const status = record.archived === true ? 'completed' : (record.status ?? (record.completed === true ? 'completed' : 'todo'));
  const createdAt = record.createdAt ?? context.importedAt;
  const labelIds = (keys: readonly string[] | undefined) => keys?.flatMap((key) => context.labelIds.get(key) ?? []);
  const labels = labelIds(record.labelKeys);
  const series = record.series;
  return {
    id: importedId(context, 'task', record.key),
    projectId,
    title: clipped(record.title, TASK_TITLE_MAX_LENGTH),
    description: clipped(record.description, TASK_DESCRIPTION_MAX_LENGTH),
    status,
    completed: status === 'completed',
    completedAt: status === 'completed' ? (record.completedAt ?? createdAt) : null,
    priority: record.priority ?? 'medium',
    dueDate: record.dueDate ?? null,
    timeEstimate: record.timeEstimate ?? null,
    assignedTo: context.match(record.assignee)?.userId ?? null,
    createdBy: context.match(record.createdBy)?.userId ?? context.importer,
    createdAt,
    updatedAt: createdAt,
    // Without positions of its own, the file's order.
    position: record.position ?? index,
    version: 1,
    ...(record.pinned ? { pinned: true as const } : {}),
    ...(record.blockedBy && record.blockedBy.length > 0
      ? { blockedBy: record.blockedBy.map((ref) => ({ projectId: importedId(context, 'project', ref.projectKey), taskId: importedId(context, 'task', ref.taskKey) })) }
      : {}),
    ...(labels && labels.length > 0 ? { labelIds: labels } : {}),
    ...(record.repeat ? { repeat: record.repeat } : {}),
    ...(series
      ? {
          series: {
            title: series.title,
            description: series.description,
            priority: series.priority,
            timeEstimate: series.timeEstimate,
            assignedTo: context.match(series.assignee)?.userId ?? null,
            ...(series.labelKeys ? { labelIds: labelIds(series.labelKeys) ?? [] } : {}),
          },
        }
      : {}),
    ...(record.parentKey === undefined ? {} : { parentId: importedId(context, 'task', record.parentKey) }),
  };
}

/** A comment whose author matches no member is the importer's, saying who wrote it and when. */
function commentBody(context: WriteContext, record: ImportedComment): { authorId: string; body: string } {
  const author = context.match(record.author);
  if (author) return { authorId: author.userId, body: clipped(record.text, COMMENT_MAX_LENGTH) };
  const when = record.createdAt ? ` on ${record.createdAt.slice(0, 10)}` : '';
  return { authorId: context.importer, body: clipped(`${record.author ? personName(record.author) : 'Someone'} wrote${when}:\n\n${record.text}`, COMMENT_MAX_LENGTH) };
}

/** The comment a record makes, its id from its key and time (a task's gets its taskId beside). */
function importedComment(context: WriteContext, record: ImportedComment): CommentView {
  const createdAt = record.createdAt ?? context.importedAt;
  const mentions = (record.mentions ?? []).flatMap((person) => context.match(person)?.userId ?? []);
  return { id: commentId(context, record.key, createdAt), ...commentBody(context, record), mentions, createdAt, updatedAt: createdAt, edited: false };
}

/** A comment on a project itself (a TaskFlow export's): written alone, counted on its project. */
function projectCommentWrite(context: WriteContext, record: ImportedComment, projectKey: string): PlannedWrite {
  const place = { workspaceId: context.workspaceId, projectId: importedId(context, 'project', projectKey) };
  const comment = importedComment(context, record);
  return {
    key: keys.projectComment(place.workspaceId, place.projectId, comment.id),
    counts: 'comments',
    write: async () => ((await createComment(place, comment, { importId: context.importId })) === 'written' ? undefined : 'Its project was not imported'),
  };
}

function plan(context: WriteContext, record: ImportRecord, index: number): PlannedWrite | string | undefined {
  const { workspaceId } = context;
  const authorOf = (person: Parameters<MemberMatcher>[0]) => context.match(person)?.userId ?? context.importer;
  switch (record.kind) {
    case 'project': {
      const id = importedId(context, 'project', record.key);
      const createdAt = record.createdAt ?? context.importedAt;
      return {
        key: keys.project(workspaceId, id),
        counts: 'projects',
        write: async () => {
          const made = await createProject({
            id,
            workspaceId,
            name: clipped(record.name, PROJECT_NAME_MAX_LENGTH) || 'Imported project',
            description: clipped(record.description, PROJECT_DESCRIPTION_MAX_LENGTH),
            color: colorOf(record.color, DEFAULT_PROJECT_COLOR),
            deadline: record.deadline ?? null,
            priority: record.priority ?? 'medium',
            isFavorite: record.isFavorite ?? false,
            archived: record.archived ?? false,
            archivedAt: record.archived ? context.importedAt : null,
            preferredDays: [...(record.preferredDays ?? DEFAULT_PREFERRED_DAYS)],
            createdBy: context.importer,
            createdAt,
            updatedAt: createdAt,
            version: 1,
          });
          return made === 'no-workspace' ? 'The workspace is gone' : undefined;
        },
      };
    }
    case 'label': {
      const id = importedId(context, 'label', record.key);
      // One of the same name is used instead; if it is this one, an earlier run of the chunk made it.
      const existing = context.labelsByName.get(foldedName(record.name));
      if (existing !== undefined) return existing === id ? { counts: 'labels', write: () => Promise.resolve(undefined) } : undefined;
      return {
        counts: 'labels',
        write: async () => {
          const now = context.importedAt;
          const outcome = await createLabel({ id, workspaceId, name: record.name.trim().slice(0, 50), color: colorOf(record.color, DEFAULT_LABEL_COLOR), createdAt: now, updatedAt: now, version: 1 });
          if (outcome === 'written') context.labelsByName.set(foldedName(record.name), id);
          return outcome === 'written' ? undefined : outcome === 'full' ? 'The workspace holds the most labels it can' : `Not written (${outcome})`;
        },
      };
    }
    case 'task': {
      const task = taskOf(context, record, index);
      return {
        key: keys.projectItem('task', workspaceId, task.projectId, task.id),
        counts: task.parentId === undefined ? 'tasks' : 'subtasks',
        together: { kind: 'task', task },
        write: () => createdChild(context, (author, assignee) => createChild('task', workspaceId, { ...task, createdBy: author, assignedTo: assignee }, { author, assignee }, { importId: context.importId }), task.createdBy, task.assignedTo),
      };
    }
    case 'milestone': {
      const projectId = importedId(context, 'project', record.projectKey);
      const id = importedId(context, 'milestone', record.key);
      const createdAt = record.createdAt ?? context.importedAt;
      const completed = record.completed ?? false;
      return {
        key: keys.projectItem('milestone', workspaceId, projectId, id),
        write: () =>
          createdChild(
            context,
            (author) =>
              createChild(
                'milestone',
                workspaceId,
                { id, projectId, title: clipped(record.title, MILESTONE_TITLE_MAX_LENGTH), description: record.description ?? '', dueDate: record.dueDate, completed, completedAt: completed ? (record.completedAt ?? createdAt) : null, createdBy: author, createdAt, updatedAt: createdAt, version: 1 },
                { author },
              ),
            authorOf(record.createdBy),
            null,
          ),
      };
    }
    case 'note': {
      const projectId = importedId(context, 'project', record.projectKey);
      const id = importedId(context, 'note', record.key);
      const createdAt = record.createdAt ?? context.importedAt;
      return {
        key: keys.projectItem('note', workspaceId, projectId, id),
        write: () =>
          createdChild(
            context,
            (author) => createChild('note', workspaceId, { id, projectId, title: clipped(record.title, NOTE_TITLE_MAX_LENGTH), content: record.content, createdBy: author, createdAt, updatedAt: createdAt, version: 1 }, { author }),
            authorOf(record.createdBy),
            null,
          ),
      };
    }
    case 'link': {
      const id = importedId(context, 'link', record.key);
      const createdAt = record.createdAt ?? context.importedAt;
      return {
        key: keys.link(workspaceId, id),
        write: async () => {
          const outcome = await createLink({ id, workspaceId, url: record.url, title: record.title === undefined ? null : clipped(record.title, LINK_TITLE_MAX_LENGTH), category: record.category, description: record.description ?? null, createdBy: authorOf(record.createdBy), createdAt, updatedAt: createdAt, version: 1 });
          return outcome === 'written' ? undefined : 'The workspace is gone';
        },
      };
    }
    case 'comment': {
      if (record.taskKey === undefined) return projectCommentWrite(context, record, record.projectKey);
      const projectId = context.taskProjects.get(record.taskKey);
      if (projectId === undefined) return 'Its task is not in the file';
      const taskId = importedId(context, 'task', record.taskKey);
      const place = { workspaceId, projectId, taskId };
      const comment: CommentView = { ...importedComment(context, record), taskId };
      return {
        key: keys.comment(workspaceId, taskId, comment.id),
        counts: 'comments',
        together: { kind: 'comment', place, comment },
        write: async () => ((await createComment(place, comment, { importId: context.importId })) === 'written' ? undefined : 'Its task was not imported'),
      };
    }
    case 'skipped':
      return record.reason;
    case 'notKept':
      return undefined;
  }
}

const whereOf = (record: ImportRecord): string => {
  switch (record.kind) {
    case 'project':
    case 'label':
      return `${record.kind} "${record.name.slice(0, 80)}"`;
    case 'task':
    case 'milestone':
    case 'note':
      return `${record.kind} "${record.title.slice(0, 80)}"`;
    case 'link':
      return `link ${record.url.slice(0, 80)}`;
    case 'comment':
      return `comment ${record.key}`;
    case 'skipped':
      return record.where;
    case 'notKept':
      return record.what;
  }
};

/** The most items one transaction holds: tasks or comments written together stay within it. */
const TRANSACTION_ITEMS = 100;

/** Whether a write may join those waiting: of their kind, within one transaction, not a sub-task of one of them. */
function joins(batch: readonly Together[], next: Together): boolean {
  if (batch.length === 0) return true;
  if (next.kind === 'task') {
    const tasks = batch.flatMap((entry) => (entry.kind === 'task' ? [entry.task] : []));
    return tasks.length === batch.length && !tasks.some((task) => task.id === next.task.parentId) && tasksTogetherItems([...tasks, next.task]) <= TRANSACTION_ITEMS;
  }
  const comments = batch.flatMap((entry) => (entry.kind === 'comment' ? [entry] : []));
  const tasks = new Set([...comments, next].map((entry) => `${entry.place.projectId}#${entry.place.taskId}`));
  return comments.length === batch.length && comments.length + 1 + tasks.size <= TRANSACTION_ITEMS;
}

/**
 * Writes a chunk of records (each with its place in the file) and counts them in `tally`. A record that
 * fails is skipped with why; the others go on. Tasks, and comments, next to each other go together in
 * transactions of up to 100 items (createTasksTogether: one counter update per project;
 * createCommentsTogether: one count per task), so a 5,000-card board is some hundred transactions, not
 * thousands; a transaction refused is written again one by one, which finds the one refused and why. A
 * sub-task waits for a transaction after its parent's.
 */
export async function writeRecords(context: WriteContext, records: readonly { record: ImportRecord; index: number }[], tally: Tally, onError: (error: unknown) => void): Promise<void> {
  const planned = records.map(({ record, index }) => {
    remember(context, record);
    return { record, planned: plan(context, record, index) };
  });
  const keyed = new Map(planned.flatMap(({ planned: write }) => (typeof write === 'object' && write.key ? [[`${write.key.PK}\n${write.key.SK}`, write.key]] : [])));
  // Read once, when first needed: before a write one by one (a record not written together, or one of a
  // refused transaction). A chunk written together is not read first: were any of its items there (a chunk
  // run again), its transaction is refused, and then they are read.
  let present: Set<string> | undefined;
  const presentItems = async (): Promise<Set<string>> =>
    (present ??= new Set((await batchGetItems([...keyed.values()], { consistent: true })).map((item) => `${String(item.PK)}\n${String(item.SK)}`)));
  const writeOne = async (record: ImportRecord, write: PlannedWrite): Promise<void> => {
    let refused: string | undefined;
    if (!write.key || !(await presentItems()).has(`${write.key.PK}\n${write.key.SK}`)) {
      try {
        refused = await write.write();
      } catch (error) {
        onError(error);
        refused = 'Could not be written';
      }
    }
    if (refused !== undefined) addSkip(tally, whereOf(record), refused);
    else if (write.counts) tally.created[write.counts] += 1;
  };
  let together: { record: ImportRecord; write: PlannedWrite; together: Together }[] = [];
  const written = async (batch: readonly Together[]): Promise<boolean> => {
    const mark = { importId: context.importId };
    try {
      const tasks = batch.flatMap((entry) => (entry.kind === 'task' ? [entry.task] : []));
      const comments = batch.flatMap((entry) => (entry.kind === 'comment' ? [entry] : []));
      return (tasks.length > 0 ? await createTasksTogether(context.workspaceId, tasks, mark) : await createCommentsTogether(comments, mark)) === 'written';
    } catch (error) {
      onError(error);
      return false;
    }
  };
  const flush = async (): Promise<void> => {
    const batch = together;
    together = [];
    if (batch.length > 1) {
      if (await written(batch.map((entry) => entry.together))) {
        for (const { write } of batch) if (write.counts) tally.created[write.counts] += 1;
        return;
      }
    }
    for (const { record, write } of batch) await writeOne(record, write);
  };
  for (const { record, planned: write } of planned) {
    if (write === undefined) continue;
    if (typeof write === 'string') {
      addSkip(tally, whereOf(record), write);
      continue;
    }
    const next = write.together;
    if (next && !(write.key && present?.has(`${write.key.PK}\n${write.key.SK}`))) {
      if (!joins(together.map((entry) => entry.together), next)) await flush();
      together.push({ record, write, together: next });
      continue;
    }
    await flush();
    await writeOne(record, write);
  }
  await flush();
}
