import { createHash, randomBytes } from 'node:crypto';
import ical from 'ical-generator';
import { seriesRule } from '../../shared/rules/repeat.js';
import type { CalendarFeedView, SaveCalendarFeedInput } from '../../shared/schemas/calendar-feed.js';
import type { TaskView } from '../../shared/schemas/project.js';
import { deleteCalendarFeed, findCalendarFeed, getCalendarFeed, putCalendarFeed } from '../data/calendar-feeds.js';
import { getMembership } from '../data/membership.js';
import { parseChild } from '../data/project-children.js';
import { listProjects } from '../data/projects.js';
import { everyTaskOf } from '../data/task-index.js';
import { getWorkspace } from '../data/workspace.js';
import type { Caller } from '../lib/caller.js';
import { NotFoundError } from '../lib/errors.js';
import { readAsMember, requireMembership } from './authorize.js';

/** The private calendar feed (issue 39): Settings manages it, calendar apps read it by its secret. */
export const FEED_NOT_FOUND = 'Calendar feed not found';
/** How long a calendar app (or a cache on the way) may keep a copy before asking again. */
export const FEED_MAX_AGE_SECONDS = 300;
/** A description is cut to this many characters in the feed: calendar apps show a few lines. */
const DESCRIPTION_CHARS = 1_000;

export async function getCalendarFeedFor(caller: Caller, workspaceId: string): Promise<CalendarFeedView | null> {
  return (await readAsMember(workspaceId, caller.userId, () => getCalendarFeed(caller.userId, workspaceId))) ?? null;
}

/** Turns the feed on, changes what it holds, or gives it a new secret (the old address answers 404 at once). */
export async function saveCalendarFeedFor(caller: Caller, workspaceId: string, input: SaveCalendarFeedInput): Promise<CalendarFeedView> {
  const previous = await readAsMember(workspaceId, caller.userId, () => getCalendarFeed(caller.userId, workspaceId));
  const fresh = !previous || input.newSecret === true;
  const feed = { secret: fresh ? randomBytes(32).toString('base64url') : previous.secret, scope: input.scope, createdAt: fresh ? new Date().toISOString() : previous.createdAt };
  await putCalendarFeed(caller.userId, workspaceId, feed, previous);
  return feed;
}

export async function deleteCalendarFeedFor(caller: Caller, workspaceId: string): Promise<void> {
  await requireMembership(workspaceId, caller.userId);
  const feed = await getCalendarFeed(caller.userId, workspaceId);
  if (feed) await deleteCalendarFeed(caller.userId, workspaceId, feed);
}

export interface CalendarDocument {
  readonly text: string;
  /** A strong validator of the text: the same tasks, the same ETag. */
  readonly etag: string;
}

/**
 * The feed a secret opens, as an iCalendar document: the workspace's open tasks with a due date (the owner's
 * own, or all), each an all-day event on its due date, a repeating one with its RRULE where a calendar app
 * reads it as this product does (`seriesRule`). 404 for a secret unknown, reset or turned off, and once the
 * owner is no longer a member. Read from the due-date index, as the /tasks page is.
 */
export async function calendarDocumentOf(secret: string): Promise<CalendarDocument> {
  const found = await findCalendarFeed(secret);
  if (!found) throw new NotFoundError(FEED_NOT_FOUND);
  const { userId, workspaceId, feed } = found;
  const [membership, workspace, projects, items] = await Promise.all([
    getMembership(workspaceId, userId),
    getWorkspace(workspaceId),
    listProjects(workspaceId),
    everyTaskOf(workspaceId, { by: 'due', state: 'open', limit: 100 }),
  ]);
  if (!membership || !workspace) throw new NotFoundError(FEED_NOT_FOUND);
  const projectNames = new Map(projects.map((project) => [project.id, project.name]));
  const tasks = items
    .map((item) => parseChild('task', item))
    .filter((task): task is TaskView & { dueDate: string } => task.dueDate !== null && (feed.scope === 'workspace' || task.assignedTo === userId));
  const calendar = ical({
    name: `TaskFlow: ${workspace.name}${feed.scope === 'mine' ? ' (my tasks)' : ''}`,
    prodId: { company: 'TaskFlow', product: 'Task feed', language: 'EN' },
    ttl: FEED_MAX_AGE_SECONDS,
  });
  for (const task of tasks) calendar.createEvent(eventOf(task, projectNames.get(task.projectId)));
  const text = calendar.toString();
  return { text, etag: `"${createHash('sha256').update(text).digest('base64url')}"` };
}

function eventOf(task: TaskView & { dueDate: string }, projectName: string | undefined) {
  const description = [projectName ? `Project: ${projectName}` : '', task.description.slice(0, DESCRIPTION_CHARS)].filter(Boolean).join('\n\n');
  const rule = task.repeat ? seriesRule(task.repeat, task.dueDate) : undefined;
  return {
    id: `${task.id}@taskflow`,
    allDay: true,
    start: new Date(`${task.dueDate}T00:00:00Z`),
    summary: task.title,
    description,
    lastModified: new Date(task.updatedAt),
    // Not the time of the request (ical-generator's default): the same tasks make the same text, and ETag.
    stamp: new Date(task.updatedAt),
    ...(rule ? { repeating: rule } : {}),
  };
}
