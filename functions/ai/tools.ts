import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { subtasksOf } from '../../shared/rules/subtasks.js';
import { addDays } from '../../shared/rules/calendar-date.js';
import { dayInWords, formatMinutes, PLAN_DAYS, taskMinutes, weekDayOf } from '../../shared/rules/weekly-planner.js';
import { completionPercent } from '../../shared/rules/projects.js';
import { matchesAnyLabel } from '../../shared/rules/task-labels.js';
import { WEEK_PREVIEW_TOOL, type WeekPreviewResult } from '../../shared/schemas/chat.js';
import { labelNameKey, type LabelView } from '../../shared/schemas/label.js';
import { installEnglishValidationMessages } from '../../shared/schemas/messages.js';
import { fieldErrorsOf } from '../../shared/schemas/field-errors.js';
import {
  createMilestoneInput,
  createNoteInput,
  MAX_BLOCKERS,
  MAX_LABELS_PER_TASK,
  repeatFrom,
  MILESTONE_DESCRIPTION_MAX_LENGTH,
  NOTE_CONTENT_MAX_LENGTH,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_NAME_MAX_LENGTH,
  TASK_DESCRIPTION_MAX_LENGTH,
  TASK_TITLE_MAX_LENGTH,
  TIME_ESTIMATE_MAX_MINUTES,
  TIME_ESTIMATE_STEP_MINUTES,
  createTaskInput,
  priorities,
  taskStatuses,
  updateMilestoneInput,
  updateProjectInput,
  updateTaskInput,
  type MilestoneView,
  type ProjectSummary,
  type TaskRef,
  type TaskView,
} from '../../shared/schemas/project.js';
import type { MemberView } from '../../shared/schemas/member.js';
import { SEARCH_QUERY_MAX_LENGTH, searchQuery } from '../../shared/schemas/search.js';
import { MAX_FOCUS_PROJECTS } from '../../shared/schemas/weekly-plan.js';
import { TASK_PAGE_MAX_SIZE, type ListTasksQuery } from '../../shared/schemas/task-index.js';
import { putUndo, type UndoRecord } from '../data/chat-runs.js';
import { listLabelsFor } from '../domain/labels.js';
import { listMembersFor } from '../domain/members.js';
import { getWorkspaceFor } from '../domain/workspaces.js';
import { CURRENT_CONTEXT_TOOL } from './model-input.js';
import { createMilestoneFor, updateMilestoneFor } from '../domain/milestones.js';
import { createNoteFor } from '../domain/notes.js';
import { createCommentFor, listCommentsFor, type CommentPlace } from '../domain/comments.js';
import { showMentions } from '../../shared/rules/mentions.js';
import { COMMENT_MAX_LENGTH, commentInput } from '../../shared/schemas/comment.js';
import { listProjectItemsFor, listProjectsFor, updateProjectFor } from '../domain/projects.js';
import { searchWorkspace } from '../domain/search.js';
import { undoFields } from '../domain/assistant.js';
import { blockersOf } from '../domain/task-blockers.js';
import { computeWeeklyPlan, type ComputedPlan } from '../domain/weekly-plan.js';
import { createTaskFor, listTasksFor, updateTaskWithSubtasksFor } from '../domain/tasks.js';
import { ToolError, type ToolContext, type ToolOutcome } from './tool-context.js';
import { changesSaid, counted, milestoneChangeWords, milestoneSummary, projectChangeWords, projectSummaryOf, labelsOf, taskChangeWords, taskSummary } from './tool-words.js';
import { filterLabels, indexQueriesFor, matchesFilter, taskFilters } from './task-filters.js';
import { HttpError } from '../lib/errors.js';
import { matchByName, type Match } from './name-match.js';

/**
 * What the assistant can do, as tools every provider offers the model (and the offline parser calls).
 * Each is a thin adapter over the domain functions the HTTP routes use, run as the calling user in the
 * workspace of the request: whatever names or ids a model produces, only that workspace's projects and
 * tasks are found, and the domain checks membership on every call. Nothing destructive is offered. Every
 * write returns an undo that takes back exactly that change while the item is still as the write left it.
 * Beside it: tool-context.ts (what a tool runs with and answers), tool-words.ts (how items and changes are
 * shown), task-filters.ts (list_tasks's filters), name-match.ts (names to items).
 */

// The model reads why its arguments were refused; zod/mini brings no texts of its own.
installEnglishValidationMessages();

const dateText = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD'));
/** Text the tool passes on, within the limit its item's schema sets (checked again by that schema). */
const text = (max: number) => z.string().check(z.maxLength(max));
const titleWithin = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
// Tasks, milestones and notes share one title limit.
const title = titleWithin(TASK_TITLE_MAX_LENGTH);
/**
 * A domain input checked by the schema its HTTP route uses: the tools call the domain directly, and a model
 * can produce what the tool's own looser schema lets through (a 30 February, a blank title) but no stored
 * item may hold.
 */
function checked<S extends z.ZodMiniType>(schema: S, value: z.input<S>): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ToolError(`Not saved: ${fieldErrorsOf(parsed.error).map(({ field, message }) => `${field} ${message}`).join('; ')}`);
}

/** The schema with the description the model reads in its tool spec. */
const described = <S extends z.ZodMiniType>(schema: S, description: string) => schema.check(z.describe(description));

async function projectsOf(context: ToolContext): Promise<ProjectSummary[]> {
  return listProjectsFor(context.caller, context.workspaceId);
}

/** The projects that are not archived: the workspace-wide lists leave the archived ones' tasks out. */
const activeProjectIds = (projects: readonly ProjectSummary[]) => new Set(projects.filter((project) => !project.archived).map((project) => project.id));

/** How sure a lookup must be: a write is made only on an id, the exact name or the words it begins. */
type Certainty = 'read' | 'write';

/** The places a lookup searches, in order, each read only if the ones before had no match. */
type Places<T> = readonly (() => Promise<readonly T[]>)[];

/**
 * The candidate a request names, searched place by place: first for a sure match (an id, the exact name, the
 * words it begins) in every place, and only for a read then for a guess. A write never acts on a guess: when
 * nothing is sure, a near miss is named as a question, and the model asks the user (or uses the id) instead
 * of changing what they did not mean.
 */
async function findNamed<T extends { id: string }>(certainty: Certainty, places: Places<T>, wanted: string, nameOf: (candidate: T) => string): Promise<Match<T>> {
  const read: (readonly T[])[] = [];
  for (const place of places) {
    const candidates = await place();
    read.push(candidates);
    const match = matchByName(candidates, wanted, nameOf, { loose: false });
    if (!('none' in match)) return match;
  }
  for (const candidates of read) {
    const guess = matchByName(candidates, wanted, nameOf);
    if ('none' in guess) continue;
    if (certainty === 'read') return guess;
    // Said to the user as it is (the offline assistant shows it); the system prompt tells a model to ask.
    if ('found' in guess) throw new ToolError(`Nothing is called exactly "${wanted}". Did you mean "${nameOf(guess.found)}"?`);
  }
  return { none: true };
}

/**
 * The project a request names (by name or id), else the chat's scope; a clear error otherwise. Typos are
 * forgiven even for a write into a project ('read' certainty): a workspace has few projects, and what a write
 * puts in one is shown and undone. A change of the project itself is made on a sure match only ('write').
 */
async function resolveProject(context: ToolContext, wanted: string | undefined, certainty: Certainty = 'read'): Promise<ProjectSummary> {
  const projects = await projectsOf(context);
  if (!wanted) {
    const scoped = projects.find((project) => project.id === context.projectId);
    if (scoped) return scoped;
    if (projects.length === 1 && projects[0]) return projects[0];
    throw new ToolError(projects.length === 0 ? 'This workspace has no projects yet.' : 'Which project? Name one of: ' + projects.map((p) => p.name).join(', '));
  }
  const match = certainty === 'read' ? matchByName(projects, wanted, (project) => project.name) : await findNamed('write', [async () => projects], wanted, (project) => project.name);
  if ('found' in match) return match.found;
  if ('ambiguous' in match) throw new ToolError(`"${wanted}" could be ${match.ambiguous.map((project) => project.name).join(' or ')}.`);
  throw new ToolError(`No project called "${wanted}". Projects: ${projects.map((project) => project.name).join(', ') || 'none yet'}.`);
}

/**
 * The workspace's tasks where one named without its project is looked for: the recently active ones, and
 * every open one (list_tasks hands out ids of old open tasks too), each task once.
 */
async function workspaceTasks(context: ToolContext): Promise<TaskView[]> {
  const queries: ListTasksQuery[] = [{ by: 'activity', limit: TASK_PAGE_MAX_SIZE }, ...indexQueriesFor('open', context)];
  const pages = await Promise.all(queries.map((query) => listTasksFor(context.caller, context.workspaceId, query)));
  return [...new Map(pages.flatMap((page) => page.tasks).map((task) => [task.id, task])).values()];
}

/**
 * The task a request names (by title or id): in its project when one is named; else in the chat's project
 * first, then in the workspace (an id from a workspace-wide list is found from a project's chat too).
 */
async function resolveTask(context: ToolContext, wanted: string, projectName: string | undefined, certainty: Certainty): Promise<TaskView> {
  const inProject = async (name: string | undefined) => (await listProjectItemsFor(context.caller, context.workspaceId, (await resolveProject(context, name)).id)).tasks;
  const places: Places<TaskView> = projectName ? [() => inProject(projectName)] : context.projectId ? [() => inProject(undefined), () => workspaceTasks(context)] : [() => workspaceTasks(context)];
  const match = await findNamed(certainty, places, wanted, (task) => task.title);
  if ('found' in match) return match.found;
  if ('ambiguous' in match) throw new ToolError(`"${wanted}" could be ${match.ambiguous.map((task) => `"${task.title}"`).join(' or ')}.`);
  throw new ToolError(`No task called "${wanted}"${projectName ? ` in ${projectName}` : ''}.`);
}

/** The milestone a request names (by title or id) in the named project, else in the chat's project. */
async function resolveMilestone(context: ToolContext, wanted: string, projectName: string | undefined, certainty: Certainty): Promise<{ milestone: MilestoneView; project: ProjectSummary }> {
  const project = await resolveProject(context, projectName);
  const { milestones } = await listProjectItemsFor(context.caller, context.workspaceId, project.id);
  const match = await findNamed(certainty, [async () => milestones], wanted, (milestone) => milestone.title);
  if ('found' in match) return { milestone: match.found, project };
  if ('ambiguous' in match) throw new ToolError(`"${wanted}" could be ${match.ambiguous.map((milestone) => `"${milestone.title}"`).join(' or ')}.`);
  throw new ToolError(`No milestone called "${wanted}" in ${project.name}. Its milestones: ${milestones.map((milestone) => milestone.title).join(', ') || 'none yet'}.`);
}

/**
 * The workspace's members, read once per reply: a tool that names an assignee and lists names, and each
 * further tool of the same reply, share one read (the tools change no memberships).
 */
const membersOfReply = new WeakMap<ToolContext, Promise<MemberView[]>>();
function membersOf(context: ToolContext): Promise<MemberView[]> {
  let members = membersOfReply.get(context);
  if (!members) {
    members = listMembersFor(context.caller, context.workspaceId);
    membersOfReply.set(context, members);
    // A failed read is not kept: the next tool asks again.
    members.catch(() => membersOfReply.delete(context));
  }
  return members;
}

/**
 * Whether anyone but the caller is a member: then names, titles, descriptions and notes the tools read may
 * have been written by someone else (the assistant's guard against instructions planted in them, turn.ts).
 */
export async function workspaceIsShared(context: ToolContext): Promise<boolean> {
  return (await membersOf(context)).some((member) => member.userId !== context.caller.userId);
}

/**
 * A member by e-mail (an owner's or admin's assistant; a member's sees no addresses, so goes by names only)
 * or by name, or the caller for "me".
 */
async function resolveAssignee(context: ToolContext, wanted: string | null | undefined): Promise<string | null | undefined> {
  if (wanted === undefined || wanted === null) return wanted;
  if (['me', 'myself', 'i'].includes(wanted.trim().toLowerCase())) return context.caller.userId;
  const members = await membersOf(context);
  const byEmail = members.find((member) => member.email?.toLowerCase() === wanted.trim().toLowerCase());
  if (byEmail) return byEmail.userId;
  // An address is never matched as a name: for a member, who sees no addresses, a guess from its first
  // part (often the name shown) would tell whose address it is.
  if (wanted.includes('@')) throw new ToolError(`No member called "${wanted}" in this workspace.`);
  // Strict even to read: the tasks of 'Ana' must not be Diana's.
  const candidates = members.map((member) => ({ ...member, id: member.userId }));
  const match = await findNamed('write', [async () => candidates], wanted, (member) => member.displayName);
  if ('found' in match) return match.found.userId;
  if ('ambiguous' in match) throw new ToolError(`"${wanted}" could be ${match.ambiguous.map((member) => member.displayName).join(' or ')}.`);
  throw new ToolError(`No member called "${wanted}" in this workspace.`);
}

/** The members' names by user id, for saying who a task is assigned to. */
async function memberNamesOf(context: ToolContext): Promise<ReadonlyMap<string, string>> {
  return new Map((await membersOf(context)).map((member) => [member.userId, member.displayName]));
}

async function rememberUndo(context: ToolContext, record: UndoRecord): Promise<{ token: string; label: string }> {
  const token = randomUUID();
  await putUndo(context.workspaceId, context.caller.userId, token, record);
  return { token, label: record.label };
}

/**
 * The workspace's labels by name or id (issue 36), any case; an unknown one is refused with the names there are.
 * Labels are made by owners and admins in Workspace Settings, never by the assistant.
 */
async function resolveLabels(context: ToolContext, wanted: readonly string[] | undefined): Promise<LabelView[] | undefined> {
  if (wanted === undefined) return undefined;
  const labels = await listLabelsFor(context.caller, context.workspaceId);
  return wanted.map((name) => {
    const found = labels.find((label) => label.id === name || labelNameKey(label.name) === labelNameKey(name));
    if (found) return found;
    const known = labels.length > 0 ? `The labels are: ${labels.map((label) => label.name).join(', ')}.` : 'This workspace has no labels yet.';
    throw new ToolError(`No label called "${name}". ${known}`);
  });
}

/** The workspace's label names by id, read only when some of `tasks` carries a label (a list shows them by name). */
async function labelNamesFor(context: ToolContext, tasks: readonly TaskView[]): Promise<ReadonlyMap<string, string>> {
  if (!tasks.some((task) => task.labelIds?.length)) return new Map();
  return new Map((await listLabelsFor(context.caller, context.workspaceId)).map((label) => [label.id, label.name]));
}

/**
 * Completing a parent with open sub-tasks (issue 36) asks first, as the web does: without the user's word
 * (`subtasks`), nothing is written and the answer names them; 'complete' completes them along in the same
 * write, 'leave' completes the task alone.
 */
async function subtasksAlong(context: ToolContext, task: TaskView, choice: 'complete' | 'leave' | undefined): Promise<{ completeSubtasks?: true }> {
  if (choice === 'leave') return {};
  const open = subtasksOf((await listProjectItemsFor(context.caller, context.workspaceId, task.projectId)).tasks, task.id).filter((subtask) => !subtask.completed);
  if (open.length === 0) return {};
  if (choice === 'complete') return { completeSubtasks: true };
  const titles = open.map((subtask) => `"${subtask.title}"`).join(', ');
  throw new ToolError(
    `Not completed: "${task.title}" has ${counted(open.length, 'open sub-task')} (${titles}). Complete them too, or only "${task.title}"? (Say "complete ${task.title} and its sub-tasks" or "complete only ${task.title}".)`,
  );
}
const subtasksChoice = described(
  z.optional(z.enum(['complete', 'leave'])),
  "when completing a task with open sub-tasks: 'complete' completes them too, 'leave' completes only this task; leave it out unless the user said which (the tool then names them so you can ask)",
);

const labelNames = described(
  z.optional(z.array(z.string()).check(z.maxLength(MAX_LABELS_PER_TASK))),
  "names of the workspace's labels: the whole list, [] to clear it",
);
/** A repeat as the model gives it (issue 36): the task's time zone is the user's. */
const repeatInput = described(
  z.object({ rule: z.string(), from: z.optional(z.enum(repeatFrom)) }),
  'an RFC 5545 RRULE without DTSTART, e.g. FREQ=WEEKLY;BYDAY=MO (every Monday), FREQ=WEEKLY;INTERVAL=2 (every 2 weeks), FREQ=MONTHLY;BYDAY=-1FR (the last Friday); from "due" (default) or "completion" (the next date counts from the day it is done)',
);
const repeatOf = (context: ToolContext, repeat: z.output<typeof repeatInput>) => ({ rule: repeat.rule, from: repeat.from ?? 'due', timeZone: context.timeZone ?? 'UTC' });

/** A time estimate as a model gives it: any whole minutes up to the HTTP schema's bound, rounded to its step (roundToStep). */
const estimateMinutes = z.int().check(z.minimum(0), z.maximum(TIME_ESTIMATE_MAX_MINUTES));

const taskFields = {
  title: described(z.optional(title), 'new title'),
  description: described(z.optional(text(TASK_DESCRIPTION_MAX_LENGTH)), 'new description (markdown), replacing the old one'),
  status: z.optional(z.enum(taskStatuses)),
  priority: z.optional(z.enum(priorities)),
  dueDate: described(z.optional(z.nullable(dateText)), 'YYYY-MM-DD, or null to clear'),
  timeEstimate: described(z.optional(z.nullable(estimateMinutes)), `minutes, a multiple of ${TIME_ESTIMATE_STEP_MINUTES}`),
  assignee: described(z.optional(z.nullable(z.string())), 'member name or e-mail, "me", or null to unassign'),
  blockedBy: described(
    z.optional(z.array(z.string()).check(z.maxLength(MAX_BLOCKERS))),
    'titles or ids of the tasks (any project) that must be done before this one: the whole list, [] to clear it',
  ),
  labels: labelNames,
  repeat: described(z.optional(z.nullable(repeatInput)), 'how the task repeats; null stops repeating'),
};

/**
 * An update of an item from a tool's fields: only those given that differ from the item (so an update that
 * changes nothing is not written, and leaves no undo to stand in the way of others); refused when none
 * were given.
 */
function editOf<T extends { version: number }>(item: T, fields: Record<string, unknown>): { edit: { version: number } & Partial<T>; changed: string[] } {
  const given = Object.entries(fields).filter(([, value]) => value !== undefined);
  if (given.length === 0) throw new ToolError('Nothing to change: say what should change.');
  const changes = given.filter(([field, value]) => item[field as keyof T] !== value);
  return { edit: { version: item.version, ...(Object.fromEntries(changes) as Partial<T>) }, changed: changes.map(([field]) => field) };
}

/** An update of a task the assistant found, with its undo. */
async function updateFoundTask(context: ToolContext, task: TaskView, edit: Parameters<typeof updateTaskWithSubtasksFor>[4], label: string): Promise<ToolOutcome & { task: TaskView }> {
  const { task: updated, completedSubtasks } = await updateTaskWithSubtasksFor(context.caller, context.workspaceId, task.projectId, task.id, checked(updateTaskInput, edit));
  // Sub-tasks completed along are not the task's own fields: its undo reopens each as it was, if unchanged since.
  const subtasks = completedSubtasks.map(({ before, after }) => ({ id: after.id, versionAfter: after.version, status: before.status }));
  const changed = Object.keys(edit).filter((field) => field !== 'version' && field !== 'completeSubtasks');
  const touchesCompletion = changed.includes('status') || changed.includes('completed');
  const fields = touchesCompletion ? [...changed.filter((field) => field !== 'status' && field !== 'completed'), 'status', 'completed', 'completedAt'] : changed;
  // Absent lists mean none: the undo must send the empty list, or the blockers would stay (undoFields).
  const [before, after] = [undoFields(task, fields), undoFields(updated, fields)];
  const undo = await rememberUndo(context, { kind: 'task', projectId: task.projectId, id: task.id, versionAfter: updated.version, before, after, ...(subtasks.length > 0 ? { subtasks } : {}), label });
  const [projects, names] = await Promise.all([projectsOf(context), memberNamesOf(context)]);
  return { task: updated, result: taskSummary(updated, projects, names), message: label, undo };
}

interface ToolDefinition<S extends z.ZodMiniType> {
  readonly name: string;
  /** It changes the workspace: after the reply read text others wrote, it is proposed instead (turn.ts). */
  readonly writes?: true;
  readonly description: string;
  readonly input: S;
  readonly run: (context: ToolContext, input: z.output<S>) => Promise<ToolOutcome>;
}

function tool<S extends z.ZodMiniType>(definition: ToolDefinition<S>): ToolDefinition<S> {
  return definition;
}

export const LIST_LIMIT = 20;

/** The latest comments on a task or a project (`place`), named `subject` in the result and `where` in the message. */
async function readComments(context: ToolContext, place: CommentPlace, subject: Record<string, string>, where: string): Promise<ToolOutcome> {
  const [comments, names] = await Promise.all([listCommentsFor(context.caller, place, { limit: LIST_LIMIT }), memberNamesOf(context)]);
  const nameOf = (userId: string) => names.get(userId);
  return {
    result: {
      ...subject,
      comments: comments.comments.map((comment) => ({
        by: nameOf(comment.authorId) ?? 'A former member',
        at: comment.createdAt,
        text: showMentions(comment.body, nameOf),
        ...(comment.edited ? { edited: true } : {}),
      })),
      ...(comments.nextCursor ? { earlier: true } : {}),
    },
    message: `${counted(comments.comments.length, 'comment')} on ${where}`,
  };
}

/** A comment written as the user on a task or a project (`place`) by the route's domain code; its undo deletes it while unedited. */
async function addComment(context: ToolContext, place: CommentPlace, body: string, subject: Record<string, string>, where: string): Promise<ToolOutcome> {
  const comment = await createCommentFor(context.caller, place, checked(commentInput, { body }));
  const label = `Commented on ${where}`;
  const undo = await rememberUndo(context, { kind: 'comment', projectId: place.projectId, ...(place.taskId === undefined ? {} : { taskId: place.taskId }), id: comment.id, versionAfter: 1, label });
  return { result: { id: comment.id, ...subject }, message: label, undo };
}

export const tools = [
  tool({
    name: CURRENT_CONTEXT_TOOL,
    description: 'Where the user is: the workspace, and the project they are looking at (a request that names no project is about it).',
    input: z.object({}),
    run: async (context) => {
      const [workspace, projects, shared] = await Promise.all([getWorkspaceFor(context.caller, context.workspaceId), projectsOf(context), workspaceIsShared(context)]);
      const project = projects.find((candidate) => candidate.id === context.projectId);
      // Names others may have written reach the model only through the tools it calls (which make its later
      // writes proposals): where the user is comes with every reply, so there it is ids alone.
      const result = shared
        ? { workspace: { id: workspace.id }, project: project ? { id: project.id } : null }
        : { workspace: workspace.name, project: project ? { id: project.id, name: project.name } : null };
      return { result, message: project ? `In ${project.name}` : `In ${workspace.name}` };
    },
  }),
  tool({
    name: 'list_projects',
    description: "List the workspace's projects with their progress.",
    input: z.object({}),
    run: async (context) => {
      const projects = await projectsOf(context);
      return { result: projects.map(projectSummaryOf), message: counted(projects.length, 'project') };
    },
  }),
  tool({
    name: 'update_project',
    writes: true,
    description: "Change a project's name, description, deadline or priority, or mark it a favourite (or not).",
    input: z.object({
      project: described(z.optional(z.string()), 'project name or id; the chat’s project when absent'),
      name: described(z.optional(titleWithin(PROJECT_NAME_MAX_LENGTH)), 'new name'),
      description: described(z.optional(text(PROJECT_DESCRIPTION_MAX_LENGTH)), 'new description, replacing the old one'),
      deadline: described(z.optional(z.nullable(dateText)), 'YYYY-MM-DD, or null to clear'),
      priority: z.optional(z.enum(priorities)),
      favorite: z.optional(z.boolean()),
    }),
    run: async (context, { project: wanted, favorite, ...fields }) => {
      const project = await resolveProject(context, wanted, 'write');
      const { edit, changed } = editOf(project, { ...fields, isFavorite: favorite });
      if (changed.length === 0) return { result: { ...projectSummaryOf(project), unchanged: true }, message: `Project "${project.name}" was already like that` };
      const updated = await updateProjectFor(context.caller, context.workspaceId, project.id, checked(updateProjectInput, edit));
      const label = `Updated project "${project.name}": ${changesSaid(edit, projectChangeWords)}`;
      const [before, after] = [undoFields(project, changed), undoFields(updated, changed)];
      const undo = await rememberUndo(context, { kind: 'project', projectId: project.id, id: project.id, versionAfter: updated.version, before, after, label });
      return { result: projectSummaryOf(updated), message: label, undo };
    },
  }),
  tool({
    name: 'list_tasks',
    description:
      'List tasks: overdue, due today, due tomorrow, due in the next 7 days, assigned to me, in progress, open or completed; optionally in one project, of one assignee, of one priority and/or with one label. Across the workspace only active projects count; name an archived project to see its tasks. Each task says who it is assigned to.',
    input: z.object({
      filter: described(z.optional(z.enum(taskFilters)), 'which tasks; open tasks when absent'),
      project: described(z.optional(z.string()), 'project name or id'),
      assignee: described(z.optional(z.string()), 'only tasks of this member (name or e-mail), or "me"'),
      priority: described(z.optional(z.enum(priorities)), 'only tasks of this priority'),
      label: described(z.optional(z.string()), 'only tasks with this label (its name)'),
    }),
    run: async (context, { filter = 'open', project, assignee, priority, label }) => {
      const [projects, names, assignedTo, labelled] = await Promise.all([
        projectsOf(context),
        memberNamesOf(context),
        resolveAssignee(context, assignee),
        resolveLabels(context, label === undefined ? undefined : [label]),
      ]);
      const labelIds = new Set((labelled ?? []).map((found) => found.id));
      const wanted = (task: TaskView) =>
        matchesFilter(task, filter, context) &&
        (assignedTo === undefined || assignedTo === null || task.assignedTo === assignedTo) &&
        (priority === undefined || task.priority === priority) &&
        matchesAnyLabel(task, labelIds);
      let tasks: TaskView[];
      if (project) {
        const found = await resolveProject(context, project);
        tasks = (await listProjectItemsFor(context.caller, context.workspaceId, found.id)).tasks.filter(wanted);
      } else {
        const queries = assignedTo ? [{ by: 'assignee', assignee: assignedTo, state: filter === 'completed' ? 'completed' : 'open', limit: TASK_PAGE_MAX_SIZE } as const] : indexQueriesFor(filter, context);
        const pages = await Promise.all(queries.map((query) => listTasksFor(context.caller, context.workspaceId, query)));
        // Across the workspace, as on /tasks and the dashboard: the active projects' tasks.
        const active = activeProjectIds(projects);
        tasks = pages.flatMap((page) => page.tasks).filter((task) => active.has(task.projectId) && wanted(task));
      }
      const shown = tasks.slice(0, LIST_LIMIT);
      const labelsById = await labelNamesFor(context, shown);
      const whose = assignee ? ` of ${assignee}` : '';
      const which = priority ? `${priority} priority ` : '';
      const said = `${filterLabels[filter]}${whose}${labelled?.[0] ? ` labelled ${labelled[0].name}` : ''}${project ? ` in ${project}` : ''}`;
      return {
        // `none` says what was looked for, for a reply to an empty list.
        result: { tasks: shown.map((task) => taskSummary(task, projects, names, labelsById)), more: tasks.length - shown.length, none: `No ${which}tasks ${said}` },
        message: `${counted(tasks.length, `${which}task`)} ${said}`,
      };
    },
  }),
  tool({
    name: 'search',
    description: 'Search the workspace’s projects, tasks, notes and links by words of their titles (and of notes’ texts); best matches first.',
    input: z.object({ query: described(titleWithin(SEARCH_QUERY_MAX_LENGTH), 'the words to look for') }),
    run: async (context, { query }) => {
      const [{ results }, projects] = await Promise.all([searchWorkspace(context.caller, context.workspaceId, checked(searchQuery, { q: query, limit: LIST_LIMIT })), projectsOf(context)]);
      const projectName = (id: string | null) => projects.find((project) => project.id === id)?.name ?? null;
      return {
        result: results.map((found) => ({ kind: found.kind, id: found.id, title: found.title, project: found.kind === 'project' ? null : projectName(found.projectId), url: found.url })),
        message: `${counted(results.length, 'result')} for "${query}"`,
      };
    },
  }),
  tool({
    name: 'list_members',
    description: "List the workspace's members with their roles (the names to assign tasks to).",
    input: z.object({}),
    run: async (context) => {
      const members = await membersOf(context);
      return {
        result: members.map((member) => ({ name: member.displayName, role: member.role, you: member.userId === context.caller.userId })),
        message: counted(members.length, 'member'),
      };
    },
  }),
  tool({
    name: 'get_task',
    description: 'Look up one task by its title (forgiving small typos) or id, with its parent or its sub-tasks.',
    input: z.object({ task: described(z.string(), 'task title or id'), project: z.optional(z.string()) }),
    run: async (context, { task, project }) => {
      const found = await resolveTask(context, task, project, 'read');
      const [projects, names, blockers, labelsById, { tasks: siblings }] = await Promise.all([
        projectsOf(context),
        memberNamesOf(context),
        blockersOf(context.workspaceId, found),
        labelNamesFor(context, [found]),
        listProjectItemsFor(context.caller, context.workspaceId, found.projectId),
      ]);
      const blockedBy = blockers.map((blocker) => ({ title: blocker.title, done: blocker.completed }));
      // Its parent, or its sub-tasks in order (issue 36).
      const parent = siblings.find((candidate) => candidate.id === found.parentId);
      const subtasks = subtasksOf(siblings, found.id).map((subtask) => ({ title: subtask.title, done: subtask.completed }));
      return {
        result: {
          ...taskSummary(found, projects, names, labelsById),
          // Mentions (issue 37) by the member's current name, as the task view shows them.
          description: showMentions(found.description, (userId) => names.get(userId)),
          // Pinned: a new weekly plan keeps it on its due date (or, after the week, leaves it out).
          ...(found.pinned ? { pinned: true } : {}),
          ...(blockedBy.length > 0 ? { blockedBy, blocked: blockedBy.some((blocker) => !blocker.done) } : {}),
          ...(parent ? { parent: parent.title } : {}),
          ...(subtasks.length > 0 ? { subtasks } : {}),
        },
        message: `Found "${found.title}"`,
      };
    },
  }),
  tool({
    name: 'create_task',
    writes: true,
    description: 'Create a task in a project (the chat’s project when none is named), or a sub-task of a task (`parent`).',
    input: z.object({
      title,
      project: described(z.optional(z.string()), 'project name or id'),
      description: z.optional(text(TASK_DESCRIPTION_MAX_LENGTH)),
      priority: z.optional(z.enum(priorities)),
      dueDate: z.optional(dateText),
      timeEstimate: described(z.optional(estimateMinutes), 'minutes'),
      assignee: described(z.optional(z.string()), 'member name or e-mail, or "me"'),
      labels: labelNames,
      repeat: z.optional(repeatInput),
      parent: described(z.optional(z.string()), 'a task (title or id) to add this one to as a sub-task; it goes in that task’s project'),
    }),
    run: async (context, input) => {
      const parent = input.parent === undefined ? undefined : await resolveTask(context, input.parent, input.project, 'write');
      const project = await resolveProject(context, parent?.projectId ?? input.project);
      const assignedTo = (await resolveAssignee(context, input.assignee)) ?? null;
      const labels = await resolveLabels(context, input.labels);
      const task = await createTaskFor(
        context.caller,
        context.workspaceId,
        project.id,
        checked(createTaskInput, {
          title: input.title,
          description: input.description ?? '',
          status: 'todo',
          priority: input.priority ?? 'medium',
          dueDate: input.dueDate ?? null,
          timeEstimate: input.timeEstimate === undefined ? null : roundToStep(input.timeEstimate),
          assignedTo,
          ...(labels ? { labelIds: labels.map((label) => label.id) } : {}),
          ...(input.repeat ? { repeat: repeatOf(context, input.repeat) } : {}),
          ...(parent ? { parentId: parent.id } : {}),
        }),
      );
      const label = parent ? `Added "${task.title}" to "${parent.title}" as a sub-task` : `Created "${task.title}" in ${project.name}`;
      const undo = await rememberUndo(context, { kind: 'task', projectId: project.id, id: task.id, versionAfter: task.version, label });
      return { result: { ...taskSummary(task, [project]), ...(parent ? { parent: parent.title } : {}) }, message: label, undo };
    },
  }),
  tool({
    name: 'update_task',
    writes: true,
    description:
      "Change a task's title, description, status, priority, due date, estimate, assignee, blockers, labels or repeat (null stops repeating); make it a sub-task of another task of its project (`parent`), or a sub-task a task of its own (`parent`: null).",
    input: z.object({
      task: described(z.string(), 'task title or id'),
      project: z.optional(z.string()),
      ...taskFields,
      parent: described(z.optional(z.nullable(z.string())), 'a task (title or id) of the same project to move this one under as its sub-task; null makes a sub-task a task of its own'),
      subtasks: subtasksChoice,
    }),
    run: async (context, { task: wanted, project, assignee, timeEstimate, blockedBy: blockerNames, labels: labelNamesWanted, repeat, parent: parentName, subtasks, ...fields }) => {
      const task = await resolveTask(context, wanted, project, 'write');
      const [assignedTo, blockers, labels, parent] = await Promise.all([
        resolveAssignee(context, assignee),
        blockerNames === undefined ? undefined : Promise.all(blockerNames.map((name) => resolveTask(context, name, undefined, 'write'))),
        resolveLabels(context, labelNamesWanted),
        // Looked for in the task's own project (named as the user knows it): a sub-task is of its parent's project.
        typeof parentName === 'string' ? projectsOf(context).then((projects) => resolveTask(context, parentName, projects.find((candidate) => candidate.id === task.projectId)?.name ?? task.projectId, 'write')) : parentName,
      ]);
      const blockedBy = blockers?.map((blocker): TaskRef => ({ projectId: blocker.projectId, taskId: blocker.id }));
      const edit = {
        version: task.version,
        ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
        ...(timeEstimate === undefined ? {} : { timeEstimate: timeEstimate === null ? null : roundToStep(timeEstimate) }),
        ...(assignedTo === undefined ? {} : { assignedTo }),
        ...(blockedBy === undefined ? {} : { blockedBy }),
        ...(labels === undefined ? {} : { labelIds: labels.map((label) => label.id) }),
        ...(repeat === undefined ? {} : { repeat: repeat && repeatOf(context, repeat) }),
        ...(parent === undefined ? {} : { parentId: parent === null ? null : parent.id }),
      };
      if (Object.keys(edit).length === 1) throw new ToolError('Nothing to change: say what should change.');
      const along = fields.status === 'completed' && !task.completed ? await subtasksAlong(context, task, subtasks) : {};
      const names = assignedTo ? await memberNamesOf(context) : new Map<string, string>();
      const titles = new Map([...(blockers ?? []), ...(parent ? [parent] : [])].map((named) => [named.id, named.title]));
      const labelsSaid = new Map((labels ?? []).map((label) => [label.id, label.name]));
      const said = `Updated "${task.title}": ${changesSaid(edit, taskChangeWords(names, titles, labelsSaid))}${along.completeSubtasks ? ', with its open sub-tasks' : ''}`;
      return updateFoundTask(context, task, { ...edit, ...along }, said);
    },
  }),
  tool({
    name: 'complete_task',
    writes: true,
    description: 'Mark a task as completed. A task with open sub-tasks is completed only once the user said whether they are done too (`subtasks`).',
    input: z.object({ task: described(z.string(), 'task title or id'), project: z.optional(z.string()), subtasks: subtasksChoice }),
    run: async (context, { task: wanted, project, subtasks }) => {
      const task = await resolveTask(context, wanted, project, 'write');
      if (task.completed) return { result: taskSummary(task, await projectsOf(context)), message: `"${task.title}" was already completed` };
      const along = await subtasksAlong(context, task, subtasks);
      return updateFoundTask(context, task, { version: task.version, completed: true, ...along }, `Completed "${task.title}"${along.completeSubtasks ? ' and its open sub-tasks' : ''}`);
    },
  }),
  tool({
    name: 'list_milestones',
    description: "List a project's milestones (the chat's project when none is named), by due date, with whether each is completed.",
    input: z.object({ project: described(z.optional(z.string()), 'project name or id') }),
    run: async (context, { project: wanted }) => {
      const project = await resolveProject(context, wanted);
      const { milestones } = await listProjectItemsFor(context.caller, context.workspaceId, project.id);
      return { result: milestones.map((milestone) => milestoneSummary(milestone, project)), message: `${counted(milestones.length, 'milestone')} in ${project.name}` };
    },
  }),
  tool({
    name: 'create_milestone',
    writes: true,
    description: 'Create a milestone (a dated goal) in a project (the chat’s project when none is named).',
    input: z.object({
      title,
      dueDate: described(z.optional(dateText), 'the date it is due: a milestone needs one'),
      project: described(z.optional(z.string()), 'project name or id'),
      description: z.optional(text(MILESTONE_DESCRIPTION_MAX_LENGTH)),
    }),
    run: async (context, input) => {
      // Asked here rather than by the schema, so the user reads a question rather than a schema error.
      if (!input.dueDate) throw new ToolError(`A milestone needs a due date: when is "${input.title}" due?`);
      const project = await resolveProject(context, input.project);
      const milestone = await createMilestoneFor(
        context.caller,
        context.workspaceId,
        project.id,
        checked(createMilestoneInput, { title: input.title, description: input.description ?? '', dueDate: input.dueDate }),
      );
      const label = `Created milestone "${milestone.title}" in ${project.name}, due ${dayInWords(milestone.dueDate)}`;
      const undo = await rememberUndo(context, { kind: 'milestone', projectId: project.id, id: milestone.id, versionAfter: milestone.version, label });
      return { result: milestoneSummary(milestone, project), message: label, undo };
    },
  }),
  tool({
    name: 'update_milestone',
    writes: true,
    description: "Change a milestone's title, description or due date, or mark it completed (or not).",
    input: z.object({
      milestone: described(z.string(), 'milestone title or id'),
      project: described(z.optional(z.string()), 'project name or id'),
      title: described(z.optional(title), 'new title'),
      description: described(z.optional(text(MILESTONE_DESCRIPTION_MAX_LENGTH)), 'new description, replacing the old one'),
      dueDate: described(z.optional(dateText), 'new due date'),
      completed: z.optional(z.boolean()),
    }),
    run: async (context, { milestone: wanted, project: projectName, ...fields }) => {
      const { milestone, project } = await resolveMilestone(context, wanted, projectName, 'write');
      const { edit, changed } = editOf(milestone, fields);
      if (changed.length === 0) return { result: { ...milestoneSummary(milestone, project), unchanged: true }, message: `Milestone "${milestone.title}" was already like that` };
      const updated = await updateMilestoneFor(context.caller, context.workspaceId, project.id, milestone.id, checked(updateMilestoneInput, edit));
      const written = changed.includes('completed') ? [...changed, 'completedAt'] : changed;
      const [before, after] = [undoFields(milestone, written), undoFields(updated, written)];
      const label = `Updated milestone "${milestone.title}": ${changesSaid(edit, milestoneChangeWords)}`;
      const undo = await rememberUndo(context, { kind: 'milestone', projectId: project.id, id: milestone.id, versionAfter: updated.version, before, after, label });
      return { result: milestoneSummary(updated, project), message: label, undo };
    },
  }),
  tool({
    name: 'create_note',
    writes: true,
    description: 'Create a markdown note in a project.',
    input: z.object({ title, content: z.optional(text(NOTE_CONTENT_MAX_LENGTH)), project: z.optional(z.string()) }),
    run: async (context, { title, content, project: wanted }) => {
      const project = await resolveProject(context, wanted);
      const note = await createNoteFor(context.caller, context.workspaceId, project.id, checked(createNoteInput, { title, content: content ?? '' }));
      const label = `Created note "${note.title}" in ${project.name}`;
      const undo = await rememberUndo(context, { kind: 'note', projectId: project.id, id: note.id, versionAfter: note.version, label });
      return { result: { id: note.id, title: note.title, project: project.name }, message: label, undo };
    },
  }),
  tool({
    name: 'list_comments',
    description: "Read a task's latest comments (issue 37), oldest first: who wrote what, when, and whom it mentions; `earlier` when older ones are not shown.",
    input: z.object({ task: described(z.string(), 'task title or id'), project: z.optional(z.string()) }),
    run: async (context, { task: wanted, project }) => {
      const task = await resolveTask(context, wanted, project, 'read');
      return readComments(context, { workspaceId: context.workspaceId, projectId: task.projectId, taskId: task.id }, { task: task.title }, `"${task.title}"`);
    },
  }),
  tool({
    name: 'add_comment',
    writes: true,
    description: 'Add a markdown comment to a task, as the user.',
    input: z.object({ task: described(z.string(), 'task title or id'), text: described(text(COMMENT_MAX_LENGTH), 'the comment, in markdown'), project: z.optional(z.string()) }),
    run: async (context, { task: wanted, text: body, project }) => {
      const task = await resolveTask(context, wanted, project, 'write');
      return addComment(context, { workspaceId: context.workspaceId, projectId: task.projectId, taskId: task.id }, body, { task: task.title }, `"${task.title}"`);
    },
  }),
  tool({
    name: 'list_project_comments',
    description: "Read the latest comments on a project itself (the chat's project when none is named; not its tasks' comments), oldest first: who wrote what, when, and whom it mentions; `earlier` when older ones are not shown.",
    input: z.object({ project: described(z.optional(z.string()), 'project name or id') }),
    run: async (context, { project: wanted }) => {
      const project = await resolveProject(context, wanted);
      return readComments(context, { workspaceId: context.workspaceId, projectId: project.id }, { project: project.name }, `project ${project.name}`);
    },
  }),
  tool({
    name: 'add_project_comment',
    writes: true,
    description: "Add a markdown comment to a project itself (the chat's project when none is named; for a task use add_comment), as the user.",
    input: z.object({ text: described(text(COMMENT_MAX_LENGTH), 'the comment, in markdown'), project: described(z.optional(z.string()), 'project name or id') }),
    run: async (context, { text: body, project: wanted }) => {
      const project = await resolveProject(context, wanted, 'write');
      return addComment(context, { workspaceId: context.workspaceId, projectId: project.id }, body, { project: project.name }, `project ${project.name}`);
    },
  }),
  tool({
    name: 'summarize_project',
    description: "Summarise a project's progress: tasks done, overdue, in progress, next milestone.",
    input: z.object({ project: described(z.optional(z.string()), 'project name or id') }),
    run: async (context, { project: wanted }) => {
      const project = await resolveProject(context, wanted);
      const items = await listProjectItemsFor(context.caller, context.workspaceId, project.id);
      const open = items.tasks.filter((task) => !task.completed);
      const nextMilestone = items.milestones.find((milestone) => !milestone.completed);
      return {
        result: {
          project: project.name,
          progress: completionPercent(project),
          tasks: project.taskCount,
          completed: project.completedTaskCount,
          inProgress: open.filter((task) => task.status === 'in_progress').length,
          overdue: open.filter((task) => task.dueDate !== null && task.dueDate < context.today).map((task) => task.title),
          nextMilestone: nextMilestone ? { title: nextMilestone.title, dueDate: nextMilestone.dueDate } : null,
          deadline: project.deadline,
        },
        message: `Summarised ${project.name}`,
      };
    },
  }),
  tool({
    name: WEEK_PREVIEW_TOOL,
    description:
      "Preview the weekly plan, exactly as the dashboard's Generate would make it for this user (an owner or admin plans the whole workspace, a member only their own tasks), without saving anything: the open tasks of the active projects over the next 7 days, deadlines first (never later than a due date the week can keep; overdue work first, marked late), then focus projects, then priority; each person's week levelled over their working time (Settings: 8 hours Monday to Friday unless they changed it, less days off and calendar events; unassigned work in the members' free time; 60 minutes for a task without an estimate), with why each landed where it did and what would not fit. Shows the user's tasks and the team's unassigned ones; for another member, name them; for the whole team, say 'everyone'.",
    input: z.object({
      assignee: described(z.optional(z.string()), 'whose week: "me" (the default), a member, or "everyone"'),
      focus: described(z.optional(z.array(z.string()).check(z.maxLength(MAX_FOCUS_PROJECTS))), 'names or ids of projects to plan first'),
    }),
    run: async (context, { assignee = 'me', focus = [] }) => {
      const everyone = assignee.trim().toLowerCase() === 'everyone';
      const [names, whose, focusProjects] = await Promise.all([
        memberNamesOf(context),
        everyone ? undefined : resolveAssignee(context, assignee),
        Promise.all(
          focus.map(async (wanted) => {
            const project = await resolveProject(context, wanted);
            if (project.archived) throw new ToolError(`${project.name} is archived: its tasks are not planned.`);
            return project.id;
          }),
        ),
      ]);
      const plan = await planFor(context, focusProjects);
      // As the plan counts them: a former member's tasks are the team's.
      const own = (task: TaskView) => {
        const assignedTo = plan.plannedAssignees.get(task.id) ?? null;
        return everyone || assignedTo === whose || (whose === context.caller.userId && assignedTo === null);
      };
      const taskOf = (taskId: string) => plan.tasks.get(taskId);
      const projectName = (task: TaskView) => plan.projects.get(task.projectId)?.name ?? 'unknown project';
      const placed = plan.placements.flatMap((placement) => {
        const task = taskOf(placement.taskId);
        return task && own(task) ? [{ task, placement }] : [];
      });
      const unplaced = plan.unplaced.flatMap((entry) => {
        const task = taskOf(entry.taskId);
        return task && own(task) ? [{ task, reason: entry.reason }] : [];
      });
      // Each task with its labels by name (issue 36), as the chat's preview under the pill shows them.
      const labelNames = await labelNamesFor(context, [...placed, ...unplaced].map(({ task }) => task));
      const row = (task: TaskView) => ({ id: task.id, title: task.title, project: projectName(task), ...labelsOf(task, labelNames) });
      const days: WeekPreviewResult['days'] = Array.from({ length: PLAN_DAYS }, (_, offset) => {
        const date = addDays(plan.today, offset);
        const onDay = placed.filter(({ placement }) => placement.date === date);
        return {
          date,
          tasks: onDay.map(({ task, placement }) => ({
            ...row(task),
            minutes: taskMinutes(task),
            reason: placement.reason,
            ...(placement.late ? { late: true as const } : {}),
            ...(placement.overCapacity ? { overCapacity: true as const } : {}),
          })),
          totalMinutes: onDay.reduce((sum, { task }) => sum + taskMinutes(task), 0),
        };
      });
      const notFitting: WeekPreviewResult['notFitting'] = unplaced.map(({ task, reason }) => ({ ...row(task), reason }));
      return {
        result: {
          whose: everyone ? 'everyone' : whose === context.caller.userId ? 'you (and unassigned tasks)' : (names.get(whose ?? '') ?? assignee),
          days,
          notFitting,
          saved: false,
        },
        message: `${counted(placed.length, 'task')} over the next 7 days${notFitting.length > 0 ? `, ${notFitting.length} not fitting` : ''} (a preview; nothing saved)`,
      };
    },
  }),
  tool({
    name: 'plan_risks',
    description:
      "What is at risk this week (\"anything late?\"), from the same planner as the weekly plan, nothing saved: each task that will be late, that keeps its due date only by going over someone's capacity, that waits for a blocker which cannot be done in time, or that is due this week and fits nowhere; with why, and a member with room for it when there is one. Fixes to offer: move it to next week, reassign it, or split its estimate.",
    input: z.object({}),
    run: async (context) => {
      const [plan, names] = await Promise.all([planFor(context), memberNamesOf(context)]);
      const lastDay = addDays(plan.today, PLAN_DAYS - 1);
      const risky = plan.placements.flatMap((placement) => {
        const task = plan.tasks.get(placement.taskId);
        return task && placement.risk ? [{ task, placement, risk: placement.risk }] : [];
      });
      const unfit = plan.unplaced.flatMap((entry) => {
        const task = plan.tasks.get(entry.taskId);
        return task && task.dueDate !== null && task.dueDate <= lastDay ? [{ task, entry }] : [];
      });
      const labelNames = await labelNamesFor(context, [...risky, ...unfit].map(({ task }) => task));
      const atRisk = [
        ...risky.map(({ task, placement, risk }) => {
          const roomWith = risk.roomWith ? names.get(risk.roomWith) : undefined;
          return { ...plannedTask(plan, task, labelNames), plannedFor: dayInWords(placement.date), why: risk.text, ...(roomWith ? { roomWith } : {}) };
        }),
        ...unfit.map(({ task, entry }) => ({ ...plannedTask(plan, task, labelNames), plannedFor: null, why: entry.reason })),
      ];
      return { result: { atRisk, scope: plan.scope }, message: atRisk.length === 0 ? 'Nothing at risk this week' : `${counted(atRisk.length, 'task')} at risk this week` };
    },
  }),
  tool({
    name: 'explain_plan_day',
    description: 'Why the weekly plan puts a task on its day ("why is Write spec on Thursday?"), or why it fits nowhere: from the same planner, nothing saved.',
    input: z.object({ task: described(z.string(), 'task title or id'), project: z.optional(z.string()) }),
    run: async (context, { task: wanted, project }) => {
      const task = await resolveTask(context, wanted, project, 'read');
      const [plan, labelNames] = await Promise.all([planFor(context), labelNamesFor(context, [task])]);
      const placement = plan.placements.find((candidate) => candidate.taskId === task.id);
      const unplaced = plan.unplaced.find((candidate) => candidate.taskId === task.id);
      const planned = { ...plannedTask(plan, task, labelNames), dueDate: task.dueDate };
      if (placement) {
        const result = { ...planned, plannedFor: dayInWords(placement.date), why: placement.reason.replace(/^\w{3}: /, ''), ...(placement.risk ? { atRisk: placement.risk.text } : {}) };
        return { result, message: `"${task.title}": ${dayInWords(placement.date)}` };
      }
      if (unplaced) return { result: { ...planned, plannedFor: null, why: unplaced.reason }, message: `"${task.title}" fits nowhere this week` };
      const why = task.completed
        ? 'It is completed: the plan places open tasks only.'
        : plan.scope === 'own' && task.assignedTo !== context.caller.userId
          ? "It is not yours: a member's plan has only their own tasks."
          : 'Its project is archived: the plan leaves archived projects alone.';
      return { result: { ...planned, plannedFor: null, why }, message: `"${task.title}" is not in the plan` };
    },
  }),
  tool({
    name: 'move_to_next_week',
    writes: true,
    description:
      "Move a task out of this week (\"move Write spec to next week and replan\"): it becomes due the day after the plan's 7 days, pinned there so a new plan of this week leaves it out, then the week is replanned as a preview (the dashboard's Regenerate saves it). Undoable.",
    input: z.object({ task: described(z.string(), 'task title or id'), project: z.optional(z.string()) }),
    run: async (context, { task: wanted, project }) => {
      const task = await resolveTask(context, wanted, project, 'write');
      if (task.completed) throw new ToolError(`"${task.title}" is completed: there is nothing to move.`);
      const dueDate = addDays(context.today, PLAN_DAYS);
      const moved = await updateFoundTask(context, task, { version: task.version, dueDate, pinned: true }, `Moved "${task.title}" to next week (due ${dayInWords(dueDate)})`);
      const plan = await planFor(context);
      const days = Array.from({ length: PLAN_DAYS }, (_, offset) => {
        const date = addDays(plan.today, offset);
        const titles = plan.placements.flatMap((placement) => (placement.date === date ? [plan.tasks.get(placement.taskId)?.title ?? ''] : []));
        return { day: dayInWords(date), tasks: titles };
      });
      return { ...moved, result: { moved: moved.result, replanned: days, saved: false } };
    },
  }),
  tool({
    name: 'who_has_room',
    description:
      "Who has room on a day of the next 7 (\"who has room on Friday?\"), once the weekly plan is made: each member's free time that day (their working time less calendar events and the plan's work), most free first. A member's assistant sees only their own time.",
    input: z.object({ day: described(z.string(), 'a day of the next 7: a weekday ("Friday"), "today", "tomorrow" or YYYY-MM-DD') }),
    run: async (context, { day }) => {
      const index = planDayIndex(context.today, day);
      const [plan, names] = await Promise.all([planFor(context), memberNamesOf(context)]);
      const date = addDays(plan.today, index);
      const free = Object.entries(plan.roomLeft)
        .map(([userId, minutes]) => ({ name: names.get(userId) ?? 'a member', you: userId === context.caller.userId, freeMinutes: Math.max(0, minutes[index] ?? 0) }))
        .sort((a, b) => b.freeMinutes - a.freeMinutes || a.name.localeCompare(b.name))
        .map((member) => ({ ...member, free: member.freeMinutes === 0 ? 'no time' : formatMinutes(member.freeMinutes) }));
      const withRoom = free.filter((member) => member.freeMinutes > 0);
      return {
        result: { day: dayInWords(date), members: free, scope: plan.scope },
        message: withRoom.length === 0 ? `Nobody has room on ${dayInWords(date)}` : `${counted(withRoom.length, 'member')} with room on ${dayInWords(date)}`,
      };
    },
  }),
];

export type AssistantTool = (typeof tools)[number];

/** The week as Generate would plan it for the caller now (the same function, the same inputs). */
function planFor(context: ToolContext, focusProjects: readonly string[] = []): Promise<ComputedPlan> {
  return computeWeeklyPlan(context.caller, context.workspaceId, { today: context.today, timeZone: context.timeZone, focusProjects });
}

/** A task of a plan as the planning tools show it. */
function plannedTask(plan: ComputedPlan, task: TaskView, labelNames: ReadonlyMap<string, string>) {
  return { id: task.id, title: task.title, project: plan.projects.get(task.projectId)?.name ?? 'unknown project', dueDate: task.dueDate, ...labelsOf(task, labelNames) };
}

/** Which of the plan's 7 days (0 = today) a day names: a weekday, 'today', 'tomorrow' or a date among them. */
function planDayIndex(today: string, wanted: string): number {
  const said = wanted.trim().toLowerCase();
  const dates = Array.from({ length: PLAN_DAYS }, (_, offset) => addDays(today, offset));
  const index =
    said === 'today'
      ? 0
      : said === 'tomorrow'
        ? 1
        : dates.findIndex((date) => date === said || weekDayOf(date) === said || (said.length >= 3 && weekDayOf(date).startsWith(said.slice(0, 3))));
  if (index < 0) throw new ToolError(`Name a day of the next 7: ${dates.map(dayInWords).join(', ')}.`);
  return index;
}

/** Estimates are kept in steps of TIME_ESTIMATE_STEP_MINUTES. */
function roundToStep(minutes: number): number {
  return Math.max(0, Math.round(minutes / TIME_ESTIMATE_STEP_MINUTES) * TIME_ESTIMATE_STEP_MINUTES);
}

/**
 * Runs a tool by name with arguments from a model: unknown tools and invalid arguments are refused with a
 * message the model can act on; domain refusals (404, 409, 400) become the tool's error message.
 */
export async function runTool(context: ToolContext, name: string, args: unknown): Promise<ToolOutcome> {
  const { definition, input } = checkedCall(name, args);
  try {
    // Each definition's run takes its own input; the lookup by name loses that pairing for TypeScript.
    return await (definition.run as (context: ToolContext, input: unknown) => Promise<ToolOutcome>)(context, input);
  } catch (error) {
    if (error instanceof ToolError) throw error;
    if (error instanceof HttpError) throw new ToolError(error.message, { cause: error });
    throw error;
  }
}

/** The tool and its parsed arguments; unknown tools and invalid arguments refused with what the model can act on. */
function checkedCall(name: string, args: unknown) {
  const definition = tools.find((candidate) => candidate.name === name);
  if (!definition) throw new ToolError(`There is no tool called ${name}.`);
  const parsed = definition.input.safeParse(args ?? {});
  if (!parsed.success) throw new ToolError(`Invalid arguments for ${name}: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'input'} ${issue.message}`).join('; ')}`);
  return { definition, input: parsed.data };
}

export function isWriteTool(name: string): boolean {
  return tools.some((candidate) => candidate.name === name && candidate.writes === true);
}

/** Each argument shown up to this long; past it the pill says how much more Apply would write. */
const PROPOSAL_VALUE_CHARS = 500;

/**
 * A proposed write in words, checked as a call would be but not run: what it would do with every argument
 * shown as given (a note's text, a description), so the user sees all that Apply would write.
 */
export function proposalOf(name: string, args: unknown): string {
  checkedCall(name, args);
  const shown = Object.entries((args ?? {}) as Record<string, unknown>)
    .filter(([, value]) => value !== undefined)
    .map(([field, value]) => {
      const said = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
      return `${field} ${said.length > PROPOSAL_VALUE_CHARS ? `${said.slice(0, PROPOSAL_VALUE_CHARS)}… (${said.length - PROPOSAL_VALUE_CHARS} more characters)` : said}`;
    });
  return `Proposed: ${name.replaceAll('_', ' ')}${shown.length > 0 ? ` (${shown.join(', ')})` : ''}`;
}

/** The tools as JSON Schema specs, for providers whose models call tools. */
export function toolSpecs(): { name: string; description: string; inputSchema: Record<string, unknown> }[] {
  return tools.map((definition) => {
    const { $schema: _schema, ...inputSchema } = z.toJSONSchema(definition.input) as Record<string, unknown>;
    return { name: definition.name, description: definition.description, inputSchema };
  });
}
